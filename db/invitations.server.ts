/**
 * Invitations (issue 16, docs/decisions/030): sending one to an organization (a role) or to one of
 * its teams (a team role), reading the signed-in user's pending ones and an organization's, and
 * answering them (accept, decline) or taking them back (revoke). Every change writes its audit row
 * in the same `db.batch`. Reading turns a pending invitation past its expiry into an expired one.
 * Who may do what is decided before these run (app/lib/organizations/access.server.ts); the rules
 * of who may be invited and by whom are in domain/invitations.ts.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { INVITATION_TTL_MS, type InvitationSource } from "../domain/invitations";
import type { TeamRole } from "../domain/permissions";
import { auditInsert } from "./audit.server";
import type { Db } from "./client.server";
import { invitations, organizationRoles, organizationUsers, organizations, teamMembers, teams, users } from "./schema";

export type InvitationView = {
  id: string;
  source: InvitationSource;
  organizationId: string;
  organization: { name: string; slug: string; photo: string | null; ownerUserId: string; archived: boolean };
  teamId: string | null;
  team: { name: string; slug: string; archived: boolean } | null;
  inviterName: string | null;
  roleId: string | null;
  roleName: string | null;
  teamRole: TeamRole | null;
  message: string | null;
  email: string;
  state: "pending" | "accepted" | "declined" | "revoked" | "expired";
  expiresAt: Date;
  updatedAt: Date;
};

function viewSelect() {
  return {
    id: invitations.id,
    organizationId: invitations.organizationId,
    organizationName: organizations.name,
    organizationSlug: organizations.slug,
    organizationPhoto: organizations.photo,
    organizationOwner: organizations.ownerUserId,
    organizationArchived: organizations.archived,
    teamId: invitations.teamId,
    teamName: teams.name,
    teamSlug: teams.slug,
    teamArchived: teams.archived,
    inviterName: users.name,
    roleId: invitations.roleId,
    roleName: organizationRoles.name,
    teamRole: invitations.teamRole,
    message: invitations.message,
    email: invitations.email,
    state: invitations.state,
    expiresAt: invitations.expiresAt,
    updatedAt: invitations.updatedAt,
  };
}

type Row = {
  id: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  organizationPhoto: string | null;
  organizationOwner: string;
  organizationArchived: boolean;
  teamId: string | null;
  teamName: string | null;
  teamSlug: string | null;
  teamArchived: boolean | null;
  inviterName: string | null;
  roleId: string | null;
  roleName: string | null;
  teamRole: TeamRole | null;
  message: string | null;
  email: string;
  state: InvitationView["state"];
  expiresAt: Date;
  updatedAt: Date;
};

function toView(row: Row): InvitationView {
  return {
    id: row.id,
    source: row.teamId ? "team" : "organization",
    organizationId: row.organizationId,
    organization: {
      name: row.organizationName,
      slug: row.organizationSlug,
      photo: row.organizationPhoto,
      ownerUserId: row.organizationOwner,
      archived: row.organizationArchived,
    },
    teamId: row.teamId,
    team:
      row.teamId && row.teamName && row.teamSlug ? { name: row.teamName, slug: row.teamSlug, archived: row.teamArchived === true } : null,
    inviterName: row.inviterName,
    roleId: row.roleId,
    roleName: row.roleName,
    teamRole: row.teamRole,
    message: row.message,
    email: row.email,
    state: row.state,
    expiresAt: row.expiresAt,
    updatedAt: row.updatedAt,
  };
}

function selectViews(db: Db) {
  return db
    .select(viewSelect())
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(teams, eq(teams.id, invitations.teamId))
    .leftJoin(users, eq(users.id, invitations.inviterUserId))
    .leftJoin(organizationRoles, eq(organizationRoles.id, invitations.roleId));
}

/** The expiry rule, applied when invitations are read: pending ones past their date become expired. */
function expireStatement(db: Db, now: Date, where: ReturnType<typeof eq>) {
  return db
    .update(invitations)
    .set({ state: "expired", updatedAt: now })
    .where(and(eq(invitations.state, "pending"), lte(invitations.expiresAt, now), where));
}

