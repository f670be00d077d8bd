/** Bought domains' registrations: expiry, auto-renew, renewal outcome (docs/decisions/050). */
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "./client.server";
import { notificationInsert, type NewMessage } from "./notifications.server";
import { brandedDomains, domainRegistrations, type DomainRegistration } from "./schema";

export type { DomainRegistration };

/** The statement that records (or, on a retry, corrects) a registration: for the order job's batch. */
export function registrationUpsert(db: Db, reg: { domain: string; userId: string; orderId: string; expiresAt: Date }, now = new Date()) {
  return db
    .insert(domainRegistrations)
    .values({ ...reg, expiryCheckedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: domainRegistrations.domain, set: { expiresAt: reg.expiresAt, expiryCheckedAt: now, updatedAt: now } });
}

export async function getRegistration(db: Db, domain: string): Promise<DomainRegistration | undefined> {
  const [row] = await db.select().from(domainRegistrations).where(eq(domainRegistrations.domain, domain));
  return row;
}

/** The user's registrations among these domains (someone else's are never returned). */
export async function listUserRegistrations(db: Db, userId: string, domains?: readonly string[]): Promise<DomainRegistration[]> {
  if (domains && domains.length === 0) return [];
  return db
    .select()
    .from(domainRegistrations)
    .where(and(eq(domainRegistrations.userId, userId), domains ? inArray(domainRegistrations.domain, [...domains]) : undefined))
    .orderBy(asc(domainRegistrations.domain));
}

/** Turns auto-renew on or off for the user's own domain; false when it is not theirs. */
export async function setAutoRenew(db: Db, userId: string, domain: string, on: boolean, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(domainRegistrations)
    .set({ autoRenew: on, updatedAt: now })
    .where(and(eq(domainRegistrations.domain, domain), eq(domainRegistrations.userId, userId)))
    .returning({ domain: domainRegistrations.domain });
  return rows.length > 0;
}

/**
 * Registrations running out by `before`, earliest first: past ones too, until `forgetBefore` for
 * those already marked expired (a registrar renews in a grace period after the expiry, not for ever).
 */
export async function listExpiringRegistrations(db: Db, before: Date, forgetBefore: Date, limit = 500): Promise<DomainRegistration[]> {
  return db
    .select()
    .from(domainRegistrations)
    .where(
      and(
        lte(domainRegistrations.expiresAt, before),
        or(eq(domainRegistrations.expired, false), gt(domainRegistrations.expiresAt, forgetBefore)),
      ),
    )
    .orderBy(asc(domainRegistrations.expiresAt))
    .limit(limit);
}

/**
 * A renewal happened: the registrar's new expiry, only if the stored one is still `from` (a job
 * that lost a race changes nothing). Clears a past refusal and the expired mark. True when written.
 */
export async function recordRenewal(db: Db, domain: string, from: Date, expiresAt: Date, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(domainRegistrations)
    .set({ expiresAt, expiryCheckedAt: now, renewedAt: now, reason: null, reasonDetail: null, expired: false, updatedAt: now })
    .where(and(eq(domainRegistrations.domain, domain), eq(domainRegistrations.expiresAt, from)))
    .returning({ domain: domainRegistrations.domain });
  return rows.length > 0;
}

/** A refused renewal: its reason and the registrar's words, with the owner's notification when given, in one batch. */
export async function recordRenewalRefusal(
  db: Db,
  reg: DomainRegistration,
  reason: number,
  detail: string,
  notice: NewMessage | null,
  now = new Date(),
): Promise<void> {
  const update = db
    .update(domainRegistrations)
    .set({ reason, reasonDetail: detail, updatedAt: now })
    .where(eq(domainRegistrations.domain, reg.domain));
  if (notice) await db.batch([update, notificationInsert(db, reg.userId, notice, now)]);
  else await update;
}

/**
 * The expiry passed unrenewed: the registration is marked expired and its branded domain lapses
 * (it stops serving; nothing is deleted), with the owner's notification, in one batch. False when
 * an earlier pass already did it.
 */
export async function markRegistrationExpired(db: Db, reg: DomainRegistration, notice: NewMessage, now = new Date()): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .update(domainRegistrations)
      .set({ expired: true, updatedAt: now })
      .where(and(eq(domainRegistrations.domain, reg.domain), eq(domainRegistrations.expired, false)))
      .returning({ domain: domainRegistrations.domain }),
    db
      .update(brandedDomains)
      .set({ status: "lapsed", checkedAt: now })
      .where(and(eq(brandedDomains.hostname, reg.domain), eq(brandedDomains.status, "active"))),
  ]);
  if (marked.length === 0) return false;
  await notificationInsert(db, reg.userId, notice, now);
  return true;
}

/** Whether the host is a bought domain whose registration ran out unrenewed (it must not serve). */
export async function isRegistrationExpired(db: Db, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ expired: domainRegistrations.expired })
    .from(domainRegistrations)
    .where(eq(domainRegistrations.domain, domain));
  return row?.expired === true;
}

// Decision 054: expiries the registrar has not confirmed (the pre-0033 backfill), and the DNS step.

/**
 * Registrations whose expiry is an estimate (backfilled), the least recently tried first: one the
 * registrar cannot confirm is touched (`markExpiryUnconfirmed`) and goes to the back, so a hundred
 * such rows never hold back the others.
 */
export async function listUncheckedRegistrations(db: Db, limit = 100): Promise<DomainRegistration[]> {
  return db
    .select()
    .from(domainRegistrations)
    .where(isNull(domainRegistrations.expiryCheckedAt))
    .orderBy(asc(domainRegistrations.updatedAt), asc(domainRegistrations.expiresAt))
    .limit(limit);
}

/** An estimate the registrar could not confirm this time: tried again after every other one. */
export async function markExpiryUnconfirmed(db: Db, domain: string, now = new Date()): Promise<void> {
  await db
    .update(domainRegistrations)
    .set({ updatedAt: now })
    .where(and(eq(domainRegistrations.domain, domain), isNull(domainRegistrations.expiryCheckedAt)));
}

/** The registrar's expiry replaces an estimate; only while it is still unconfirmed (a renewal wins). */
export async function confirmRegistrationExpiry(db: Db, domain: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(domainRegistrations)
    .set({ expiresAt, expiryCheckedAt: now, updatedAt: now })
    .where(and(eq(domainRegistrations.domain, domain), isNull(domainRegistrations.expiryCheckedAt)))
    .returning({ domain: domainRegistrations.domain });
  return rows.length > 0;
}

/** The outcome of publishing the domain's DNS records at DNSimple. */
export async function recordDnsOutcome(
  db: Db,
  domain: string,
  outcome: { state: "published" | "failed"; detail: string | null },
  now = new Date(),
): Promise<void> {
  await db
    .update(domainRegistrations)
    .set({ dnsState: outcome.state, dnsDetail: outcome.detail, dnsAt: now, updatedAt: now })
    .where(eq(domainRegistrations.domain, domain));
}
