// Applies the same migrations wrangler applies (db/migrations) to the test's D1, which is fresh
// for every test file (the plugin starts a new runtime per file).
//
// One batch (one transaction) for all of them, recorded in d1_migrations as `applyD1Migrations`
// from cloudflare:test records them (a later call of it, as in invitations-db.test.ts, finds them
// applied): the same statements in the same order, without a round trip per migration, which on
// a loaded machine took about a second a file (about 0.2 s as one batch).
import { env } from "cloudflare:workers";

const testEnv = env as unknown as { DB: D1Database; TEST_MIGRATIONS: { name: string; queries: string[] }[] };
const db = testEnv.DB;
const table = db.prepare(
  "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
);
const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
await db.batch([table, ...testEnv.TEST_MIGRATIONS.flatMap((m) => [...m.queries.map((q) => db.prepare(q)), record.bind(m.name)])]);
