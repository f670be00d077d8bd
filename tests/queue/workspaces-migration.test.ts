/**
 * Migration 0014 (workspaces, docs/decisions/027) on a database holding personal data made before
 * it: every link, tag, preset, token, webhook, bulk import and usage counter is kept as it was and
 * lands in its user's personal workspace; nothing is lost. Runs on an empty D1 of its own
 * (MIGRATION_DB) brought to 0013 first.
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

const OWNED = ["links", "tags", "link_tags", "utm_presets", "api_tokens", "webhook_endpoints", "bulk_imports", "bulk_import_rows"];

async function seedUser(label: string) {
  const id = crypto.randomUUID();
  await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", id, label, `${label}@example.com`, t, t);
  const linkId = crypto.randomUUID();
  await run(
    "INSERT INTO links (id, domain, alias, url, status, user_id, created_at, updated_at) VALUES (?, 'localhost:8787', ?, 'https://example.com/a', 'active', ?, ?, ?)",
    linkId,
    `a-${label}`,
    id,
    t,
    t,
  );
  const tagId = crypto.randomUUID();
  await run("INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, 'launch', ?)", tagId, id, t);
  await run("INSERT INTO link_tags (link_id, tag_id) VALUES (?, ?)", linkId, tagId);
  await run(
    "INSERT INTO utm_presets (id, user_id, name, utm_source, utm_medium, utm_campaign, created_at) VALUES (?, ?, 'News', 'news', 'email', 'nov', ?)",
    crypto.randomUUID(),
    id,
    t,
  );
  await run(
    "INSERT INTO api_tokens (id, user_id, name, prefix, token_hash, permissions, created_at) VALUES (?, ?, 'CI', 'snip_ab', ?, '[\"create-url\"]', ?)",
    crypto.randomUUID(),
    id,
    crypto.randomUUID(),
    t,
  );
  await run(
    "INSERT INTO webhook_endpoints (id, user_id, url, secret_encrypted, secret_hint, events, created_at) VALUES (?, ?, 'https://hooks.example.com', 'x', 'abcd', '[\"link.created\"]', ?)",
    crypto.randomUUID(),
    id,
    t,
  );
  const importId = crypto.randomUUID();
  await run(
    "INSERT INTO bulk_imports (id, user_id, file_hash, file_name, format, domain, with_header, total, status, created_at, updated_at) VALUES (?, ?, 'hash', 'links.csv', 'csv', 'localhost:8787', 1, 1, 'done', ?, ?)",
    importId,
    id,
    t,
    t,
  );
  await run(
    "INSERT INTO bulk_import_rows (import_id, row, status, url, link_id, alias, run) VALUES (?, 2, 'created', 'https://example.com/a', ?, ?, 1)",
    importId,
    linkId,
    `a-${label}`,
  );
  await run("INSERT INTO usage_counters (user_id, counter, period, used) VALUES (?, 'api_credits', '2026-11', 42)", id);
  return id;
}

describe("migration 0014 (workspaces)", () => {
  it("keeps every row of existing personal data and puts it in its user's personal workspace", async () => {
    const before0014 = testEnv.TEST_MIGRATIONS.filter((m) => m.name < "0014_");
    expect(before0014.at(-1)?.name).toBe("0013_organizations.sql");
    await applyD1Migrations(d1, before0014);

    const ada = await seedUser("ada");
    const bob = await seedUser("bob");
    // A guest's link, and a link whose creator closed their account before workspaces existed.
    await run(
      "INSERT INTO links (id, domain, alias, url, status, guest_id, created_at, updated_at) VALUES ('guest-link', 'localhost:8787', 'guest', 'https://example.com/g', 'active', 'g1', ?, ?)",
      t,
      t,
    );
    await run(
      "INSERT INTO links (id, domain, alias, url, status, user_id, created_at, updated_at) VALUES ('orphan-link', 'localhost:8787', 'orphan', 'https://example.com/o', 'deleted', 'gone-user', ?, ?)",
      t,
      t,
    );
    const before: Record<string, Record<string, unknown>[]> = {};
    for (const table of OWNED) before[table] = await all(`SELECT * FROM ${table} ORDER BY rowid`);
    const usageBefore = await all("SELECT * FROM usage_counters ORDER BY user_id");

    await applyD1Migrations(d1, testEnv.TEST_MIGRATIONS);

    // Every row is still there with every old column unchanged.
    for (const table of OWNED) {
      const after = await all(`SELECT * FROM ${table} ORDER BY rowid`);
      expect(after.length, table).toBe(before[table]!.length);
      after.forEach((row, i) => expect(row, table).toMatchObject(before[table]![i]!));
    }
    expect(before.links).toHaveLength(4);

    // Each user has a personal workspace whose id is theirs, and owns what they made.
    expect(await all("SELECT id, kind, user_id, organization_id, team_id FROM workspaces ORDER BY user_id")).toEqual(
      [ada, bob].sort().map((id) => ({ id, kind: "personal", user_id: id, organization_id: null, team_id: null })),
    );
    for (const table of ["links", "tags", "utm_presets", "api_tokens", "webhook_endpoints", "bulk_imports"]) {
      for (const user of [ada, bob]) {
        const rows = await all(`SELECT workspace_id FROM ${table} WHERE user_id = ?`, user);
        expect(rows, `${table} of a user`).toEqual([{ workspace_id: user }]);
      }
    }
    expect(await all("SELECT workspace_id FROM links WHERE id IN ('guest-link', 'orphan-link')")).toEqual([
      { workspace_id: null },
      { workspace_id: null },
    ]);
    // Usage counters, now keyed by workspace, keep their counts.
    expect(await all("SELECT workspace_id, counter, period, used FROM usage_counters ORDER BY workspace_id")).toEqual(
      usageBefore.map((row) => ({ workspace_id: row.user_id, counter: row.counter, period: row.period, used: row.used })),
    );

    // A user created after the migration gets a personal workspace with the same statement.
    await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES ('new-user', 'New', 'new@example.com', ?, ?)", t, t);
    expect(await all("SELECT id, kind FROM workspaces WHERE user_id = 'new-user'")).toEqual([{ id: "new-user", kind: "personal" }]);

    // Closing an account takes its workspace and what it owns; its links stay (deleted elsewhere), unowned.
    await run("DELETE FROM users WHERE id = ?", ada);
    expect(await all("SELECT count(*) AS n FROM tags WHERE workspace_id = ?", ada)).toEqual([{ n: 0 }]);
    expect(await all("SELECT workspace_id, user_id FROM links WHERE user_id = ?", ada)).toEqual([{ workspace_id: null, user_id: ada }]);
  });
});
