/**
 * The domain-order job (issue 18, docs/decisions/043): a paid (authorized) order moves through
 * spec 01 §4's statuses: 17 authorized → 32 processing (its domains registered at the registrar)
 * → 33 processed → 48 paid (the domains added as branded domains, verified through the custom
 * hostnames path). A domain the registrar will not register is refunded with the spec's reason
 * (1 price changed, 2 not available, 3 registration failed); an order none of whose domains could
 * be registered ends 51 refunded.
 *
 * Retries are safe: every status step is conditional on the status before it; before registering,
 * the registrar is asked whether the domain is already in Snip's account (a previous attempt that
 * died after the registrar answered), and each registered domain is marked on its order line. The
 * payment was taken when the order was authorized, never here; a refund is one per order, at the
 * provider that took the payment (idempotent there: docs/decisions/049).
 */
import { getDb, type Db } from "../../../db/client.server";
import {
  getOrder,
  listOrderItems,
  markOrderItem,
  moveOrder,
  finishOrder,
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
  type DomainOrderJob,
} from "../../../domain/orders";
import { customHostnamesClient, type CustomHostnamesClient } from "../../../app/lib/custom-hostnames.server";
import { dnsimpleRegistrar } from "../../../app/lib/registrar/dnsimple";
import { RegistrarRefusal, type Registrar } from "../../../app/lib/registrar/registrar";
import { refundOrderPayment } from "../../../app/lib/billing/order-refunds.server";
import { refundAmount } from "../../../domain/order-payments";
import type { QueueEnv } from "./env";
import { RetryJob } from "./jobs";

export { DOMAIN_ORDER_JOB };

const YEAR_MS = 365 * 86_400_000;
/** A renewal counts as done when the registration runs at least this close to the years bought. */
const RENEWAL_SLACK_MS = 30 * 86_400_000;

export interface OrderDeps {
  registrar: Registrar | null;
  hostnames: CustomHostnamesClient | null;
}

export function orderDeps(env: QueueEnv): OrderDeps {
  return {
    registrar: dnsimpleRegistrar(env),
    hostnames: customHostnamesClient({ ...env, CF_API_BASE_URL: env.CF_API_BASE_URL || "https://api.cloudflare.com/client/v4" }),
  };
}

interface ItemFailure {
  item: DomainOrderItem;
  reason: number;
  detail: string;
}

/** Registers one line; a failure the registrar decided, or throws to retry (the registrar did not answer). */
async function registerItem(db: Db, registrar: Registrar, item: DomainOrderItem, now: Date): Promise<ItemFailure | null> {
  let owned = await registrar.owned(item.domain);
  let registrationId = item.registrationId;
  if (!owned) {
    let quote;
    try {
      quote = await registrar.quote(item.domain);
    } catch (error) {
      if (error instanceof RegistrarRefusal) return { item, reason: CANCELLATION_REASON.registrationFailed, detail: error.message };
      throw error;
    }
    if (!quote.available) return { item, reason: CANCELLATION_REASON.notAvailable, detail: `${item.domain} is no longer available.` };
    if (quote.price > item.price)
      return { item, reason: CANCELLATION_REASON.priceChanged, detail: `The registrar's price for ${item.domain} went up.` };
    try {
      registrationId = await registrar.register(item.domain);
    } catch (error) {
      if (error instanceof RegistrarRefusal) return { item, reason: CANCELLATION_REASON.registrationFailed, detail: error.message };
      throw error;
    }
    await markOrderItem(db, item.id, { registrationId });
    owned = { domain: item.domain, expiresAt: new Date(now.getTime() + YEAR_MS).toISOString() };
  }
  // The quantity: years beyond the first are a renewal, made only if the registration does not already run that long.
  if (item.years > 1) {
    const wanted = now.getTime() + item.years * YEAR_MS - RENEWAL_SLACK_MS;
    const runsTo = owned.expiresAt ? Date.parse(owned.expiresAt) : 0;
    if (runsTo < wanted) await registrar.renew(item.domain, item.years - 1);
  }
  return null;
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
    await moveOrder(db, order.id, ORDER_STATUS.authorized, ORDER_STATUS.processing, {}, now);
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
      const failure = await registerItem(db, deps.registrar, item, now);
      if (failure) {
        failures.push(failure);
        await markOrderItem(db, item.id, { state: "failed" });
      } else {
        await markOrderItem(db, item.id, { state: "registered" });
      }
    }
    const after = await listOrderItems(db, [order.id]);
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
      const custom = await deps.hostnames.create(item.domain);
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
    return ORDER_STATUS.paid;
  }
  return order.status;
}

export async function domainOrderJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const { orderId } = (envelope as DomainOrderJob).payload;
  await processDomainOrder(env, orderId, orderDeps(env));
}
