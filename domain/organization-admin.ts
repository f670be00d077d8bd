/**
 * The organization's own pages (issue 16, docs/decisions/028): the create form's fields, role
 * names, the re-onboarding steps of spec 01 §4, and their messages. Pure: shared by the pages,
 * the JSON calls and the tests.
 */
import { z } from "zod";
import { ORGANIZATION_PERMISSIONS, parsePermission } from "./permissions";

export const ORGANIZATION_SLUG_MAX_LENGTH = 48;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
export const ROLE_NAME_MAX_LENGTH = 60;
export const HELPDESK_SUBJECT_MAX_LENGTH = 200;
export const HELPDESK_MESSAGE_MAX_LENGTH = 5000;
/** Rows of one Audit Trail page. */
export const AUDIT_PAGE_SIZE = 50;
/** Rows of one CSV download (the filtered list, newest first). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

export const ORGANIZATION_MESSAGES = {
  slugRequired: "The slug field is required.",
  slugTaken: "This slug is already taken. Choose another one.",
  slugFormat: "The slug may contain lowercase letters, digits and dashes, starting with a letter or digit (2 to 48 characters).",
  nameRequired: "The name field is required.",
  nameTooLong: `The name must not be greater than ${ORGANIZATION_NAME_MAX_LENGTH} characters.`,
  roleNameRequired: "The role name is required.",
  roleNameTooLong: `The role name must not be greater than ${ROLE_NAME_MAX_LENGTH} characters.`,
  roleNameTaken: "A role with this name already exists.",
  roleInUse: (count: number) =>
    `This role is still held by ${count} ${count === 1 ? "user" : "users"}. Give ${count === 1 ? "that user" : "them"} another role first.`,
  ownRole: "You cannot change the role you hold yourself; ask the owner.",
  ownerNotRemovable: "The owner of the organization cannot be removed.",
  unknownUser: "This user is not a user of the organization.",
  unknownRole: "Choose one of the organization's roles.",
  permissionInvalid: "The selected permission is invalid.",
  deleteConfirm: "Type the organization's slug to confirm.",
  subjectRequired: "The subject field is required.",
  messageRequired: "The message field is required.",
  restored: "The organization has been restored.",
  archived: "The organization has been archived.",
  deleted: "The organization has been deleted.",
  created: "The organization has been created.",
} as const;

/** Slugs that are path segments of /app/organizations/... themselves. */
export const RESERVED_ORGANIZATION_SLUGS: ReadonlySet<string> = new Set(["onboarding", "new", "create", "api"]);

export const organizationSlugSchema = z
  .string({ error: ORGANIZATION_MESSAGES.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, ORGANIZATION_MESSAGES.slugRequired)
  .regex(new RegExp(`^[a-z0-9][a-z0-9-]{1,${ORGANIZATION_SLUG_MAX_LENGTH - 1}}$`), ORGANIZATION_MESSAGES.slugFormat)
  .refine((slug) => !RESERVED_ORGANIZATION_SLUGS.has(slug), ORGANIZATION_MESSAGES.slugTaken);

export const organizationNameSchema = z
  .string({ error: ORGANIZATION_MESSAGES.nameRequired })
  .trim()
  .min(1, ORGANIZATION_MESSAGES.nameRequired)
  .max(ORGANIZATION_NAME_MAX_LENGTH, ORGANIZATION_MESSAGES.nameTooLong);

export const createOrganizationSchema = z.object({ name: organizationNameSchema, slug: organizationSlugSchema });

export const roleNameSchema = z
  .string({ error: ORGANIZATION_MESSAGES.roleNameRequired })
  .trim()
  .min(1, ORGANIZATION_MESSAGES.roleNameRequired)
  .max(ROLE_NAME_MAX_LENGTH, ORGANIZATION_MESSAGES.roleNameTooLong);

/**
 * A role form: its name and the checked permissions, in the spec's order without duplicates.
 * "s_s_o" is another spelling of "sso" (spec 01 §6); an unknown name refuses the whole list with
 * one message on the permissions, never zod's own wording.
 */
export const roleFormSchema = z.object({
  name: roleNameSchema,
  permissions: z
    .array(z.string({ error: ORGANIZATION_MESSAGES.permissionInvalid }), { error: ORGANIZATION_MESSAGES.permissionInvalid })
    .default([])
    .transform((names, ctx) => {
      const parsed = names.map(parsePermission);
      if (parsed.some((permission) => permission === null)) {
        ctx.addIssue({ code: "custom", message: ORGANIZATION_MESSAGES.permissionInvalid });
        return z.NEVER;
      }
      return ORGANIZATION_PERMISSIONS.filter((permission) => parsed.includes(permission));
    }),
});

export const helpdeskRequestSchema = z.object({
  subject: z
    .string({ error: ORGANIZATION_MESSAGES.subjectRequired })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.subjectRequired)
    .max(HELPDESK_SUBJECT_MAX_LENGTH, `The subject must not be greater than ${HELPDESK_SUBJECT_MAX_LENGTH} characters.`),
  message: z
    .string({ error: ORGANIZATION_MESSAGES.messageRequired })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.messageRequired)
    .max(HELPDESK_MESSAGE_MAX_LENGTH, `The message must not be greater than ${HELPDESK_MESSAGE_MAX_LENGTH} characters.`),
});

