/**
 * The domain-order job (issue 18, docs/decisions/043): a paid (authorized) order moves through
 * spec 01 §4's statuses: 17 authorized → 32 processing (its domains registered at the registrar)
 * → 33 processed → 48 paid (the domains added as branded domains, verified through the custom
 * hostnames path). A domain the registrar will not register is refunded with the spec's reason
 * (1 price changed, 2 not available, 3 registration failed); an order none of whose domains could
 * be registered ends 51 refunded.
 *
 * Retries are safe (decision 043, "Retries, races and the discount"): every status step is
 * conditional on the status before it and only the delivery that made it goes on; a line is
 * registered by this order only once its own registration id is stored (written the moment the
 * registrar answers), and a delivery takes a line under a lease before registering it; each line's
 * custom hostname id is stored as soon as it is created; the last step adds and notifies once.
 * The payment was taken when the order was authorized, never here; a refund is one per order, at
 * the provider that took the payment (idempotent there: docs/decisions/049).
 */
import { getDb, type Db } from "../../../db/client.server";
import { getRegistration, registrationUpsert } from "../../../db/domain-registrations.server";
import {
  claimOrderItem,
  getOrder,
  isDomainTakenElsewhere,
  listOrderItems,
  listStalledOrders,
  markOrderItem,
  moveOrder,
  orderItemMarkStatement,
  finishOrder,
  releaseOrderItem,
  storeItemHostname,
  storeRegistration,
  type DomainOrder,
  type DomainOrderItem,
} from "../../../db/orders.server";
import { getBrandedDomain } from "../../../db/branded-domains.server";
import type { Envelope } from "../../../domain/events";
import { hostKey, type HostRecord } from "../../../domain/host-record";
import {
  CANCELLATION_REASON,
  DOMAIN_ORDER_JOB,
  ORDER_STATUS,
  cancellationReasonLabel,
  isFinalized,
  orderJob,
  type DomainOrderJob,
} from "../../../domain/orders";
import { customHostnamesClient, type CustomHostname, type CustomHostnamesClient } from "../../../app/lib/custom-hostnames.server";
import { DEFAULT_CNAME_TARGET, publishDomainRecords } from "../../../app/lib/domain-dns.server";
import { dnsimpleRegistrar, dnsimpleZoneRecords } from "../../../app/lib/registrar/dnsimple";
import { RegistrarRefusal, type Registrar, type ZoneRecords } from "../../../app/lib/registrar/registrar";
import { refundOrderPayment } from "../../../app/lib/billing/order-refunds.server";
import { refundAmount } from "../../../domain/order-payments";
import type { QueueEnv } from "./env";
import { RetryJob } from "./jobs";

export { DOMAIN_ORDER_JOB };

const YEAR_MS = 365 * 86_400_000;
/** A renewal counts as done when the registration runs at least this close to the years bought. */
const RENEWAL_SLACK_MS = 30 * 86_400_000;
/** How long a delivery holds a line it is registering before another may take it (one that died). */
const LINE_LEASE_MS = 5 * 60_000;
/** A paid order no job moved for this long is queued again by the cron (its job was lost or gave up). */
export const STALLED_ORDER_MS = 10 * 60_000;

export interface OrderDeps {
  registrar: Registrar | null;
  hostnames: CustomHostnamesClient | null;
  /** The registrar's DNS zones, where a bought domain's records are published (decision 054); absent: the owner publishes them. */
  zones?: ZoneRecords | null;
}

export function orderDeps(env: QueueEnv): OrderDeps {
  return {
    registrar: dnsimpleRegistrar(env),
    hostnames: customHostnamesClient({ ...env, CF_API_BASE_URL: env.CF_API_BASE_URL || "https://api.cloudflare.com/client/v4" }),
    zones: dnsimpleZoneRecords(env),
  };
}

/**
 * After the order is paid: each bought domain's verify-page records published in its DNSimple zone
 * (decision 054). Whatever DNSimple answers, the order stays paid and the domain added; a step not
 * done is recorded with DNSimple's words and tried again by the branded domains re-check.
 */
