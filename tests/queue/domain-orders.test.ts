/**
 * The domain-order job (issue 18, docs/decisions/043): the real DNSimple client speaks to the
 * registrar stub (tests/stubs/registrar-server.ts, its wire format) inside workerd. A paid order
 * is registered and its domain added as a (pending) branded domain; a domain the registrar
 * refuses ends the order refunded (51) with the spec's reason; a retried job registers nothing
 * twice and a finished order stays as it is.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import {
  authorizeNewOrder,
  countDiscountedDomains,
  createOrderFromCart,
  expireOrderCheckout,
  finishOrder,
  getOpenOrder,
  getOrder,
  isDomainOnPaidOpenOrder,
  listCartItems,
  listOrderItems,
  moveOrder,
  returnOpenOrderToCart,
  setOrderCheckoutRef,
} from "../../db/orders.server";
import { CANCELLATION_REASON, ORDER_STATUS, priceCart } from "../../domain/orders";
import { hostKey } from "../../domain/host-record";
import type { CustomHostnamesClient } from "../../app/lib/custom-hostnames.server";
import { dnsimpleRegistrar } from "../../app/lib/registrar/dnsimple";
import type { QueueEnv } from "../../workers/queue/src/env";
import { processDomainOrder, requeueStalledOrders, STALLED_ORDER_MS, type OrderDeps } from "../../workers/queue/src/domain-orders";
import type { DomainOrderJob } from "../../domain/orders";
import { newRegistrarState, registrarStubHandler, STUB_DNSIMPLE_ENV, type RegistrarStubState } from "../stubs/registrar-server";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

/** Custom hostnames as Cloudflare keeps them (the app's end-to-end tests drive the real client against its stub). */
function hostnamesKept(): CustomHostnamesClient & { created: string[] } {
  const created: string[] = [];
  const view = (hostname: string) => ({ id: `cf-${hostname}`, hostname, status: "pending", ssl: { status: "pending_validation" } });
  return {
    created,
    async create(hostname) {
      // Cloudflare refuses a second custom hostname of the same name.
      if (created.includes(hostname)) throw new Error("Duplicate custom hostname found.");
      created.push(hostname);
      return view(hostname);
    },
    get: async (id) => {
      const hostname = created.find((h) => `cf-${h}` === id);
      return hostname ? view(hostname) : null;
    },
    delete: async () => undefined,
  };
}

function depsFor(state: RegistrarStubState, hostnames = hostnamesKept()): OrderDeps & { hostnames: ReturnType<typeof hostnamesKept> } {
  const registrar = dnsimpleRegistrar(STUB_DNSIMPLE_ENV, registrarStubHandler(state));
  return { registrar, hostnames };
}

/** An order for these domains, authorized (paid in test mode) as the checkout page leaves it. */
async function paidOrder(userId: string, domains: { domain: string; years?: number }[]): Promise<string> {
  const totals = priceCart(
    domains.map((d) => ({ domain: d.domain, price: 1200, years: d.years ?? 1, premium: false })),
    0,
  );
  const id = await createOrderFromCart(db, userId, totals, 0, null);
  expect(await moveOrder(db, id, ORDER_STATUS.new, ORDER_STATUS.authorized, { paymentRef: `pi_test_${id}` })).toBe(true);
  return id;
}

const unique = (label: string) => `${label}${crypto.randomUUID().slice(0, 8)}.com`;