/** Re-onboarding steps (spec 01 §4) and what each one's "done" is remembered as in local storage. */
export const ONBOARDING_STEPS = [
  { step: 1, key: "domains", title: "Add your organization's domains", ownerOnly: true },
  { step: 2, key: "users", title: "Invite the people who run the organization", ownerOnly: true },
  { step: 3, key: "team", title: "Create your first team", ownerOnly: false },
  { step: 4, key: "members", title: "Add members to your first team", ownerOnly: false },
] as const;
export type OnboardingKey = (typeof ONBOARDING_STEPS)[number]["key"];
export const ONBOARDING_KEYS = ONBOARDING_STEPS.map((s) => s.key) as OnboardingKey[];

/** What the server knows about the organization, for the steps. */
export type OnboardingFacts = {
  readonly isOwner: boolean;
  readonly domains: number;
  /** Organization users (besides the owner) plus pending organization invitations. */
  readonly usersAndInvitations: number;
  /** Teams, archived ones hidden. */
  readonly teams: number;
  /** Members plus pending invitations of the first team; null without a team. */
  readonly firstTeamMembersAndInvitations: number | null;
};

/**
 * The current re-onboarding step (spec 01 §4): 1 = no domains (owner only), 2 = no users or
 * invitations (owner only), 3 = no team, 4 = the first team has no members or invitations,
 * 5 = complete. Steps already done (remembered per organization) are skipped.
 */
export function onboardingStep(facts: OnboardingFacts, done: ReadonlySet<string> = new Set()): 1 | 2 | 3 | 4 | 5 {
  if (facts.isOwner && facts.domains === 0 && !done.has("domains")) return 1;
  if (facts.isOwner && facts.usersAndInvitations === 0 && !done.has("users")) return 2;
  if (facts.teams === 0 && !done.has("team")) return 3;
  if (facts.firstTeamMembersAndInvitations === 0 && !done.has("members")) return 4;
  return 5;
}

/** The local storage key of the steps done for one organization (spec 01 §4). */
export function onboardingStorageKey(slug: string): string {
  return `organization-onboarding:${slug}`;
}

/** Reads a list of step keys ("team,members" or a JSON list), keeping only known ones. */
export function parseOnboardingDone(value: string | null | undefined): Set<OnboardingKey> {
  if (!value) return new Set();
  let items: unknown;
  try {
    items = value.trim().startsWith("[") ? JSON.parse(value) : value.split(",");
  } catch {
    return new Set();
  }
  if (!Array.isArray(items)) return new Set();
  return new Set(ONBOARDING_KEYS.filter((key) => items.includes(key)));
}