async function publishBoughtDomains(env: QueueEnv, db: Db, order: DomainOrder, zones: ZoneRecords, now: Date): Promise<void> {
  const items = (await listOrderItems(db, [order.id])).filter((i) => i.state === "registered");
  for (const item of items) {
    const domain = await getBrandedDomain(db, item.domain);
    if (!domain || domain.workspaceId !== order.userId) continue;
    const reg = await getRegistration(db, item.domain);
    if (!reg || reg.userId !== order.userId || reg.dnsState === "published") continue;
    await publishDomainRecords(db, zones, domain, env.CF_CNAME_TARGET || DEFAULT_CNAME_TARGET, now);
  }
}

interface ItemFailure {
  item: DomainOrderItem;
  reason: number;
  detail: string;
}

const notAvailable = (item: DomainOrderItem): ItemFailure => ({
  item,
  reason: CANCELLATION_REASON.notAvailable,
  detail: `${item.domain} is no longer available.`,
});

/**
 * Registers one line; a failure the registrar decided, or the registration's expiry as the
 * registrar reports it (decision 050); throws to retry (the registrar did not answer).
 * The line counts as registered by this order only once its own registration id is stored (stored the
 * moment the registrar answers): a name in Snip's registrar account for someone else is not this line's.
 */
async function registerItem(
  db: Db,
  registrar: Registrar,
  order: DomainOrder,
  item: DomainOrderItem,
  now: Date,
): Promise<ItemFailure | { expiresAt: Date }> {
  let expiresAt: string | null;
  /** Whether this attempt registered or renewed (the registrar's expiry is then read again). */
  let changed = false;
  if (item.registrationId) {
    // Registered for this line by an earlier attempt: only how long it runs is needed (the renewal below).
    expiresAt = (await registrar.owned(item.domain))?.expiresAt ?? null;
  } else {
    // Registered for another order, or another owner's branded domain: not available to this order.
    if (await isDomainTakenElsewhere(db, order, item.domain)) return notAvailable(item);
    let quote;
    try {
      quote = await registrar.quote(item.domain);
    } catch (error) {
      if (error instanceof RegistrarRefusal) return { item, reason: CANCELLATION_REASON.registrationFailed, detail: error.message };
      throw error;
    }
    if (!quote.available) return notAvailable(item);
    if (quote.price > item.price)
      return { item, reason: CANCELLATION_REASON.priceChanged, detail: `The registrar's price for ${item.domain} went up.` };
    let registrationId;
    try {
      registrationId = await registrar.register(item.domain);
    } catch (error) {
      if (error instanceof RegistrarRefusal) return { item, reason: CANCELLATION_REASON.registrationFailed, detail: error.message };
      throw error;
    }
    await storeRegistration(db, item.id, registrationId);
    expiresAt = new Date(now.getTime() + YEAR_MS).toISOString();
    changed = true;
  }
  // The quantity: years beyond the first are a renewal, made only if the registration does not already run that long.
  if (item.years > 1) {
    const wanted = now.getTime() + item.years * YEAR_MS - RENEWAL_SLACK_MS;
    const runsTo = expiresAt ? Date.parse(expiresAt) : 0;
    if (runsTo < wanted) {
      await registrar.renew(item.domain, item.years - 1);
      changed = true;
    }
  }
  // The expiry renewal works from (decision 050): the registrar's own, read again after a registration or renewal.
  const final = changed ? ((await registrar.owned(item.domain))?.expiresAt ?? expiresAt) : expiresAt;
  return { expiresAt: final ? new Date(final) : new Date(now.getTime() + item.years * YEAR_MS) };
}