describe("the domain-order job", () => {
  it("registers a paid order's domain, adds it as a pending branded domain and ends paid (48)", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const deps = depsFor(state);
    const domain = unique("brand");
    const id = await paidOrder(user, [{ domain, years: 2 }]);

    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    const order = await getOrder(db, id);
    expect(order).toMatchObject({ status: 48, reason: null, refundRef: null });
    expect(state.calls).toEqual([
      { kind: "register", domain },
      { kind: "renew", domain, period: 1 },
    ]);
    const row = await testEnv.DB.prepare("SELECT workspace_id, status, cf_hostname_id FROM branded_domains WHERE hostname = ?")
      .bind(domain)
      .first();
    expect(row).toEqual({ workspace_id: user, status: "pending", cf_hostname_id: `cf-${domain}` });
    expect(JSON.parse((await testEnv.LINKS.get(hostKey(domain))) ?? "null")).toEqual({ active: false, root: null, notFound: null });
    const notice = await testEnv.DB.prepare("SELECT title FROM notifications WHERE user_id = ?").bind(user).first<{ title: string }>();
    expect(notice?.title).toBe("Your domain order is complete");
  });

  it("refunds (51) with reason 3 and the registrar's words when the registration is refused", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("refused");
    state.names.set(domain, { state: "fails", price: 12, premium: false });
    const deps = depsFor(state);
    const id = await paidOrder(user, [{ domain }]);

    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.refunded);
    const order = await getOrder(db, id);
    expect(order?.status).toBe(51);
    expect(order?.reason).toBe(CANCELLATION_REASON.registrationFailed);
    expect(order?.reasonDetail).toBe(`${domain}: The registry refused the registration of ${domain}`);
    expect(order?.refundRef).toBe(`re_test_${id.replaceAll("-", "")}`);
    expect(deps.hostnames.created).toEqual([]);
    expect(await testEnv.DB.prepare("SELECT count(*) AS n FROM branded_domains WHERE hostname = ?").bind(domain).first("n")).toBe(0);
  });

  it("refunds with reason 2 when the domain was taken meanwhile, and reason 1 when its price went up", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const taken = unique("taken");
    const dearer = unique("dearer");
    state.names.set(taken, { state: "taken", price: 12, premium: false });
    state.names.set(dearer, { state: "available", price: 30, premium: false });
    const deps = depsFor(state);
    const first = await paidOrder(user, [{ domain: taken }]);
    const second = await paidOrder(user, [{ domain: dearer }]);
    await processDomainOrder(testEnv, first, deps);
    await processDomainOrder(testEnv, second, deps);
    expect(await getOrder(db, first)).toMatchObject({ status: 51, reason: 2 });
    expect(await getOrder(db, second)).toMatchObject({ status: 51, reason: 1 });
    expect(state.calls).toEqual([]);
  });

  it("a retried job after the registrar answered does not register again, and a finished order is left alone", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("retry");
    const id = await paidOrder(user, [{ domain }]);
    // The first attempt registered the domain, then died before it wrote anything else.
    const flaky = depsFor(state, hostnamesKept());
    const hostnames = flaky.hostnames;
    flaky.hostnames = {
      ...hostnames,
      create: () => Promise.reject(new Error("Cloudflare did not answer")),
    } as typeof hostnames;
    await expect(processDomainOrder(testEnv, id, flaky)).rejects.toThrow("Cloudflare did not answer");
    expect((await getOrder(db, id))?.status).toBe(ORDER_STATUS.processed);
    // Mark the line pending again: as if the job had died right after the registrar's answer.
    // (Its lease on the line has run out by the time a retry comes.)
    await testEnv.DB.prepare("UPDATE domain_order_items SET state = 'pending', claimed_at = NULL WHERE order_id = ?").bind(id).run();
    await testEnv.DB.prepare("UPDATE domain_orders SET status = 32 WHERE id = ?").bind(id).run();

    const deps = depsFor(state);
    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    expect(state.calls.filter((c) => c.kind === "register")).toEqual([{ kind: "register", domain }]);
    expect(deps.hostnames.created).toEqual([domain]);
    expect((await listOrderItems(db, [id])).map((i) => i.state)).toEqual(["registered"]);
    const notices = await testEnv.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?").bind(user).first("n");
    expect(notices).toBe(1);
  });

  it("an order that was never paid is not registered", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const totals = priceCart([{ domain: unique("unpaid"), price: 1200, years: 1, premium: false }], 0);
    const id = await createOrderFromCart(db, user, totals, 0, null);
    expect(await processDomainOrder(testEnv, id, depsFor(state))).toBe(ORDER_STATUS.new);
    expect(state.calls).toEqual([]);
  });
});

const count = async (query: string, ...binds: unknown[]) =>
  Number(
    await testEnv.DB.prepare(query)
      .bind(...binds)
      .first("n"),
  );

