/** Access invitations and the invite-only setting (issue 19 kiosk access-invitations, decision 036). */
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { newInvitationCode } from "../domain/access-invitations";
import type { Db } from "./client.server";
import { accessInvitations, kioskSettings } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

const INVITE_ONLY = "signup_invite_only";

export async function isSignupInviteOnly(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: kioskSettings.value }).from(kioskSettings).where(eq(kioskSettings.key, INVITE_ONLY)).limit(1);
  return row?.value === "1";
}

export async function setSignupInviteOnly(db: Db, staff: StaffActor, on: boolean, now = new Date()) {
  await db.batch([
    db
      .insert(kioskSettings)
      .values({ key: INVITE_ONLY, value: on ? "1" : "0", updatedAt: now })
      .onConflictDoUpdate({ target: kioskSettings.key, set: { value: on ? "1" : "0", updatedAt: now } }),
    staffAuditInsert(db, { staff, action: on ? "invitation.invite-only-on" : "invitation.invite-only-off", target: "sign-up", at: now }),
  ]);
}

export async function listAccessInvitations(db: Db, limit = 100) {
  return db.select().from(accessInvitations).orderBy(desc(accessInvitations.createdAt)).limit(limit);
}

export async function findAccessInvitation(db: Db, code: string) {
  return (await db.select().from(accessInvitations).where(eq(accessInvitations.code, code)).limit(1))[0] ?? null;
}

export async function getAccessInvitation(db: Db, id: string) {
  return (await db.select().from(accessInvitations).where(eq(accessInvitations.id, id)).limit(1))[0] ?? null;
}

export async function issueAccessInvitation(
  db: Db,
  staff: StaffActor,
  input: { email: string | null; maxUses: number; expiresAt: Date | null },
  now = new Date(),
) {
  const id = crypto.randomUUID();
  const code = newInvitationCode();
  await db.batch([
    db
      .insert(accessInvitations)
      .values({ id, code, email: input.email, maxUses: input.maxUses, expiresAt: input.expiresAt, createdBy: staff.id, createdAt: now }),
    staffAuditInsert(db, {
      staff,
      action: "invitation.issued",
      target: input.email ?? code,
      details: { id, maxUses: input.maxUses, expiresAt: input.expiresAt?.toISOString() ?? null },
      at: now,
    }),
  ]);
  return { id, code };
}

export async function revokeAccessInvitation(db: Db, staff: StaffActor, id: string, target: string, now = new Date()) {
  await db.batch([
    db
      .update(accessInvitations)
      .set({ revokedAt: now })
      .where(and(eq(accessInvitations.id, id), isNull(accessInvitations.revokedAt))),
    staffAuditInsert(db, { staff, action: "invitation.revoked", target, details: { id }, at: now }),
  ]);
}

/** Takes one use, only while the invitation is open: false when another sign-up took the last one first. */
export async function takeInvitationUse(db: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(accessInvitations)
    .set({ uses: sql`${accessInvitations.uses} + 1` })
    .where(
      and(
        eq(accessInvitations.id, id),
        isNull(accessInvitations.revokedAt),
        lt(accessInvitations.uses, accessInvitations.maxUses),
        sql`(${accessInvitations.expiresAt} IS NULL OR ${accessInvitations.expiresAt} > ${now.getTime()})`,
      ),
    )
    .returning({ id: accessInvitations.id });
  return rows.length === 1;
}

/** Gives a use back when the sign-up it was taken for failed. */
export async function returnInvitationUse(db: Db, id: string) {
  await db
    .update(accessInvitations)
    .set({ uses: sql`MAX(${accessInvitations.uses} - 1, 0)` })
    .where(eq(accessInvitations.id, id));
}
