/**
 * Migration 0019 (billing owners, docs/decisions/033) on a database holding subscriptions, billing
 * customers and checkouts made before it: every row is kept column for column, under the same id,
 * as its user's personal workspace's. Runs on an empty D1 of its own (MIGRATION_DB) brought to
 * 0018 first.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

type Migrations = Parameters<typeof applyD1Migrations>[1];
const testEnv = env as unknown as { MIGRATION_DB: D1Database; TEST_MIGRATIONS: Migrations };
const d1 = testEnv.MIGRATION_DB;
const t = Date.parse("2026-11-20T08:00:00Z");

const all = async (sql: string, ...params: unknown[]) =>
  (
    await d1
      .prepare(sql)
      .bind(...params)
      .all<Record<string, unknown>>()
  ).results;
const run = (sql: string, ...params: unknown[]) =>
  d1
    .prepare(sql)
    .bind(...params)
    .run();

async function seedUser(label: string) {
  const id = crypto.randomUUID();
  await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", id, label, `${label}@example.com`, t, t);
  for (const slot of ["current", "future"]) {
    await run(
      `INSERT INTO subscriptions (id, user_id, slot, name, interval, amount, currency, quantity, ends_at, trial_ends_at, period_starts_at,
         period_ends_at, billing_status, type, billing_type, billing_id, event_at, created_at, updated_at)
       VALUES (?, ?, ?, 'pro', 'monthly', 2900, 'USD', 1, NULL, ?, ?, ?, 'past_due', 'default', 1, ?, ?, ?, ?)`,
      `${id}:default:${slot}`,
      id,
      slot,
      t + 1,
      t,
      t + 30 * 86_400_000,
      `sub_${label}`,
      t + 5,
      t,
      t + 9,
    );
  }
  await run(
    `INSERT INTO billing_customers (user_id, billing_type, billing_id, pm_type, pm_last_four, pm_expiration, pm_country, pm_event_at, created_at, updated_at)
     VALUES (?, 1, ?, 'visa', '4242', '12/2030', 'US', ?, ?, ?)`,
    id,
    `cus_${label}`,
    t + 2,
    t,
    t + 3,
  );
  await run(
    `INSERT INTO checkout_sessions (id, user_id, billing_type, plan, interval, amount, first_amount, status, created_at)
     VALUES (?, ?, 0, 'pro', 'monthly', 2900, 2900, 'paid', ?)`,
    `cs_${label}`,
    id,
    t,
  );
  return id;
}

describe("migration 0019 (subscriptions and billing customers owned by a workspace)", () => {
  it("keeps every subscription, customer and checkout as its user's personal workspace's", async () => {
    const before0019 = testEnv.TEST_MIGRATIONS.filter((m) => m.name < "0019_");
    expect(before0019.at(-1)?.name).toBe("0018_kiosk_content.sql");
    await applyD1Migrations(d1, before0019);

    const ada = await seedUser("ada");
    const bob = await seedUser("bob");
    const subscriptionsBefore = await all("SELECT * FROM subscriptions ORDER BY id");
    const customersBefore = await all("SELECT * FROM billing_customers ORDER BY user_id");
    const sessionsBefore = await all("SELECT * FROM checkout_sessions ORDER BY id");
    expect(subscriptionsBefore).toHaveLength(4);

    await applyD1Migrations(d1, testEnv.TEST_MIGRATIONS);

    // Every old column unchanged, the same ids; the owner is the user's personal workspace.
    const subscriptionsAfter = await all("SELECT * FROM subscriptions ORDER BY id");
    expect(subscriptionsAfter).toHaveLength(4);
    subscriptionsAfter.forEach((row, i) => {
      expect(row).toMatchObject(subscriptionsBefore[i]!);
      expect(row).toMatchObject({ owner_id: row.user_id, organization_id: null, team_id: null });
    });
    const customersAfter = await all("SELECT * FROM billing_customers ORDER BY user_id");
    expect(customersAfter).toHaveLength(2);
    customersAfter.forEach((row, i) => {
      expect(row).toMatchObject(customersBefore[i]!);
      expect(row).toMatchObject({ owner_id: row.user_id, organization_id: null, team_id: null });
    });
    const sessionsAfter = await all("SELECT * FROM checkout_sessions ORDER BY id");
    sessionsAfter.forEach((row, i) => expect(row).toMatchObject({ ...sessionsBefore[i]!, owner_id: sessionsBefore[i]!.user_id }));
    for (const user of [ada, bob]) {
      expect(await all("SELECT kind FROM workspaces WHERE id = ?", user)).toEqual([{ kind: "personal" }]);
    }

    // A team's subscription and customer belong to the team's workspace; a row naming a user as
    // well, or a team of another organization, cannot be stored.
    await run(
      "INSERT INTO organizations (id, slug, name, owner_user_id, created_at, updated_at) VALUES ('o1', 'o1', 'O', ?, ?, ?)",
      ada,
      t,
      t,
    );
    await run(
      "INSERT INTO organizations (id, slug, name, owner_user_id, created_at, updated_at) VALUES ('o2', 'o2', 'O2', ?, ?, ?)",
      bob,
      t,
      t,
    );
    await run(
      "INSERT INTO teams (id, organization_id, slug, name, created_at, updated_at) VALUES ('t1', 'o1', 'sales', 'Sales', ?, ?)",
      t,
      t,
    );
    const insertSub = (owner: string, user: string | null, org: string | null, team: string | null) =>
      run(
        `INSERT INTO subscriptions (id, owner_id, user_id, organization_id, team_id, name, interval, amount, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'pro', 'monthly', 2900, ?, ?)`,
        `${owner}:${crypto.randomUUID()}`,
        owner,
        user,
        org,
        team,
        t,
        t,
      );
    await insertSub("t1", null, "o1", "t1");
    await insertSub("o1", null, "o1", null);
    await expect(insertSub("t1", ada, "o1", "t1")).rejects.toThrow(/CHECK/);
    await expect(insertSub("t1", null, "o2", "t1")).rejects.toThrow(/FOREIGN KEY/);
    await expect(insertSub(bob, ada, null, null)).rejects.toThrow(/CHECK/);
    await run(
      "INSERT INTO billing_customers (owner_id, organization_id, team_id, billing_type, billing_id, created_at, updated_at) VALUES ('t1', 'o1', 't1', 1, 'cus_team', ?, ?)",
      t,
      t,
    );
    // Deleting the team takes its subscription and customer; the organization's and the users' stay.
    await run("DELETE FROM teams WHERE id = 't1'");
    expect(await all("SELECT owner_id FROM subscriptions WHERE organization_id IS NOT NULL")).toEqual([{ owner_id: "o1" }]);
    expect(await all("SELECT count(*) AS n FROM billing_customers WHERE owner_id = 't1'")).toEqual([{ n: 0 }]);
    expect(await all("SELECT count(*) AS n FROM subscriptions WHERE user_id IS NOT NULL")).toEqual([{ n: 4 }]);
  });
});
