/**
 * Invitations to an organization (with one of its roles) or to one of its teams (with a team
 * role): the rules, limits and messages shared by the server, the pages and the tests (issue 16;
 * spec 01 §3, §7; spec 02 §2, §3, §4, §7; docs/decisions/030). Pure: no I/O.
 */
import { API_MESSAGES } from "./api-messages";
import type { OrganizationPermission, TeamRole } from "./permissions";

/** Spec 02 §9: invitation source values. */
export const INVITATION_SOURCES = ["organization", "team"] as const;
export type InvitationSource = (typeof INVITATION_SOURCES)[number];

/** An invitation stays open this long; once past, reading it turns it from pending into expired. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_MESSAGE_MAX = 500;
export const EMAIL_MAX = 254;

/** User-visible texts. The two spec texts (spec 02 §4) are verbatim; the rest is Snip's wording. */
export const INVITATION_MESSAGES = {
  accepted: "The invitation has been accepted.",
  rejected: "The invitation has been rejected.",
  noInvitations: "No Invitations",
  sent: "The invitation has been sent.",
  revokedDone: "The invitation has been revoked.",
  alreadyUser: "This person is already a user of the organization.",
  alreadyMember: "This person is already a member of the team.",
  youAreUser: "You are already a user of this organization.",
  youAreMember: "You are already a member of this team.",
  duplicate: "An invitation to this address is already pending.",
  expired: "This invitation has expired.",
  revoked: "This invitation has been revoked.",
  answered: "This invitation has already been answered.",
  unknown: "This invitation does not exist or is not yours.",
  notVerified: "Verify your email address to answer invitations.",
  emailRequired: "The email field is required.",
  emailInvalid: "The email must be a valid email address.",
  emailTooLong: `The email must not be greater than ${EMAIL_MAX} characters.`,
  roleRequired: "The role field is required.",
  roleInvalid: "The selected role is invalid.",
  roleTooStrong: "You cannot offer a role with permissions you do not hold.",
  teamRequired: "The team field is required.",
  teamInvalid: "The selected team is invalid.",
  teamRoleInvalid: "The selected team role is invalid.",
  teamRoleTooStrong: "Only the owner, an admin of the team or a user with the members permission can invite admins.",
  messageTooLong: `The message must not be greater than ${INVITATION_MESSAGE_MAX} characters.`,
  mailFailed: "The invitation was saved, but its mail could not be sent.",
} as const;

/** What the popover's plain forms carry back to the page (no JavaScript): a code, never a text. */
export const INVITATION_NOTICES = {
  accepted: { tone: "success", text: INVITATION_MESSAGES.accepted },
  rejected: { tone: "success", text: INVITATION_MESSAGES.rejected },
  expired: { tone: "error", text: INVITATION_MESSAGES.expired },
  revoked: { tone: "error", text: INVITATION_MESSAGES.revoked },
  answered: { tone: "error", text: INVITATION_MESSAGES.answered },
  unknown: { tone: "error", text: INVITATION_MESSAGES.unknown },
  "not-verified": { tone: "error", text: INVITATION_MESSAGES.notVerified },
  "already-user": { tone: "error", text: INVITATION_MESSAGES.youAreUser },
  "already-member": { tone: "error", text: INVITATION_MESSAGES.youAreMember },
  // An archived organization's invitation (spec 01 §8's 403 text).
  "permission-denied": { tone: "error", text: API_MESSAGES.permissionDenied },
} as const satisfies Record<string, { tone: "success" | "error"; text: string }>;
export type InvitationNotice = keyof typeof INVITATION_NOTICES;
export const INVITATION_NOTICE_PARAM = "invitation";

export function isInvitationNotice(value: string | null): value is InvitationNotice {
  return value !== null && Object.hasOwn(INVITATION_NOTICES, value);
}

/**
 * May the inviter offer this organization role? The owner offers any; anyone else only a role
 * whose permissions they hold themselves, so an invitation never hands out more than its sender has.
 */
export function mayOfferRole(
  inviter: { isOwner: boolean; permissions: readonly OrganizationPermission[] | null },
  rolePermissions: readonly OrganizationPermission[],
): boolean {
  if (inviter.isOwner) return true;
  const held = inviter.permissions ?? [];
  return rolePermissions.every((permission) => held.includes(permission));
}

/**
 * May the inviter offer this team role? Member and viewer: whoever may invite to the team. Admin:
 * the owner, an admin of that team, or a user whose role holds `members` (who manages members anyway).
 */
export function mayOfferTeamRole(
  inviter: { isOwner: boolean; permissions: readonly OrganizationPermission[] | null; teamRole: TeamRole | null },
  role: TeamRole,
): boolean {
  if (role !== "admin") return true;
  return inviter.isOwner || inviter.teamRole === "admin" || (inviter.permissions?.includes("members") ?? false);
}

/** A pending invitation past its expiry reads as expired. */
export function effectiveState<S extends string>(state: S, expiresAt: Date, now: Date): S | "expired" {
  return state === "pending" && expiresAt.getTime() <= now.getTime() ? "expired" : state;
}
