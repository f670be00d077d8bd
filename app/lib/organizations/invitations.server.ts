/**
 * Invitations for the JSON calls and the pages (issue 16, docs/decisions/030): sending (after the
 * route's guard has answered), answering (the signed-in invitee, by their verified email), and
 * the JSON shape of spec 02 §3 Invitation. The same rules for the calls and the no-JS pages.
 */
import type { Db } from "../../../db/client.server";
import {
  acceptInvitation,
  closeInvitation,
  createInvitation,
  findInvitation,
  findUserByEmail,
  isOrganizationUser,
  isTeamMember,
  listOrganizationRoles,
  type InvitationView,
} from "../../../db/invitations.server";
import type { TeamRecord } from "../../../db/organizations.server";
import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  mayOfferRole,
  mayOfferTeamRole,
  type InvitationNotice,
} from "../../../domain/invitations";
import { API_MESSAGES } from "../../../domain/api-messages";
import { parsePermissionList, type TeamRole } from "../../../domain/permissions";
import type { AppEnv } from "../../env.server";
import { invitationMail, mailLinkOrigin, reportNoMailLinkOrigin, sendMail } from "../../mail.server";
import type { Viewer } from "../../session.server";
import { hashApiToken } from "../api-tokens.server";
import { apiError } from "../api.server";
import { RATE_LIMIT_MESSAGE, retryAfterHeaders, underRateLimit } from "../rate-limit.server";
import type { OrganizationAccess } from "./access.server";

export type FieldErrors = Record<string, string[]>;
/** A refusal is 422 (the fields' errors) or 429 (the abuse limit: answer with `retryAfterHeaders()`). */
export type SendResult = { ok: true; id: string } | { ok: false; status: 422 | 429; errors: FieldErrors };

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new emailed token (32 random bytes) and its SHA-256 hash, the only form stored. */
export async function newInvitationToken(): Promise<{ token: string; tokenHash: string }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashApiToken(token) };
}

export const hashInvitationToken = hashApiToken;

export function photoUrlOf(organization: { slug: string; photo: string | null }): string | null {
  return organization.photo ? `/app/organization-photo/${encodeURIComponent(organization.slug)}` : null;
}

