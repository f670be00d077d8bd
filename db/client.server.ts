import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;

/**
 * One D1 batch (one transaction) of drizzle statements, raw SQL with parameters among them (which
 * drizzle's own batch cannot bind). Resolves to D1's result per statement (`meta.changes`).
 */
type BuiltQuery = { getQuery(): { sql: string; params: unknown[] } } | { toSQL(): { sql: string; params: unknown[] } };

export async function rawBatch(db: Db, queries: readonly BuiltQuery[]) {
  const statements = queries.map((q) => {
    const { sql: text, params } = "getQuery" in q ? q.getQuery() : q.toSQL();
    return db.$client.prepare(text).bind(...params);
  });
  return db.$client.batch(statements);
}