/** A user's id and name by (lowercased) email, or null. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** Is the user the owner or a user (with a role) of the organization? */
export async function isOrganizationUser(db: Db, organization: { id: string; ownerUserId: string }, userId: string): Promise<boolean> {
  if (organization.ownerUserId === userId) return true;
  const [row] = await db
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organization.id), eq(organizationUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function isTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The organization's roles (id, name, stored permissions), sorted by name. */
export async function listOrganizationRoles(db: Db, organizationId: string) {
  return db
    .select({ id: organizationRoles.id, name: organizationRoles.name, permissions: organizationRoles.permissions })
    .from(organizationRoles)
    .where(eq(organizationRoles.organizationId, organizationId))
    .orderBy(asc(organizationRoles.name));
}

/**
 * The pending invitations addressed to this email, newest first. With `expire` (the JSON calls),
 * pending ones past their date are turned expired first; without (the navigation bar on every
 * page: no write per page view), they are only left out.
 */
export async function listPendingForEmail(db: Db, email: string, now = new Date(), expire = true): Promise<InvitationView[]> {
  const address = email.toLowerCase();
  const select = selectViews(db)
    .where(
      and(
        eq(invitations.email, address),
        eq(invitations.state, "pending"),
        gt(invitations.expiresAt, now),
        eq(organizations.archived, false),
        // An archived team's invitations wait, like the team, until it is unarchived.
        or(isNull(invitations.teamId), eq(teams.archived, false)),
      ),
    )
    .orderBy(sql`${invitations.updatedAt} desc`);
  if (expire) await expireStatement(db, now, eq(invitations.email, address));
  return ((await select) as Row[]).map(toView);
}

/**
 * The organization's pending invitations: to the organization itself (`teamIds` undefined and
 * `organizationLevel` true), to some of its teams (`teamIds`), or both.
 */
export async function listPendingForOrganization(
  db: Db,
  organizationId: string,
  scope: { organizationLevel: boolean; teamIds: readonly string[] },
  now = new Date(),
): Promise<InvitationView[]> {
  const targets = [];
  if (scope.organizationLevel) targets.push(isNull(invitations.teamId));
  if (scope.teamIds.length > 0) targets.push(inArray(invitations.teamId, [...scope.teamIds]));
  if (targets.length === 0) return [];
  // Two statements, not a db.batch: a batched select of joined tables with same-named columns is
  // mapped by name in D1 and loses columns.
  await expireStatement(db, now, eq(invitations.organizationId, organizationId));
  const rows = await selectViews(db)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.state, "pending"),
        targets.length === 1 ? targets[0] : sql`(${targets[0]} or ${targets[1]})`,
      ),
    )
    .orderBy(sql`${invitations.updatedAt} desc`);
  return (rows as Row[]).map(toView);
}

/** One invitation by id, with the expiry rule applied. */
export async function findInvitation(db: Db, id: string, now = new Date()): Promise<InvitationView | null> {
  await expireStatement(db, now, eq(invitations.id, id));
  const [row] = (await selectViews(db).where(eq(invitations.id, id)).limit(1)) as Row[];
  return row ? toView(row) : null;
}

/** The invitation whose emailed token hashes to this, with the expiry rule applied. */
export async function findInvitationByTokenHash(db: Db, tokenHash: string, now = new Date()): Promise<InvitationView | null> {
  const [row] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return row ? findInvitation(db, row.id, now) : null;
}

export type NewInvitation = {
  organizationId: string;
  inviterUserId: string;
  email: string;
  message: string | null;
  tokenHash: string;
} & ({ roleId: string; teamId?: undefined; teamRole?: undefined } | { teamId: string; teamRole: TeamRole; roleId?: undefined });

/**
 * Writes the invitation and its audit row together. A pending invitation to the same address and
 * destination already there: `{ok: false, reason: "duplicate"}`, nothing written.
 */
