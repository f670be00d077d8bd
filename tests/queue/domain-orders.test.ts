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
import { createOrderFromCart, getOrder, listOrderItems, moveOrder } from "../../db/orders.server";
import { CANCELLATION_REASON, ORDER_STATUS, priceCart } from "../../domain/orders";
import { hostKey } from "../../domain/host-record";
import type { CustomHostnamesClient } from "../../app/lib/custom-hostnames.server";
import { dnsimpleRegistrar } from "../../app/lib/registrar/dnsimple";
import type { QueueEnv } from "../../workers/queue/src/env";
import { processDomainOrder, type OrderDeps } from "../../workers/queue/src/domain-orders";
import {
  newRegistrarState,
  registrarStubHandler,
  STUB_DNSIMPLE_ACCOUNT,
  STUB_DNSIMPLE_REGISTRANT,
  STUB_DNSIMPLE_TOKEN,
  type RegistrarStubState,
} from "../stubs/registrar-server";

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
  return {
    created,
    async create(hostname) {
      if (created.includes(hostname)) throw new Error("Duplicate custom hostname found.");
      created.push(hostname);
      return { id: `cf-${hostname}`, hostname, status: "pending", ssl: { status: "pending_validation" } };
    },
    get: async () => null,
    delete: async () => undefined,
  };
}

function depsFor(state: RegistrarStubState, hostnames = hostnamesKept()): OrderDeps & { hostnames: ReturnType<typeof hostnamesKept> } {
  const registrar = dnsimpleRegistrar(
    {
      DNSIMPLE_TOKEN: STUB_DNSIMPLE_TOKEN,
      DNSIMPLE_ACCOUNT_ID: STUB_DNSIMPLE_ACCOUNT,
      DNSIMPLE_REGISTRANT_ID: STUB_DNSIMPLE_REGISTRANT,
      DNSIMPLE_API_BASE_URL: "https://dnsimple.stub",
    },
    registrarStubHandler(state),
  );
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
    await testEnv.DB.prepare("UPDATE domain_order_items SET state = 'pending' WHERE order_id = ?").bind(id).run();
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