/** One pending line, if this delivery may take it (another delivery may hold it): registered, failed, or not taken. */
async function processItem(
  db: Db,
  registrar: Registrar,
  order: DomainOrder,
  item: DomainOrderItem,
  now: Date,
): Promise<ItemFailure | null> {
  if (!(await claimOrderItem(db, item.id, now, LINE_LEASE_MS))) return null;
  let outcome;
  try {
    outcome = await registerItem(db, registrar, order, item, now);
  } catch (error) {
    await releaseOrderItem(db, item.id); // the retry need not wait for the lease
    throw error;
  }
  if (!("reason" in outcome)) {
    // The line and its registration (expiry, auto-renew on: decision 050) together; the line only while pending.
    await db.batch([
      orderItemMarkStatement(db, item.id, "registered"),
      registrationUpsert(db, { domain: item.domain, userId: order.userId, orderId: order.id, expiresAt: outcome.expiresAt }, now),
    ]);
    return null;
  }
  // Written only while the line is pending and has no registration of its own: a line another delivery registered stays registered.
  return (await markOrderItem(db, item.id, "failed")) ? outcome : null;
}

/** The line's custom hostname: the one created for it by an earlier attempt (its id stored at once), or a new one. */
async function hostnameFor(db: Db, hostnames: CustomHostnamesClient, item: DomainOrderItem): Promise<CustomHostname> {
  if (item.cfHostnameId) {
    const kept = await hostnames.get(item.cfHostnameId);
    if (kept) return kept;
  }
  const custom = await hostnames.create(item.domain);
  await storeItemHostname(db, item.id, custom.id);
  return custom;
}

/**
 * The refund of the failed lines (all of them: the whole payment) at the provider that took it
 * (docs/decisions/049), one per order however often the job runs. Throws (to retry) when the
 * provider did not answer.
 */
async function refundFailed(env: QueueEnv, order: DomainOrder, items: DomainOrderItem[]): Promise<string | null> {
  const failed = items.filter((i) => i.state === "failed");
  return refundOrderPayment(env, order, {
    amount: refundAmount(order, items),
    whole: failed.length === items.length,
    domains: failed.map((i) => i.domain),
  });
}

const money = (minor: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100);