/** Spec 02 §3 Invitation. The role: {name} of the organization role, or the team role as a plain string. */
export function invitationJson(view: InvitationView) {
  return {
    id: view.id,
    source: view.source,
    organization: { name: view.organization.name, slug: view.organization.slug, photo_url: photoUrlOf(view.organization) },
    team: view.team ? { name: view.team.name, slug: view.team.slug } : null,
    inviter: { name: view.inviterName },
    role: view.source === "team" ? view.teamRole : { name: view.roleName },
    message: view.message,
    email: view.email,
    expires_at: view.expiresAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}

async function mailInvitation(
  env: Pick<AppEnv, "JOBS" | "APP_ORIGIN" | "LOCAL_DEV">,
  requestOrigin: string,
  token: string,
  to: string,
  details: { inviterName: string; organizationName: string; teamName: string | null; role: string; message: string | null },
): Promise<void> {
  const origin = mailLinkOrigin(env, requestOrigin);
  if (!origin) {
    reportNoMailLinkOrigin("Invitation mail");
    return;
  }
  await sendMail(env, invitationMail(to, { ...details, expiresInDays: INVITATION_TTL_DAYS }, `${origin}/app/invitations/${token}`));
}

type SendContext = {
  access: OrganizationAccess;
  env: AppEnv;
  request: Request;
};

/**
 * Every invitation mails an address the inviter typed, with the inviter's own message: an abuse
 * limit per client address, per inviting account and per invited address (docs/decisions/019),
 * or one account could send any number of inboxes mail with its text from Snip.
 */
async function underInvitationLimit({ access, env, request }: SendContext, email: string): Promise<boolean> {
  return underRateLimit(env, request, "invitationSend", { account: access.viewer.user.id, recipient: email });
}

const INVITATION_LIMITED: SendResult = { ok: false, status: 429, errors: { email: [RATE_LIMIT_MESSAGE] } };

/** The JSON answer to a refused send: the first field's message, every field's, and Retry-After on 429. */
export function sendRefusalResponse(result: Extract<SendResult, { ok: false }>): Response {
  return apiError(
    result.status,
    Object.values(result.errors)[0]![0]!,
    result.errors,
    result.status === 429 ? retryAfterHeaders() : undefined,
  );
}

/** Invite to the organization with one of its roles (the route has checked organization.invite). */
export async function sendOrganizationInvitation(
  context: SendContext,
  input: { email: string; role: string; message: string | null },
): Promise<SendResult> {
  const { access, env } = context;
  const requestOrigin = new URL(context.request.url).origin;
  const { db, organization, viewer } = access;
  const roles = await listOrganizationRoles(db, organization.id);
  const role = roles.find((r) => r.id === input.role);
  if (!role) return { ok: false, status: 422, errors: { role: [INVITATION_MESSAGES.roleInvalid] } };
  if (!mayOfferRole({ isOwner: access.isOwner, permissions: access.standing.permissions }, parsePermissionList(role.permissions))) {
    return { ok: false, status: 422, errors: { role: [INVITATION_MESSAGES.roleTooStrong] } };
  }
  const invitee = await findUserByEmail(db, input.email);
  if (invitee && (await isOrganizationUser(db, organization, invitee.id))) {
    return { ok: false, status: 422, errors: { email: [INVITATION_MESSAGES.alreadyUser] } };
  }
  if (!(await underInvitationLimit(context, input.email))) return INVITATION_LIMITED;
  const { token, tokenHash } = await newInvitationToken();
  const made = await createInvitation(
    db,
    {
      organizationId: organization.id,
      inviterUserId: viewer.user.id,
      email: input.email,
      message: input.message,
      tokenHash,
      roleId: role.id,
    },
    { target: input.email, details: { email: input.email, role: role.name } },
  );
  if (!made.ok) return { ok: false, status: 422, errors: { email: [INVITATION_MESSAGES.duplicate] } };
  await mailInvitation(env, requestOrigin, token, input.email, {
    inviterName: viewer.user.name,
    organizationName: organization.name,
    teamName: null,
    role: role.name,
    message: input.message,
  });
  return { ok: true, id: made.id };
}

/** Invite to one of the organization's teams with a team role (the route has checked team.invite for that team). */
export async function sendTeamInvitation(
  context: SendContext,
  team: TeamRecord,
  input: { email: string; team_role: TeamRole; message: string | null },
): Promise<SendResult> {
  const { access, env } = context;
  const requestOrigin = new URL(context.request.url).origin;
  const { db, organization, viewer } = access;
  const teamRole = access.standing.teams.find((m) => m.teamId === team.id)?.role ?? null;
  if (!mayOfferTeamRole({ isOwner: access.isOwner, permissions: access.standing.permissions, teamRole }, input.team_role)) {
    return { ok: false, status: 422, errors: { team_role: [INVITATION_MESSAGES.teamRoleTooStrong] } };
  }
  const invitee = await findUserByEmail(db, input.email);
  if (invitee && (await isTeamMember(db, team.id, invitee.id))) {
    return { ok: false, status: 422, errors: { email: [INVITATION_MESSAGES.alreadyMember] } };
  }
  if (!(await underInvitationLimit(context, input.email))) return INVITATION_LIMITED;
  const { token, tokenHash } = await newInvitationToken();
  const made = await createInvitation(
    db,
    {
      organizationId: organization.id,
      inviterUserId: viewer.user.id,
      email: input.email,
      message: input.message,
      tokenHash,
      teamId: team.id,
      teamRole: input.team_role,
    },
    { target: team.slug, details: { email: input.email, team: team.slug, role: input.team_role } },
  );
  if (!made.ok) return { ok: false, status: 422, errors: { email: [INVITATION_MESSAGES.duplicate] } };
  await mailInvitation(env, requestOrigin, token, input.email, {
    inviterName: viewer.user.name,
    organizationName: organization.name,
    teamName: team.name,
    role: input.team_role,
    message: input.message,
  });
  return { ok: true, id: made.id };
}

export type AnswerFailure = { status: 403 | 404 | 409 | 410; notice: InvitationNotice; message: string };

/**
 * The signed-in user answers an invitation addressed to their verified email. The route's
 * organization (and team) slugs must be the invitation's. Unknown ids and other addresses'
 * invitations get the same answer, so ids tell nothing.
 */
export async function answerInvitation(
  db: Db,
  viewer: Viewer,
  target: { id: string; organizationSlug: string; teamSlug: string | null },
  how: "accept" | "reject",
): Promise<{ ok: true; notice: InvitationNotice; message: string; invitation: InvitationView } | ({ ok: false } & AnswerFailure)> {
  const fail = (status: AnswerFailure["status"], notice: InvitationNotice, message: string) => ({
    ok: false as const,
    status,
    notice,
    message,
  });
  const invitation = await findInvitation(db, target.id);
  const matches =
    invitation !== null &&
    invitation.email === viewer.user.email.toLowerCase() &&
    invitation.organization.slug === target.organizationSlug.toLowerCase() &&
    (target.teamSlug === null ? invitation.team === null : invitation.team?.slug === target.teamSlug.toLowerCase());
  if (!invitation || !matches) return fail(404, "unknown", INVITATION_MESSAGES.unknown);
  if (!viewer.user.emailVerified) return fail(403, "not-verified", INVITATION_MESSAGES.notVerified);
  if (invitation.state === "expired") return fail(410, "expired", INVITATION_MESSAGES.expired);
  if (invitation.state === "revoked") return fail(410, "revoked", INVITATION_MESSAGES.revoked);
  if (invitation.state !== "pending") return fail(409, "answered", INVITATION_MESSAGES.answered);
  // An archived organization refuses everything but its own restore, an archived team everything but
  // being unarchived (decision 026): their pending invitations are left out of the lists, and
  // answering one by its id is refused too.
  if (invitation.organization.archived || invitation.team?.archived) return fail(403, "permission-denied", API_MESSAGES.permissionDenied);
  if (how === "reject") {
    await closeInvitation(db, invitation, "declined", viewer.user.id);
    return { ok: true, notice: "rejected", message: INVITATION_MESSAGES.rejected, invitation };
  }
  if (invitation.teamId) {
    if (await isTeamMember(db, invitation.teamId, viewer.user.id)) return fail(409, "already-member", INVITATION_MESSAGES.youAreMember);
  } else {
    if (await isOrganizationUser(db, { id: invitation.organizationId, ownerUserId: invitation.organization.ownerUserId }, viewer.user.id)) {
      return fail(409, "already-user", INVITATION_MESSAGES.youAreUser);
    }
  }
  await acceptInvitation(db, invitation, viewer.user.id);
  return { ok: true, notice: "accepted", message: INVITATION_MESSAGES.accepted, invitation };
}

/** Revoking by someone the route's guard let through; the invitation must be of that organization (and team). */
export async function revokeInvitation(
  access: OrganizationAccess,
  id: string,
  scope: { team: TeamRecord | null } | { teams: readonly TeamRecord[]; organizationLevel: boolean },
): Promise<{ ok: true } | { ok: false; status: 404 | 410; message: string }> {
  const invitation = await findInvitation(access.db, id);
  const inScope =
    invitation !== null &&
    invitation.organizationId === access.organization.id &&
    ("team" in scope
      ? scope.team === null
        ? invitation.teamId === null
        : invitation.teamId === scope.team.id
      : invitation.teamId === null
        ? scope.organizationLevel
        : scope.teams.some((t) => t.id === invitation.teamId));
  if (!invitation || !inScope) return { ok: false, status: 404, message: INVITATION_MESSAGES.unknown };
  if (invitation.state !== "pending") {
    return {
      ok: false,
      status: 410,
      message:
        invitation.state === "expired"
          ? INVITATION_MESSAGES.expired
          : invitation.state === "revoked"
            ? INVITATION_MESSAGES.revoked
            : INVITATION_MESSAGES.answered,
    };
  }
  await closeInvitation(access.db, invitation, "revoked", access.viewer.user.id);
  return { ok: true };
}
