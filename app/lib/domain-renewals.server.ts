/**
 * Renewal of bought domains on the app's side (issue 18, docs/decisions/050): the daily pass of
 * the cron trigger, and what the order page shows of each bought domain (its expiry line, its
 * auto-renew setting, whether the workspace's plan pays for renewing it).
 */
import { getCurrentSubscriptionRow } from "../../db/billing.server";
import { toSubscription } from "../../db/accounts.server";
import { getBrandedDomain } from "../../db/branded-domains.server";
import { getDb, type Db } from "../../db/client.server";
import {
  confirmRegistrationExpiry,
  listUncheckedRegistrations,
  listExpiringRegistrations,
  listUserRegistrations,
  markExpiryUnconfirmed,
  markRegistrationExpired,
  type DomainRegistration,
} from "../../db/domain-registrations.server";
import {
  DAY_MS,
  DOMAIN_RENEW_JOB,
  expiryLine,
  formatExpiry,
  isDue,
  RENEWAL_WINDOW_DAYS,
  renewalNotPaidReason,
  renewalPaidFor,
  type DomainRenewJob,
} from "../../domain/domain-renewals";
import { cancellationReasonLabel } from "../../domain/orders";
import type { Subscription } from "../../domain/subscription";
import type { AppEnv } from "../env.server";
import { writeHostRecord } from "./branded-domains.server";
import { dnsimpleRegistrar } from "./registrar/dnsimple";
import type { Registrar } from "./registrar/registrar";

/** How long after its expiry an unrenewed domain is still tried (a registrar's renewal grace period). */
const GRACE_DAYS = 40;

async function subscriptionOf(env: AppEnv, ownerId: string): Promise<Subscription | null> {
  const row = await getCurrentSubscriptionRow(getDb(env.DB), ownerId);
  return row ? toSubscription(row) : null;
}

/**
 * The daily pass: a registration whose expiry passed unrenewed stops serving (its branded domain
 * lapses through the host record; nothing is deleted) and its owner is told; every domain due
 * within RENEWAL_WINDOW_DAYS, with auto-renew on and its renewal paid for, is sent to the
 * `domains.renew` job. Each domain on its own: one failure stops none.
 */
export async function runRenewalPass(
  env: AppEnv,
  now = new Date(),
  registrar: Registrar | null = dnsimpleRegistrar(env),
): Promise<{ queued: string[]; expired: string[]; failed: string[] }> {
  const db = getDb(env.DB);
  await confirmEstimatedExpiries(db, registrar, now);
  const regs = await listExpiringRegistrations(
    db,
    new Date(now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS),
    new Date(now.getTime() - GRACE_DAYS * DAY_MS),
  );
  const queued: string[] = [];
  const expired: string[] = [];
  const failed: string[] = [];
  const subscriptions = new Map<string, Subscription | null>();
  for (const reg of regs) {
    // An estimated expiry (a domain bought before migration 0033) is not acted on until the registrar confirmed it.
    if (!reg.expiryCheckedAt) continue;
    try {
      if (!reg.expired && reg.expiresAt.getTime() <= now.getTime() && (await stopServing(env, reg, now))) expired.push(reg.domain);
      if (!isDue(reg, now)) continue;
      if (!subscriptions.has(reg.userId)) subscriptions.set(reg.userId, await subscriptionOf(env, reg.userId));
      if (!renewalPaidFor(subscriptions.get(reg.userId), reg.expiresAt, now)) continue;
      const job: DomainRenewJob = {
        type: DOMAIN_RENEW_JOB,
        v: 1,
        id: `renew-${reg.domain}-${reg.expiresAt.getTime()}`,
        payload: { domain: reg.domain, expiresAt: reg.expiresAt.getTime() },
      };
      await env.JOBS.send(job);
      queued.push(reg.domain);
    } catch (error) {
      console.error("domain renewals: pass failed for", reg.domain, error);
      failed.push(reg.domain);
    }
  }
  return { queued, expired, failed };
}

/**
 * Domains bought before migration 0033 were backfilled with an estimated expiry (decision 054): the
 * registrar's own (`GET /v2/{account}/domains/{domain}`, its expires_at) replaces it before the pass
 * decides anything about them. A domain the registrar does not know, or no registrar configured,
 * keeps its estimate and is not acted on (logged; tried again the next day).
 */
async function confirmEstimatedExpiries(db: Db, registrar: Registrar | null, now: Date): Promise<void> {
  const unchecked = await listUncheckedRegistrations(db);
  if (unchecked.length === 0) return;
  if (!registrar) {
    console.error("domain renewals: no registrar configured; estimated expiries wait", unchecked.length);
    return;
  }
  for (const reg of unchecked) {
    try {
      const owned = await registrar.owned(reg.domain);
      if (owned?.expiresAt) await confirmRegistrationExpiry(db, reg.domain, new Date(owned.expiresAt), now);
      else {
        console.error("domain renewals: the registrar does not know the expiry of", reg.domain);
        await markExpiryUnconfirmed(db, reg.domain, now);
      }
    } catch (error) {
      console.error("domain renewals: reading the expiry failed for", reg.domain, error);
      await markExpiryUnconfirmed(db, reg.domain, now).catch(() => undefined);
    }
  }
}

async function stopServing(env: AppEnv, reg: DomainRegistration, now: Date): Promise<boolean> {
  const db = getDb(env.DB);
  const marked = await markRegistrationExpired(
    db,
    reg,
    {
      title: `Your domain ${reg.domain} has expired`,
      body: `Its registration ran out on ${formatExpiry(reg.expiresAt)} without a renewal, so its short links have stopped redirecting. Nothing was deleted: once it is renewed they work again.`,
      url: reg.orderId ? `/app/settings/order/${reg.orderId}` : "/app/settings/orders",
    },
    now,
  );
  const domain = await getBrandedDomain(db, reg.domain);
  if (domain && domain.workspaceId === reg.userId) await writeHostRecord(env, domain);
  return marked;
}

/** The order page's (and Branded Domains') view of bought domains: the viewer's own registrations only. */
export async function registrationsView(env: AppEnv, userId: string, domains: readonly string[], now = new Date()) {
  const regs = await listUserRegistrations(getDb(env.DB), userId, domains);
  const sub = regs.length > 0 ? await subscriptionOf(env, userId) : null;
  return regs.map((reg) => {
    const paid = renewalPaidFor(sub, reg.expiresAt, now);
    return {
      domain: reg.domain,
      orderId: reg.orderId,
      expiresAt: reg.expiresAt.toISOString(),
      line: expiryLine(reg, paid, now),
      autoRenew: reg.autoRenew,
      expired: reg.expired,
      notPaid: reg.autoRenew ? renewalNotPaidReason(sub, reg.expiresAt, now) : null,
      reasonLabel: cancellationReasonLabel(reg.reason),
      reasonDetail: reg.reasonDetail,
      // Automatic DNS (decision 054): whether Snip published the domain's records at DNSimple.
      dnsState: reg.dnsState,
      dnsDetail: reg.dnsDetail,
    };
  });
}
