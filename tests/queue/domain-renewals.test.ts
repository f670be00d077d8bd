/**
 * Renewal of bought domains (issue 18, docs/decisions/050) inside workerd: the real DNSimple client
 * speaks to the registrar stub (tests/stubs/registrar-server.ts). The order job stores the
 * registrar's expiry; the `domains.renew` consumer renews a due domain once, stores the new expiry,
 * does nothing more when the registrar already moved the expiry (an attempt that died after the
 * registrar answered) or when the job comes again, and records a refusal (reason 3, the registrar's
 * words) with one notification. The daily pass queues only what is due and paid for, and stops
 * serving a domain whose expiry passed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { getRegistration, setAutoRenew } from "../../db/domain-registrations.server";
import { createOrderFromCart, moveOrder } from "../../db/orders.server";
import { DOMAIN_RENEW_JOB, type DomainRenewJob } from "../../domain/domain-renewals";
import { hostKey } from "../../domain/host-record";
import { CANCELLATION_REASON, ORDER_STATUS, priceCart } from "../../domain/orders";
import type { CustomHostnamesClient } from "../../app/lib/custom-hostnames.server";
import { runRenewalPass } from "../../app/lib/domain-renewals.server";
import type { AppEnv } from "../../app/env.server";
import { dnsimpleRegistrar } from "../../app/lib/registrar/dnsimple";
import type { Registrar } from "../../app/lib/registrar/registrar";
import type { QueueEnv } from "../../workers/queue/src/env";
import { processDomainOrder } from "../../workers/queue/src/domain-orders";
import { renewDomain } from "../../workers/queue/src/domain-renewals";
import { newRegistrarState, registrarStubHandler, STUB_DNSIMPLE_ENV, type RegistrarStubState } from "../stubs/registrar-server";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const DAY = 86_400_000;
const YEAR = 365 * DAY;

function registrarOver(state: RegistrarStubState): Registrar {
  return dnsimpleRegistrar(STUB_DNSIMPLE_ENV, registrarStubHandler(state))!;
}

const hostnames: CustomHostnamesClient = {
  create: async (hostname) => ({ id: `cf-${hostname}`, hostname, status: "active", ssl: { status: "active" } }),
  get: async () => null,
  delete: async () => undefined,
};

async function newUser(plan: string | null = "pro"): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  if (plan) {
    const now = Date.now();
    await testEnv.DB.prepare(
      `INSERT INTO subscriptions (id, owner_id, user_id, slot, name, interval, amount, ends_at, period_starts_at, period_ends_at, created_at, updated_at)
       VALUES (?, ?, ?, 'current', ?, 'yearly', 1000, NULL, ?, ?, ?, ?)`,
    )
      .bind(`${id}:default:current`, id, id, plan, now - 1000, now + YEAR, now, now)
      .run();
  }
  return id;
}

const unique = (label: string) => `${label}${crypto.randomUUID().slice(0, 8)}.com`;

/** A domain bought through an order the order job completed: registered at the stub, a branded domain of the buyer. */
async function bought(user: string, state: RegistrarStubState): Promise<{ domain: string; expiresAt: Date }> {
  const domain = unique("renew");
  const totals = priceCart([{ domain, price: 1200, years: 1, premium: false }], 0);
  const id = await createOrderFromCart(db, user, totals, 0, null);
  await moveOrder(db, id, ORDER_STATUS.new, ORDER_STATUS.authorized, { paymentRef: `pi_test_${id}` });
  expect(await processDomainOrder(testEnv, id, { registrar: registrarOver(state), hostnames })).toBe(ORDER_STATUS.paid);
  const reg = await getRegistration(db, domain);
  return { domain, expiresAt: reg!.expiresAt };
}

const renewCalls = (state: RegistrarStubState, domain: string) => state.calls.filter((c) => c.kind === "renew" && c.domain === domain);
const notices = async (user: string) =>
  (
    await testEnv.DB.prepare("SELECT title, body FROM notifications WHERE user_id = ? ORDER BY created_at")
      .bind(user)
      .all<{ title: string; body: string }>()
  ).results;