export async function createInvitation(
  db: Db,
  input: NewInvitation,
  audit: { target: string; details: Record<string, unknown> },
  now = new Date(),
): Promise<{ ok: true; id: string; expiresAt: Date } | { ok: false; reason: "duplicate" }> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  // A pending one past its date must not block a new one: expire first.
  await expireStatement(db, now, eq(invitations.email, input.email));
  try {
    await db.batch([
      db.insert(invitations).values({
        id,
        organizationId: input.organizationId,
        teamId: input.teamId ?? null,
        inviterUserId: input.inviterUserId,
        roleId: input.roleId ?? null,
        teamRole: input.teamRole ?? null,
        message: input.message,
        email: input.email,
        tokenHash: input.tokenHash,
        expiresAt,
        state: "pending",
        createdAt: now,
        updatedAt: now,
      }),
      auditInsert(db, {
        organizationId: input.organizationId,
        actorUserId: input.inviterUserId,
        action: "invitation.sent",
        target: audit.target,
        details: { invitationId: id, ...audit.details },
        at: now,
      }),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error))) return { ok: false, reason: "duplicate" };
    throw error;
  }
  return { ok: true, id, expiresAt };
}

/** Accepting: the state, the role or team membership it grants, and the audit rows, in one batch. */
export async function acceptInvitation(db: Db, invitation: InvitationView, userId: string, now = new Date()): Promise<void> {
  const markAccepted = db
    .update(invitations)
    .set({ state: "accepted", updatedAt: now })
    .where(and(eq(invitations.id, invitation.id), eq(invitations.state, "pending")));
  const target = invitation.team ? invitation.team.slug : invitation.email;
  const accepted = auditInsert(db, {
    organizationId: invitation.organizationId,
    actorUserId: userId,
    action: "invitation.accepted",
    target,
    details: { invitationId: invitation.id, email: invitation.email },
    at: now,
  });
  if (invitation.teamId && invitation.teamRole) {
    await db.batch([
      markAccepted,
      db.insert(teamMembers).values({ teamId: invitation.teamId, userId, role: invitation.teamRole, createdAt: now }),
      accepted,
      auditInsert(db, {
        organizationId: invitation.organizationId,
        actorUserId: userId,
        action: "member.added",
        target,
        details: { userId, email: invitation.email, role: invitation.teamRole, invitationId: invitation.id },
        at: now,
      }),
    ]);
    return;
  }
  await db.batch([
    markAccepted,
    db.insert(organizationUsers).values({ organizationId: invitation.organizationId, userId, roleId: invitation.roleId!, createdAt: now }),
    accepted,
    auditInsert(db, {
      organizationId: invitation.organizationId,
      actorUserId: userId,
      action: "user.joined",
      target: invitation.email,
      details: { userId, role: invitation.roleName, invitationId: invitation.id },
      at: now,
    }),
  ]);
}

/** Declining (the invitee) or revoking (someone who may invite there): the state and the audit row. */
export async function closeInvitation(
  db: Db,
  invitation: InvitationView,
  how: "declined" | "revoked",
  actorUserId: string,
  now = new Date(),
): Promise<void> {
  await db.batch([
    db
      .update(invitations)
      .set({ state: how, updatedAt: now })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.state, "pending"))),
    auditInsert(db, {
      organizationId: invitation.organizationId,
      actorUserId,
      action: how === "declined" ? "invitation.declined" : "invitation.revoked",
      target: invitation.team ? invitation.team.slug : invitation.email,
      details: { invitationId: invitation.id, email: invitation.email },
      at: now,
    }),
  ]);
}

/** Local runs and tests only (/__dev/fixtures): moves an invitation's expiry into the past. */
export async function expireInvitationNow(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .update(invitations)
    .set({ expiresAt: new Date(now.getTime() - 1000) })
    .where(eq(invitations.id, id))
    .returning({ id: invitations.id });
  return result.length > 0;
}
