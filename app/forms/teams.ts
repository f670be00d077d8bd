/**
 * The team forms' schemas (organization team settings, team area): one schema per field, the
 * messages of domain/teams.ts. Server-only checks (a slug taken in the organization, a user who is
 * not in the organization) are added by the actions next to the same fields.
 */
import { z } from "zod";
import { TEAM_ROLES } from "../../domain/permissions";
import { TEAM_MESSAGES, TEAM_NAME_MAX_LENGTH, TEAM_SLUG_PATTERN } from "../../domain/teams";

export const teamNameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(1, TEAM_MESSAGES.nameRequired)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong);

/** Slugs are lowercase: what is typed is lowercased, then checked. */
export const teamSlugSchema = z
  .string({ error: TEAM_MESSAGES.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, TEAM_MESSAGES.slugRequired)
  .regex(TEAM_SLUG_PATTERN, TEAM_MESSAGES.slugFormat);

/** A team named in a form: looked up in the route's organization by the server; never trusted for access. */
const teamRefSchema = z.string({ error: "Choose a team." }).trim().toLowerCase().min(1).max(64);

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleInvalid });

export const createTeamSchema = z.object({ name: teamNameSchema, slug: teamSlugSchema });
export const renameTeamSchema = z.object({ team: teamRefSchema, name: teamNameSchema });
export const teamOnlySchema = z.object({ team: teamRefSchema });

export const addMemberSchema = z.object({
  team: teamRefSchema,
  user: z.string({ error: TEAM_MESSAGES.memberRequired }).trim().min(1, TEAM_MESSAGES.memberRequired).max(64),
  role: teamRoleSchema,
});
export const memberRoleSchema = z.object({ team: teamRefSchema, user: z.string().trim().min(1).max(64), role: teamRoleSchema });
export const memberSchema = z.object({ team: teamRefSchema, user: z.string().trim().min(1).max(64) });

export const switchTeamSchema = z.object({ team: z.string().trim().min(1).max(64) });