describe("the domains.renew job", () => {
  it("the order job stores the registrar's expiry with auto-renew on", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const { domain, expiresAt } = await bought(user, state);
    expect(expiresAt.toISOString()).toBe(state.registered.get(domain)!.expiresAt.toISOString());
    expect(await getRegistration(db, domain)).toMatchObject({ userId: user, autoRenew: true, expired: false, reason: null });
  });

  it("renews a due domain for a year at the registrar, stores the new expiry, and a second delivery renews nothing", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const { domain, expiresAt } = await bought(user, state);
    const registrar = registrarOver(state);

    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrar)).toBe("renewed");
    expect(renewCalls(state, domain)).toEqual([{ kind: "renew", domain, period: 1 }]);
    const after = await getRegistration(db, domain);
    expect(after?.expiresAt.getTime()).toBe(expiresAt.getTime() + YEAR);
    expect(after?.renewedAt).not.toBeNull();

    // The same job again (a redelivery): the stored expiry moved on, nothing is renewed.
    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrar)).toBe("skipped");
    expect(renewCalls(state, domain)).toHaveLength(1);
  });

  it("an attempt that died after the registrar renewed: the retry stores the registrar's expiry and renews nothing", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const { domain, expiresAt } = await bought(user, state);
    // The registrar renewed (a first attempt), then the job died before writing.
    state.registered.get(domain)!.expiresAt = new Date(expiresAt.getTime() + YEAR);

    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrarOver(state))).toBe("already-renewed");
    expect(renewCalls(state, domain)).toEqual([]);
    expect((await getRegistration(db, domain))?.expiresAt.getTime()).toBe(expiresAt.getTime() + YEAR);
  });

  it("a refusal records reason 3 with the registrar's words and tells the owner once; the expiry stays", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const { domain, expiresAt } = await bought(user, state);
    state.renewalFails.add(domain);
    const registrar = registrarOver(state);

    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrar)).toBe("refused");
    expect(await getRegistration(db, domain)).toMatchObject({
      reason: CANCELLATION_REASON.registrationFailed,
      reasonDetail: `The registry refused the renewal of ${domain}`,
      expiresAt,
    });
    // The next day's pass tries again: the same refusal is not told twice.
    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrar)).toBe("refused");
    const told = (await notices(user)).filter((n) => n.title === `Your domain ${domain} could not be renewed`);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`registration or renewal failed: The registry refused the renewal of ${domain}`);

    // Once the registry takes it, the renewal goes through and the refusal is cleared.
    state.renewalFails.delete(domain);
    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrar)).toBe("renewed");
    expect(await getRegistration(db, domain)).toMatchObject({ reason: null, reasonDetail: null });
  });

  it("does nothing for a domain whose owner turned auto-renew off", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const { domain, expiresAt } = await bought(user, state);
    expect(await setAutoRenew(db, user, domain, false)).toBe(true);
    expect(await renewDomain(testEnv, { domain, expiresAt: expiresAt.getTime() }, registrarOver(state))).toBe("skipped");
    expect(renewCalls(state, domain)).toEqual([]);
  });
});

describe("the daily renewal pass", () => {
  function appEnv(sent: DomainRenewJob[]): AppEnv {
    return {
      ...testEnv,
      JOBS: { send: async (job: DomainRenewJob) => void sent.push(job) },
      // The app's binding to the redirect worker's cache purge (not under test here).
      REDIRECT: { purgeHosts: async () => undefined },
    } as unknown as AppEnv;
  }

  it("queues the due domains with auto-renew on whose renewal a paid plan pays for, and no others", async () => {
    const state = newRegistrarState();
    const paying = await newUser("pro");
    const free = await newUser(null);
    const due = await bought(paying, state);
    const off = await bought(paying, state);
    await setAutoRenew(db, paying, off.domain, false);
    const unpaid = await bought(free, state);
    const sent: DomainRenewJob[] = [];
    // 20 days before the expiry: inside the 30-day window.
    const run = await runRenewalPass(appEnv(sent), new Date(due.expiresAt.getTime() - 20 * DAY));
    const mine = sent.filter((j) => [due.domain, off.domain, unpaid.domain].includes(j.payload.domain));
    expect(mine).toEqual([
      {
        type: DOMAIN_RENEW_JOB,
        v: 1,
        id: `renew-${due.domain}-${due.expiresAt.getTime()}`,
        payload: { domain: due.domain, expiresAt: due.expiresAt.getTime() },
      },
    ]);
    expect(run.failed).toEqual([]);

    // 40 days before: nothing is due yet.
    const early: DomainRenewJob[] = [];
    await runRenewalPass(appEnv(early), new Date(due.expiresAt.getTime() - 40 * DAY));
    expect(early.filter((j) => j.payload.domain === due.domain)).toEqual([]);
  });

  it("a domain past its expiry unrenewed stops serving and its owner is told; nothing is deleted", async () => {
    const state = newRegistrarState();
    const free = await newUser(null);
    const { domain, expiresAt } = await bought(free, state);
    await testEnv.DB.prepare("UPDATE branded_domains SET status = 'active' WHERE hostname = ?").bind(domain).run();
    await testEnv.LINKS.put(hostKey(domain), JSON.stringify({ active: true, root: null, notFound: null }));

    const run = await runRenewalPass(appEnv([]), new Date(expiresAt.getTime() + DAY));
    expect(run.expired).toContain(domain);
    expect(await getRegistration(db, domain)).toMatchObject({ expired: true });
    expect(await testEnv.DB.prepare("SELECT status FROM branded_domains WHERE hostname = ?").bind(domain).first("status")).toBe("lapsed");
    expect(JSON.parse((await testEnv.LINKS.get(hostKey(domain))) ?? "null")).toMatchObject({ active: false });
    expect((await notices(free)).map((n) => n.title)).toContain(`Your domain ${domain} has expired`);

    // The next day's pass tells nobody again.
    await runRenewalPass(appEnv([]), new Date(expiresAt.getTime() + 2 * DAY));
    expect((await notices(free)).filter((n) => n.title === `Your domain ${domain} has expired`)).toHaveLength(1);
  });
});