describe("the discount and the one open order (review: discount bypass)", () => {
  const discounted = (domain: string) => priceCart([{ domain, price: 1200, years: 1, premium: false }], 1);

  it("an unpaid order holds its discounted first year: the next cart does not get it again", async () => {
    const user = await newUser();
    await createOrderFromCart(db, user, discounted(unique("first")), 0, null);
    expect(await countDiscountedDomains(db, user)).toBe(1);
  });

  it("a user has at most one open order: a second checkout at the same moment makes no second order", async () => {
    const user = await newUser();
    const totals = discounted(unique("double"));
    const results = await Promise.allSettled([
      createOrderFromCart(db, user, totals, 0, null),
      createOrderFromCart(db, user, totals, 0, null),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM domain_orders WHERE user_id = ?", user)).toBe(1);
  });

  it("checking out again replaces the open order: its lines go back to the cart; a paid one is left alone", async () => {
    const user = await newUser();
    const domain = unique("again");
    const id = await createOrderFromCart(db, user, discounted(domain), 0, null);
    const open = (await getOpenOrder(db, user))!;
    expect(await returnOpenOrderToCart(db, open)).toBe(true);
    expect((await getOrder(db, id))?.status).toBe(ORDER_STATUS.paymentCancelled);
    expect((await listCartItems(db, user)).map((i) => i.domain)).toEqual([domain]);
    expect(await countDiscountedDomains(db, user)).toBe(0);

    const paid = await createOrderFromCart(db, user, discounted(domain), 0, null);
    const stale = (await getOrder(db, paid))!;
    expect(await moveOrder(db, paid, ORDER_STATUS.new, ORDER_STATUS.authorized)).toBe(true);
    expect(await returnOpenOrderToCart(db, stale)).toBe(false);
    expect((await getOrder(db, paid))?.status).toBe(ORDER_STATUS.authorized);
    expect(await listCartItems(db, user)).toEqual([]);
  });

  it("authorization takes an order only at the total just checked", async () => {
    const user = await newUser();
    const id = await createOrderFromCart(db, user, discounted(unique("total")), 0, null);
    const seen = (await getOrder(db, id))!;
    await testEnv.DB.prepare("UPDATE domain_orders SET total = 1200, discount = 0 WHERE id = ?").bind(id).run();
    expect(await authorizeNewOrder(db, seen, {})).toBe(false);
    expect(await authorizeNewOrder(db, (await getOrder(db, id))!, {})).toBe(true);
  });
});

describe("a name bought twice (review: paid with nothing delivered)", () => {
  it("the second buyer of a name registered for another order is refunded with reason 2, not told it was added", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const state = newRegistrarState();
    const deps = depsFor(state);
    const domain = unique("twice");
    const a = await paidOrder(first, [{ domain }]);
    const b = await paidOrder(second, [{ domain }]);
    expect(await processDomainOrder(testEnv, a, deps)).toBe(ORDER_STATUS.paid);
    expect(await processDomainOrder(testEnv, b, deps)).toBe(ORDER_STATUS.refunded);
    expect(await getOrder(db, b)).toMatchObject({
      reason: CANCELLATION_REASON.notAvailable,
      refundRef: `re_test_${b.replaceAll("-", "")}`,
    });
    expect((await listOrderItems(db, [b])).map((i) => i.state)).toEqual(["failed"]);
    expect(state.calls.filter((c) => c.kind === "register")).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM branded_domains WHERE hostname = ? AND workspace_id = ?", domain, first)).toBe(1);
    const notice = await testEnv.DB.prepare("SELECT title FROM notifications WHERE user_id = ?").bind(second).first<{ title: string }>();
    expect(notice?.title).toBe("Your domain order was refunded");
  });

  it("a name on someone's paid order still being registered cannot go into a cart", async () => {
    const user = await newUser();
    const domain = unique("busy");
    expect(await isDomainOnPaidOpenOrder(db, domain)).toBe(false);
    const id = await createOrderFromCart(db, user, priceCart([{ domain, price: 1200, years: 1, premium: false }], 0), 0, null);
    expect(await isDomainOnPaidOpenOrder(db, domain)).toBe(false); // not paid yet
    await moveOrder(db, id, ORDER_STATUS.new, ORDER_STATUS.authorized);
    expect(await isDomainOnPaidOpenOrder(db, domain)).toBe(true);
  });
});

describe("retries and concurrent deliveries (review: idempotency)", () => {
  it("a retry after one custom hostname was created does not create it again (Cloudflare's duplicate)", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const [one, two] = [unique("aone"), unique("btwo")];
    const id = await paidOrder(user, [{ domain: one }, { domain: two }]);
    const deps = depsFor(state);
    const kept = deps.hostnames;
    let fail = true;
    const flaky = {
      ...kept,
      create: async (hostname: string) => {
        if (hostname === two && fail) {
          fail = false;
          throw new Error("Cloudflare did not answer");
        }
        return kept.create(hostname);
      },
    };
    await expect(processDomainOrder(testEnv, id, { ...deps, hostnames: flaky })).rejects.toThrow("Cloudflare did not answer");
    expect(await processDomainOrder(testEnv, id, { ...deps, hostnames: flaky })).toBe(ORDER_STATUS.paid);
    expect(kept.created).toEqual([one, two]);
    expect(await count("SELECT count(*) AS n FROM branded_domains WHERE hostname IN (?, ?) AND workspace_id = ?", one, two, user)).toBe(2);
  });

  it("two deliveries of one job at the same time register once and end paid, without a refund", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("both");
    const id = await paidOrder(user, [{ domain }]);
    const deps = depsFor(state);
    await Promise.allSettled([processDomainOrder(testEnv, id, deps), processDomainOrder(testEnv, id, deps)]);
    expect(await getOrder(db, id)).toMatchObject({ status: ORDER_STATUS.paid, refundRef: null, reason: null });
    expect(state.calls.filter((c) => c.kind === "register")).toEqual([{ kind: "register", domain }]);
    expect((await listOrderItems(db, [id])).map((i) => i.state)).toEqual(["registered"]);
  });

  it("two deliveries at the same line: the one without the lease leaves it alone and comes back", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("lease");
    const id = await paidOrder(user, [{ domain }]);
    await moveOrder(db, id, ORDER_STATUS.authorized, ORDER_STATUS.processing);
    // Another delivery took the line a moment ago and is at the registrar.
    await testEnv.DB.prepare("UPDATE domain_order_items SET claimed_at = ? WHERE order_id = ?").bind(Date.now(), id).run();
    await expect(processDomainOrder(testEnv, id, depsFor(state))).rejects.toThrow("retry in 60 s");
    expect(state.calls).toEqual([]);
    expect((await listOrderItems(db, [id])).map((i) => i.state)).toEqual(["pending"]);
    expect((await getOrder(db, id))?.status).toBe(ORDER_STATUS.processing);
  });

  it("the last step run twice adds the domains and notifies once; a status move that does not apply adds nothing", async () => {
    const user = await newUser();
    const domain = unique("finish");
    const id = await paidOrder(user, [{ domain }]);
    await moveOrder(db, id, ORDER_STATUS.authorized, ORDER_STATUS.processing);
    const row = (hostname: string) => ({
      id: crypto.randomUUID(),
      workspaceId: user,
      userId: user,
      hostname,
      kind: "domain" as const,
      status: "pending" as const,
      createdAt: new Date(),
    });
    const notice = { title: "Your domain order is complete", body: `${domain} is registered.` };
    // Still processing (32): a step from 33 takes nothing and adds nothing.
    const order = (await getOrder(db, id))!;
    await finishOrder(db, order, ORDER_STATUS.processed, ORDER_STATUS.paid, {}, [row(domain)], notice);
    expect(await count("SELECT count(*) AS n FROM branded_domains WHERE hostname = ?", domain)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", user)).toBe(0);

    await moveOrder(db, id, ORDER_STATUS.processing, ORDER_STATUS.processed);
    await finishOrder(db, order, ORDER_STATUS.processed, ORDER_STATUS.paid, {}, [row(domain)], notice);
    await finishOrder(db, order, ORDER_STATUS.processed, ORDER_STATUS.paid, {}, [row(domain)], notice);
    expect((await getOrder(db, id))?.status).toBe(ORDER_STATUS.paid);
    expect(await count("SELECT count(*) AS n FROM branded_domains WHERE hostname = ?", domain)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", user)).toBe(1);
  });
});

