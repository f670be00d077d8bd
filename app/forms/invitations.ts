/**
 * The invitation forms and call bodies (docs/decisions/030): zod schemas, used by the actions and
 * JSON calls only (never shipped to the browser). Limits and messages: domain/invitations.ts.
 */
import { z } from "zod";
import { EMAIL_MAX, INVITATION_MESSAGE_MAX, INVITATION_MESSAGES } from "../../domain/invitations";
import { TEAM_ROLES } from "../../domain/permissions";

const email = z
  .string({ error: INVITATION_MESSAGES.emailRequired })
  .trim()
  .min(1, INVITATION_MESSAGES.emailRequired)
  .max(EMAIL_MAX, INVITATION_MESSAGES.emailTooLong)
  .pipe(z.email(INVITATION_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

const message = z
  .string()
  .trim()
  .max(INVITATION_MESSAGE_MAX, INVITATION_MESSAGES.messageTooLong)
  .optional()
  .transform((value) => (value ? value : null));

/** An invitation to the organization: an email, one of its roles (by id), an optional message. */
export const organizationInviteSchema = z.object({
  email,
  role: z
    .string({ error: INVITATION_MESSAGES.roleRequired })
    .trim()
    .min(1, INVITATION_MESSAGES.roleRequired)
    .max(64, INVITATION_MESSAGES.roleInvalid),
  message,
});

/** An invitation to a team: an email, the team role, an optional message (the team is the route's, or the page's select). */
export const teamInviteSchema = z.object({
  email,
  team_role: z.enum(TEAM_ROLES, { error: INVITATION_MESSAGES.teamRoleInvalid }),
  message,
});

/** The team invitation page's form: the same, plus the team (by slug). */
export const teamInvitePageSchema = teamInviteSchema.extend({
  team: z
    .string({ error: INVITATION_MESSAGES.teamRequired })
    .trim()
    .min(1, INVITATION_MESSAGES.teamRequired)
    .max(64, INVITATION_MESSAGES.teamInvalid),
});
