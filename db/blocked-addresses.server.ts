/** Blocked client addresses and ranges (issue 19, kiosk `ips`, decision 032). */
import { desc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { blockedAddresses } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

export async function listBlockedAddresses(db: Db) {
  return db.select().from(blockedAddresses).orderBy(desc(blockedAddresses.createdAt));
}

/** Every blocked range's canonical CIDR: what a sign-up or a guest create is checked against. */
export async function listBlockedCidrs(db: Db): Promise<string[]> {
  return (await db.select({ cidr: blockedAddresses.cidr }).from(blockedAddresses)).map((row) => row.cidr);
}

export async function findBlockedAddress(db: Db, cidr: string) {
  return (await db.select().from(blockedAddresses).where(eq(blockedAddresses.cidr, cidr)).limit(1))[0] ?? null;
}

export async function getBlockedAddress(db: Db, id: string) {
  return (await db.select().from(blockedAddresses).where(eq(blockedAddresses.id, id)).limit(1))[0] ?? null;
}

/**
 * Blocks a range, with its audit row in the same batch; false when the range is already blocked
 * (the unique index refuses the insert, and the batch writes neither row).
 */
export async function addBlockedAddress(db: Db, staff: StaffActor, cidr: string, reason: string, now = new Date()): Promise<boolean> {
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(blockedAddresses).values({ id, cidr, reason, createdBy: staff.id, createdAt: now }),
      staffAuditInsert(db, { staff, action: "address.blocked", target: cidr, details: { id, reason }, at: now }),
    ]);
    return true;
  } catch (error) {
    if (String((error as { cause?: unknown })?.cause ?? error).includes("UNIQUE constraint failed")) return false;
    throw error;
  }
}

export async function removeBlockedAddress(db: Db, staff: StaffActor, id: string, cidr: string, now = new Date()) {
  await db.batch([
    db.delete(blockedAddresses).where(eq(blockedAddresses.id, id)),
    staffAuditInsert(db, { staff, action: "address.unblocked", target: cidr, details: { id }, at: now }),
  ]);
}