describe("the cron's sweep of paid orders left without a job (review: authorized, never queued)", () => {
  it("queues again an order authorized minutes ago that no job moved, not a fresh or a finished one; the job then completes it once", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const now = new Date();
    const stalled = await paidOrder(user, [{ domain: unique("stalled") }]);
    const old = now.getTime() - STALLED_ORDER_MS - 60_000;
    await testEnv.DB.prepare("UPDATE domain_orders SET updated_at = ? WHERE id = ?").bind(old, stalled).run();
    const other = await newUser();
    const fresh = await paidOrder(other, [{ domain: unique("fresh") }]);
    const done = await newUser();
    const finished = await paidOrder(done, [{ domain: unique("done") }]);
    await processDomainOrder(testEnv, finished, depsFor(state));
    await testEnv.DB.prepare("UPDATE domain_orders SET updated_at = ? WHERE id = ?").bind(old, finished).run();

    const sent: DomainOrderJob[] = [];
    const jobs = {
      sendBatch: async (batch: { body: DomainOrderJob }[]) => void sent.push(...batch.map((m) => m.body)),
    } as unknown as Queue;
    expect(await requeueStalledOrders({ ...testEnv, JOBS: jobs }, now)).toBeGreaterThanOrEqual(1);
    const ids = sent.map((job) => job.payload.orderId);
    expect(ids).toContain(stalled);
    expect(ids).not.toContain(fresh);
    expect(ids).not.toContain(finished);
    expect(sent.find((job) => job.payload.orderId === stalled)).toEqual({
      type: "domain-order.process",
      v: 1,
      id: `order-${stalled}`,
      payload: { orderId: stalled },
    });

    // The job that was lost and the one sent again both run: one registration, one notification.
    const deps = depsFor(state);
    await Promise.allSettled([processDomainOrder(testEnv, stalled, deps), processDomainOrder(testEnv, stalled, deps)]);
    expect((await getOrder(db, stalled))?.status).toBe(ORDER_STATUS.paid);
    expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", user)).toBe(1);
  });
});

