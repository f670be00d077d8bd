/**
 * Migration 0038 (docs/decisions/054) on a database holding domains bought before migration 0033:
 * each domain a paid order registered gets its renewal row (auto-renew on, the expiry an estimate
 * the registrar has not confirmed); the daily renewal pass reads the registrar's expiry before
 * deciding, then queues the renewal, and the `domains.renew` job renews it once. Runs on an empty
 * D1 of its own (MIGRATION_DB) brought to 0032 first.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { getRegistration } from "../../db/domain-registrations.server";
import { DOMAIN_RENEW_JOB, type DomainRenewJob } from "../../domain/domain-renewals";
import type { AppEnv } from "../../app/env.server";
import { runRenewalPass } from "../../app/lib/domain-renewals.server";
import { dnsimpleRegistrar } from "../../app/lib/registrar/dnsimple";
import type { QueueEnv } from "../../workers/queue/src/env";
import { renewDomain } from "../../workers/queue/src/domain-renewals";
import { newRegistrarState, registrarStubHandler, STUB_DNSIMPLE_ENV } from "../stubs/registrar-server";

type Migrations = Parameters<typeof applyD1Migrations>[1];
const testEnv = env as unknown as QueueEnv & { MIGRATION_DB: D1Database; TEST_MIGRATIONS: Migrations };
const d1 = testEnv.MIGRATION_DB;
const DAY = 86_400_000;
const YEAR = 365 * DAY;
const ordered = Date.parse("2026-03-02T10:00:00Z");

const run = (sql: string, ...params: unknown[]) =>
  d1
    .prepare(sql)
    .bind(...params)
    .run();

async function order(user: string, status: number, items: { domain: string; years: number; state: string }[]): Promise<string> {
  const id = crypto.randomUUID();
  await run(
    "INSERT INTO domain_orders (id, user_id, status, subtotal, discount, total, billing_type, payment_ref, created_at, updated_at) VALUES (?, ?, ?, 1200, 0, 1200, 1, ?, ?, ?)",
    id,
    user,
    status,
    `pi_${id}`,
    ordered,
    ordered + 60_000,
  );
  for (const item of items)
    await run(
      "INSERT INTO domain_order_items (id, order_id, domain, price, years, discount, state, registration_id) VALUES (?, ?, ?, 1200, ?, 0, ?, ?)",
      crypto.randomUUID(),
      id,
      item.domain,
      item.years,
      item.state,
      item.state === "registered" ? "5001" : null,
    );
  return id;
}

describe("migration 0038 (renewal rows for domains bought before 0033)", () => {
  it("gives each registered domain of a paid order a row; the pass confirms its expiry at the registrar, then it renews once", async () => {
    const before0033 = testEnv.TEST_MIGRATIONS.filter((m) => m.name < "0033_");
    expect(before0033.at(-1)?.name).toBe("0032_order_checkout_ref.sql");
    await applyD1Migrations(d1, before0033);

    const user = "old-buyer";
    await run(
      "INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'Old', 'old@example.com', ?, ?)",
      user,
      ordered,
      ordered,
    );
    const paid = await order(user, 48, [
      { domain: "oldbrand.com", years: 2, state: "registered" },
      { domain: "oldfailed.com", years: 1, state: "failed" },
    ]);
    await order(user, 51, [{ domain: "oldrefunded.com", years: 1, state: "failed" }]);

    await applyD1Migrations(d1, testEnv.TEST_MIGRATIONS);

    // One row, for the registered domain only: auto-renew on, the estimate (order + years), unconfirmed.
    const rows = (await d1.prepare("SELECT * FROM domain_registrations").all<Record<string, unknown>>()).results;
    expect(rows).toEqual([
      expect.objectContaining({
        domain: "oldbrand.com",
        user_id: user,
        order_id: paid,
        expires_at: ordered + 2 * YEAR,
        auto_renew: 1,
        expired: 0,
        expiry_checked_at: null,
        dns_state: null,
      }),
    ]);

    // The registrar's expiry is a few minutes after the estimate (registered after the payment).
    const state = newRegistrarState();
    const real = new Date(ordered + 2 * YEAR + 3_600_000);
    state.registered.set("oldbrand.com", { id: 5001, name: "oldbrand.com", registeredAt: new Date(ordered), expiresAt: real });
    const registrar = dnsimpleRegistrar(STUB_DNSIMPLE_ENV, registrarStubHandler(state))!;
    const now = Date.now();
    await run(
      `INSERT INTO subscriptions (id, owner_id, user_id, slot, name, interval, amount, ends_at, period_starts_at, period_ends_at, created_at, updated_at)
       VALUES (?, ?, ?, 'current', 'pro', 'yearly', 1000, NULL, ?, ?, ?, ?)`,
      `${user}:default:current`,
      user,
      user,
      now - 1000,
      real.getTime() + YEAR,
      now,
      now,
    );
    const sent: DomainRenewJob[] = [];
    const appEnv = {
      ...testEnv,
      DB: d1,
      JOBS: { send: async (job: DomainRenewJob) => void sent.push(job) },
      REDIRECT: { purgeHosts: async () => undefined },
    } as unknown as AppEnv;

    // No registrar to ask: the estimate is not acted on, even when it looks due.
    await runRenewalPass(appEnv, new Date(real.getTime() - 20 * DAY), null);
    expect(sent).toEqual([]);
    expect((await getRegistration(getDb(d1), "oldbrand.com"))?.expiryCheckedAt).toBeNull();

    // 20 days before: the pass stores the registrar's expiry, then queues the renewal with it.
    const passAt = new Date(real.getTime() - 20 * DAY);
    await runRenewalPass(appEnv, passAt, registrar);
    expect(await getRegistration(getDb(d1), "oldbrand.com")).toMatchObject({ expiresAt: real, expiryCheckedAt: passAt, autoRenew: true });
    expect(sent).toEqual([
      {
        type: DOMAIN_RENEW_JOB,
        v: 1,
        id: `renew-oldbrand.com-${real.getTime()}`,
        payload: { domain: "oldbrand.com", expiresAt: real.getTime() },
      },
    ]);

    // The job renews it a year at the registrar, once.
    const queueEnv = { ...testEnv, DB: d1 } as QueueEnv;
    expect(await renewDomain(queueEnv, sent[0]!.payload, registrar)).toBe("renewed");
    expect(await renewDomain(queueEnv, sent[0]!.payload, registrar)).toBe("skipped");
    expect(state.calls).toEqual([{ kind: "renew", domain: "oldbrand.com", period: 1 }]);
    expect((await getRegistration(getDb(d1), "oldbrand.com"))?.expiresAt.getTime()).toBe(real.getTime() + YEAR);
  });

  it("an estimate the registrar cannot confirm goes to the back: a hundred unknown domains do not hold back a known one", async () => {
    await applyD1Migrations(d1, testEnv.TEST_MIGRATIONS);
    const user = "many-buyer";
    await run(
      "INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'Many', 'many@example.com', ?, ?)",
      user,
      ordered,
      ordered,
    );
    const paid = await order(user, 48, []);
    const insert = (domain: string, expiresAt: number) =>
      run(
        `INSERT INTO domain_registrations (domain, user_id, order_id, expires_at, auto_renew, expired, created_at, updated_at, expiry_checked_at)
         VALUES (?, ?, ?, ?, 1, 0, ?, ?, NULL)`,
        domain,
        user,
        paid,
        expiresAt,
        ordered,
        ordered,
      );
    // A hundred domains the registrar no longer has, all expiring before the one it knows.
    for (let i = 0; i < 100; i++) await insert(`gone${String(i).padStart(3, "0")}.com`, ordered + YEAR + i * 1000);
    const knownExpiry = new Date(ordered + 2 * YEAR);
    await insert("stillours.com", ordered + 2 * YEAR - DAY);

    const state = newRegistrarState();
    state.registered.set("stillours.com", { id: 6001, name: "stillours.com", registeredAt: new Date(ordered), expiresAt: knownExpiry });
    const registrar = dnsimpleRegistrar(STUB_DNSIMPLE_ENV, registrarStubHandler(state))!;
    const appEnv = {
      ...testEnv,
      DB: d1,
      JOBS: { send: async () => undefined },
      REDIRECT: { purgeHosts: async () => undefined },
    } as unknown as AppEnv;

    // The first daily pass asks about the hundred that come first and cannot confirm them...
    await runRenewalPass(appEnv, new Date(ordered + 30 * DAY), registrar);
    expect((await getRegistration(getDb(d1), "stillours.com"))?.expiryCheckedAt).toBeNull();
    // ...so the next one reaches the domain the registrar knows.
    const second = new Date(ordered + 31 * DAY);
    await runRenewalPass(appEnv, second, registrar);
    expect(await getRegistration(getDb(d1), "stillours.com")).toMatchObject({ expiresAt: knownExpiry, expiryCheckedAt: second });
    expect((await getRegistration(getDb(d1), "gone000.com"))?.expiryCheckedAt).toBeNull();
  });
});