/** Moves the order as far as it goes now; returns its status. Throws (to retry) when a provider did not answer. */
export async function processDomainOrder(env: QueueEnv, orderId: string, deps: OrderDeps, now = new Date()): Promise<number | null> {
  const db = getDb(env.DB);
  let order = await getOrder(db, orderId);
  if (!order) return null;
  if (isFinalized(order.status)) return order.status;

  if (order.status === ORDER_STATUS.authorized) {
    // Only the delivery that moved it goes on; another one at the same time stops here.
    if (!(await moveOrder(db, order.id, ORDER_STATUS.authorized, ORDER_STATUS.processing, {}, now)))
      return (await getOrder(db, orderId))?.status ?? null;
    order = (await getOrder(db, orderId))!;
  }

  if (order.status === ORDER_STATUS.processing) {
    if (!deps.registrar) {
      console.error("domain orders: DNSIMPLE_TOKEN, DNSIMPLE_ACCOUNT_ID or DNSIMPLE_REGISTRANT_ID is not set; order waits", order.id);
      throw new RetryJob(300);
    }
    const items = await listOrderItems(db, [order.id]);
    const failures: ItemFailure[] = [];
    for (const item of items) {
      if (item.state !== "pending") continue;
      const failure = await processItem(db, deps.registrar, order, item, now);
      if (failure) failures.push(failure);
    }
    const after = await listOrderItems(db, [order.id]);
    // A line another delivery holds: that one finishes it; this one comes back to see.
    if (after.some((i) => i.state === "pending")) throw new RetryJob(60);
    const failed = after.filter((i) => i.state === "failed");
    const first = failures[0];
    const reasonFields = first
      ? { reason: first.reason, reasonDetail: `${first.item.domain}: ${first.detail}` }
      : failed.length > 0
        ? { reason: order.reason, reasonDetail: order.reasonDetail }
        : {};
    // The reason is kept before the refund is asked for, so a retry after a provider's failure still tells it.
    if (first) await moveOrder(db, order.id, ORDER_STATUS.processing, ORDER_STATUS.processing, reasonFields, now);
    const refundRef = failed.length > 0 ? await refundFailed(env, order, after) : null;
    if (after.every((i) => i.state === "failed")) {
      const reason = reasonFields.reason ?? CANCELLATION_REASON.registrationFailed;
      await finishOrder(
        db,
        order,
        ORDER_STATUS.processing,
        ORDER_STATUS.refunded,
        { ...reasonFields, reason, refundRef },
        [],
        {
          title: "Your domain order was refunded",
          body: `${cancellationReasonLabel(reason) ?? "Registration failed"}: ${reasonFields.reasonDetail ?? ""} ${money(order.total)} was refunded.`.trim(),
          url: `/app/settings/order/${order.id}`,
        },
        now,
      );
      return ORDER_STATUS.refunded;
    }
    await moveOrder(
      db,
      order.id,
      ORDER_STATUS.processing,
      ORDER_STATUS.processed,
      failed.length > 0 ? { ...reasonFields, refundRef } : {},
      now,
    );
    order = (await getOrder(db, orderId))!;
  }

  if (order.status === ORDER_STATUS.processed) {
    const items = (await listOrderItems(db, [order.id])).filter((i) => i.state === "registered");
    const rows = [];
    for (const item of items) {
      const existing = await getBrandedDomain(db, item.domain);
      if (existing) continue; // added by an earlier attempt (or someone else's: the unique name keeps theirs)
      if (!deps.hostnames) {
        console.error("domain orders: CF_API_TOKEN or CF_ZONE_ID is not set; the bought domain waits to be added", item.domain);
        throw new RetryJob(300);
      }
      const custom = await hostnameFor(db, deps.hostnames, item);
      rows.push({
        id: crypto.randomUUID(),
        workspaceId: order.userId,
        userId: order.userId,
        hostname: item.domain,
        kind: "domain" as const,
        status: "pending" as const,
        cfHostnameId: custom.id,
        verificationName: custom.ownership_verification?.name ?? null,
        verificationValue: custom.ownership_verification?.value ?? null,
        hostnameStatus: custom.status ?? null,
        sslStatus: custom.ssl?.status ?? null,
        rootRedirect: null,
        notFoundRedirect: null,
        createdAt: now,
        verifiedAt: null,
        checkedAt: now,
      });
    }
    const names = items.map((i) => i.domain).join(", ");
    await finishOrder(
      db,
      order,
      ORDER_STATUS.processed,
      ORDER_STATUS.paid,
      {},
      rows,
      {
        title: "Your domain order is complete",
        body: `${names} ${items.length === 1 ? "is" : "are"} registered and added to your branded domains.`,
        url: `/app/settings/order/${order.id}`,
      },
      now,
    );
    const record: HostRecord = { active: false, root: null, notFound: null };
    for (const row of rows) await env.LINKS.put(hostKey(row.hostname), JSON.stringify(record));
    if (deps.zones) await publishBoughtDomains(env, db, order, deps.zones, now);
    return ORDER_STATUS.paid;
  }
  return order.status;
}

export async function domainOrderJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const { orderId } = (envelope as DomainOrderJob).payload;
  await processDomainOrder(env, orderId, orderDeps(env));
}

/**
 * The cron's sweep: paid orders left authorized, processing or processed longer than
 * STALLED_ORDER_MS (the job's send failed after the payment, or its retries ran out) are queued
 * again. The job is idempotent, so a resend for an order still moving does no harm.
 */
export async function requeueStalledOrders(env: QueueEnv, now = new Date()): Promise<number> {
  const ids = await listStalledOrders(getDb(env.DB), new Date(now.getTime() - STALLED_ORDER_MS), 100);
  if (ids.length > 0) await env.JOBS.sendBatch(ids.map((id) => ({ body: orderJob(id) })));
  return ids.length;
}