describe("a provider checkout that expired unpaid (decision 051)", () => {
  it("is let go only by the new order still holding it, once; a newer checkout, another provider's or a paid order are left alone", async () => {
    const userId = await newUser();
    const totals = priceCart([{ domain: unique("expiry"), price: 1200, years: 1, premium: false }], 0);
    const id = await createOrderFromCart(db, userId, totals, 1, null);
    expect(await setOrderCheckoutRef(db, id, null, `cs_a_${id}`)).toBe(true);

    // Another session, or the same id at another provider: nothing.
    expect(await expireOrderCheckout(db, 1, `cs_other_${id}`)).toBe(false);
    expect(await expireOrderCheckout(db, 2, `cs_a_${id}`)).toBe(false);
    expect(await getOrder(db, id)).toMatchObject({ status: ORDER_STATUS.new, checkoutRef: `cs_a_${id}`, expiredCheckoutRef: null });

    // The order's own session: let go, kept as the expired one; the order stays new.
    expect(await expireOrderCheckout(db, 1, `cs_a_${id}`)).toBe(true);
    expect(await getOrder(db, id)).toMatchObject({ status: ORDER_STATUS.new, checkoutRef: null, expiredCheckoutRef: `cs_a_${id}` });
    // Redelivered: nothing more.
    expect(await expireOrderCheckout(db, 1, `cs_a_${id}`)).toBe(false);

    // A new session takes the empty place; the old one's event then changes nothing.
    expect(await setOrderCheckoutRef(db, id, null, `cs_b_${id}`)).toBe(true);
    expect(await expireOrderCheckout(db, 1, `cs_a_${id}`)).toBe(false);
    expect((await getOrder(db, id))?.checkoutRef).toBe(`cs_b_${id}`);

    // Paid with it: even its own expiry (which Stripe never sends for a paid session) leaves the order alone.
    expect(await moveOrder(db, id, ORDER_STATUS.new, ORDER_STATUS.authorized, { paymentRef: `pi_${id}` })).toBe(true);
    expect(await expireOrderCheckout(db, 1, `cs_b_${id}`)).toBe(false);
    expect(await getOrder(db, id)).toMatchObject({ status: ORDER_STATUS.authorized, checkoutRef: `cs_b_${id}` });
  });
});
