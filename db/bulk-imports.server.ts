/**
 * Bulk imports and their per-row ledger (db/schema/bulk.ts). The consumer writes a chunk of
 * rows as one db.batch (atomic in D1): the new links, their tags and their ledger rows together,
 * so a retry after a failure finds either all of a chunk or none of it. Multi-row inserts bind
 * one parameter, a JSON array of the chunk's rows read with json_each, which keeps every
 * statement far under D1's 100 bound parameters whatever the chunk size.
 */
import { and, asc, count, desc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BulkFormat } from "../domain/bulk";
import type { Db } from "./client.server";
import { bulkImportRecipients, bulkImportRows, bulkImports, links, users } from "./schema";

export type BulkImport = typeof bulkImports.$inferSelect;
export type BulkImportRow = typeof bulkImportRows.$inferSelect;

export interface NewBulkImport {
  /** Who uploaded it. */
  userId: string;
  /** The workspace its links are created in (docs/decisions/027). */
  workspaceId: string;
  fileHash: string;
  fileName: string;
  format: BulkFormat;
  domain: string;
  withHeader: boolean;
  total: number;
}

/** An import that has made no progress for this long (its messages dead-lettered) may be started again. */
export const BULK_IMPORT_STALE_MS = 30 * 60 * 1000;

/**
 * The import of this file (by content hash) on this domain for this user: a new one, or the
 * existing one started again when it had finished or stalled (its refused rows are forgotten,
 * so they are tried again; its created rows stay, so nothing is created twice). `schedule` says
 * whether a job must be sent: false while an earlier upload of the same file is being imported.
 * A teammate uploading a team's file that is being imported joins that run: its end notifies
 * them too (they were told "You will receive a notification shortly after", spec 02 §8).
 */
export async function startBulkImport(
  db: Db,
  input: NewBulkImport,
  now = new Date(),
  /** An audit row (an import inside an organization), written in the same batch as the import. */
  audit?: BatchItem<"sqlite">,
): Promise<{ bulkImport: BulkImport; schedule: boolean }> {
  const insert = db
    .insert(bulkImports)
    .values({ id: crypto.randomUUID(), ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  const [inserted] = audit ? (await db.batch([insert, audit]))[0] : await insert;
  if (inserted) return { bulkImport: inserted, schedule: true };
  const existing = await db.query.bulkImports.findFirst({
    where: and(
      eq(bulkImports.workspaceId, input.workspaceId),
      eq(bulkImports.fileHash, input.fileHash),
      eq(bulkImports.domain, input.domain),
    ),
  });
  if (!existing) throw new Error("bulk import vanished");
  const staleBefore = new Date(now.getTime() - BULK_IMPORT_STALE_MS);
  const inProgress = existing.status === "queued" || existing.status === "running";
  // A join that finds the run ended in between falls through: the import starts again for them.
  if (
    inProgress &&
    existing.updatedAt > staleBefore &&
    (existing.userId === input.userId || (await joinBulkImport(db, existing.id, input.userId)))
  )
    return { bulkImport: existing, schedule: false };
  const restartable = and(
    eq(bulkImports.id, existing.id),
    or(inArray(bulkImports.status, ["done", "failed", "held"]), lt(bulkImports.updatedAt, staleBefore)),
  );
  const [, , restarted] = await db.batch([
    db.delete(bulkImportRows).where(and(eq(bulkImportRows.importId, existing.id), eq(bulkImportRows.status, "refused"))),
    // A teammate takes the import over: the previous uploader stays a recipient of their run, so the
    // result file their notification links to still opens for them (isBulkImportRecipient).
    db
      .insert(bulkImportRecipients)
      .select(
        db
          .select({ importId: bulkImports.id, userId: bulkImports.userId, run: bulkImports.run })
          .from(bulkImports)
          .where(and(restartable, ne(bulkImports.userId, input.userId))),
      )
      .onConflictDoNothing(),
    db
      .update(bulkImports)
      .set({
        status: "queued",
        run: sql`${bulkImports.run} + 1`,
        // The run is the new uploader's (a teammate's, in a team's workspace): the consumer runs
        // it for them, and its notification and result file are theirs.
        userId: input.userId,
        withHeader: input.withHeader,
        total: input.total,
        fileName: input.fileName,
        error: null,
        updatedAt: now,
        finishedAt: null,
      })
      .where(restartable)
      .returning(),
  ]);
  // Another upload restarted it at the same moment: that one schedules the job.
  return restarted[0] ? { bulkImport: restarted[0], schedule: true } : { bulkImport: existing, schedule: false };
}

/**
 * Adds a teammate to the run under way of an import, in one statement that sees the import's
 * state: true when they are now told of its end, false when it is no longer queued or running
 * (or they had joined this run already).
 */
async function joinBulkImport(db: Db, importId: string, userId: string): Promise<boolean> {
  const result = await db.$client
    .prepare(
      `INSERT OR IGNORE INTO bulk_import_recipients (import_id, user_id, run)
       SELECT id, ?2, run FROM bulk_imports WHERE id = ?1 AND status IN ('queued', 'running')`,
    )
    .bind(importId, userId)
    .run();
  return result.meta.changes > 0;
}

/** Whether the user was told of a run of the import (a teammate who joined it) and so may open its result file. */
export async function isBulkImportRecipient(db: Db, importId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ run: bulkImportRecipients.run })
    .from(bulkImportRecipients)
    .where(and(eq(bulkImportRecipients.importId, importId), eq(bulkImportRecipients.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function getBulkImport(db: Db, id: string): Promise<BulkImport | undefined> {
  return db.query.bulkImports.findFirst({ where: eq(bulkImports.id, id) });
}

/**
 * Whether the uploader's account may create links now (issue 19, decision 045): not terminated by
 * staff (decision 036) and not banned. An account that no longer exists may not either.
 */
export async function bulkUploaderHeld(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ terminatedAt: users.terminatedAt, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return !row || row.terminatedAt !== null || row.banned === true;
}

/** Holds an import the consumer may not run (the uploader's account is terminated): nothing is created, staff see it. */
export async function holdBulkImport(db: Db, id: string, reason: string, now = new Date()): Promise<void> {
  await db
    .update(bulkImports)
    .set({ status: "held", error: reason, updatedAt: now })
    .where(and(eq(bulkImports.id, id), inArray(bulkImports.status, ["queued", "running"])));
}

/** A user's held imports, newest first (the kiosk's user page). */
export async function listHeldBulkImports(db: Db, userId: string) {
  return db
    .select()
    .from(bulkImports)
    .where(and(eq(bulkImports.userId, userId), eq(bulkImports.status, "held")))
    .orderBy(desc(bulkImports.updatedAt));
}

/** Each run marks the import running and its progress time (what tells a stalled import apart). */
export async function markBulkImportRunning(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .update(bulkImports)
    .set({ status: "running", updatedAt: now })
    .where(and(eq(bulkImports.id, id), inArray(bulkImports.status, ["queued", "running"])));
}

/** The import's number of data rows, as the consumer parsed them (the upload does not parse). */
export async function setBulkImportTotal(db: Db, id: string, total: number): Promise<void> {
  await db.update(bulkImports).set({ total }).where(eq(bulkImports.id, id));
}

/** Row numbers the ledger already has for the import. */
export async function listDoneBulkRows(db: Db, importId: string): Promise<Set<number>> {
  const rows = await db.select({ row: bulkImportRows.row }).from(bulkImportRows).where(eq(bulkImportRows.importId, importId));
  return new Set(rows.map((r) => r.row));
}

/** Created links of the import not written to KV yet, in row order. */
export async function listUnpublishedBulkLinks(db: Db, importId: string, limit: number) {
  return db
    .select({
      row: bulkImportRows.row,
      id: links.id,
      domain: links.domain,
      alias: links.alias,
      url: links.url,
      status: links.status,
      expiresAt: links.expiresAt,
      blocked: links.blocked,
    })
    .from(bulkImportRows)
    .innerJoin(links, eq(links.id, bulkImportRows.linkId))
    .where(and(eq(bulkImportRows.importId, importId), eq(bulkImportRows.status, "created"), eq(bulkImportRows.published, false)))
    .orderBy(asc(bulkImportRows.row))
    .limit(limit);
}

/** Aliases among `aliases` already used on `domain`. */
export async function listTakenAliases(db: Db, domain: string, aliases: readonly string[]): Promise<Set<string>> {
  if (aliases.length === 0) return new Set();
  const rows = await db.all<{ alias: string }>(
    sql`SELECT alias FROM links WHERE domain = ${domain} AND alias IN (SELECT value FROM json_each(${JSON.stringify(aliases)}))`,
  );
  return new Set(rows.map((r) => r.alias));
}

export interface BulkCreatedRow {
  row: number;
  url: string;
  link: { id: string; domain: string; alias: string; url: string; description: string | null; expiresAt: Date | null };
  tags: string[];
}

export interface BulkRefusedRow {
  row: number;
  url: string;
  reason: string;
}

/**
 * One chunk in one db.batch: the links, the user's missing tags, the link-tag pairs, and the
 * ledger rows. A ledger row that exists already (the same chunk written by a duplicate delivery)
 * fails the whole batch, links included: each row is written exactly once.
 */
export async function writeBulkChunk(
  db: Db,
  chunk: { importId: string; userId: string; workspaceId: string; run: number; created: BulkCreatedRow[]; refused: BulkRefusedRow[] },
  now = new Date(),
): Promise<void> {
  const d1 = db.$client;
  const at = now.getTime();
  const statements: D1PreparedStatement[] = [];
  if (chunk.created.length > 0) {
    const linkRows = chunk.created.map(({ link }) => ({
      id: link.id,
      domain: link.domain,
      alias: link.alias,
      url: link.url,
      description: link.description,
      expiresAt: link.expiresAt ? link.expiresAt.getTime() : null,
    }));
    statements.push(
      d1
        .prepare(
          `INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, guest_id, description, expires_at, created_at, updated_at)
           SELECT json_extract(value, '$.id'), json_extract(value, '$.domain'), json_extract(value, '$.alias'), json_extract(value, '$.url'),
             'active', ?1, ?4, NULL, json_extract(value, '$.description'), json_extract(value, '$.expiresAt'), ?2, ?2
           FROM json_each(?3)`,
        )
        .bind(chunk.userId, at, JSON.stringify(linkRows), chunk.workspaceId),
    );
    const pairs = chunk.created.flatMap(({ link, tags }) => tags.map((t) => ({ l: link.id, t })));
    if (pairs.length > 0) {
      const names = [...new Set(pairs.map((p) => p.t))];
      statements.push(
        d1
          .prepare(
            `INSERT INTO tags (id, user_id, workspace_id, name, created_at)
             SELECT lower(hex(randomblob(16))), ?1, ?4, value, ?2 FROM json_each(?3) WHERE true
             ON CONFLICT (workspace_id, name) DO NOTHING`,
          )
          .bind(chunk.userId, at, JSON.stringify(names), chunk.workspaceId),
        d1
          .prepare(
            `INSERT OR IGNORE INTO link_tags (link_id, tag_id)
             SELECT json_extract(p.value, '$.l'), t.id FROM json_each(?2) p
             JOIN tags t ON t.workspace_id = ?1 AND t.name = json_extract(p.value, '$.t')`,
          )
          .bind(chunk.workspaceId, JSON.stringify(pairs)),
      );
    }
  }
  const ledger = [
    ...chunk.created.map((c) => ({ row: c.row, status: "created", url: c.url, linkId: c.link.id, alias: c.link.alias, reason: null })),
    ...chunk.refused.map((r) => ({ row: r.row, status: "refused", url: r.url, linkId: null, alias: null, reason: r.reason })),
  ];
  if (ledger.length === 0) return;
  statements.push(
    d1
      .prepare(
        `INSERT INTO bulk_import_rows (import_id, row, status, url, link_id, alias, reason, run, published)
         SELECT ?1, json_extract(value, '$.row'), json_extract(value, '$.status'), json_extract(value, '$.url'),
           json_extract(value, '$.linkId'), json_extract(value, '$.alias'), json_extract(value, '$.reason'), ?2, 0
         FROM json_each(?3)`,
      )
      .bind(chunk.importId, chunk.run, JSON.stringify(ledger)),
  );
  await d1.batch(statements);
}

export async function markBulkRowsPublished(db: Db, importId: string, rows: readonly number[]): Promise<void> {
  if (rows.length === 0) return;
  await db.run(
    sql`UPDATE bulk_import_rows SET published = 1 WHERE import_id = ${importId} AND row IN (SELECT value FROM json_each(${JSON.stringify(rows)}))`,
  );
}

export async function countBulkRows(db: Db, importId: string): Promise<{ created: number; refused: number }> {
  const rows = await db
    .select({ status: bulkImportRows.status, n: count() })
    .from(bulkImportRows)
    .where(eq(bulkImportRows.importId, importId))
    .groupBy(bulkImportRows.status);
  return {
    created: rows.find((r) => r.status === "created")?.n ?? 0,
    refused: rows.find((r) => r.status === "refused")?.n ?? 0,
  };
}

/**
 * Ends the import's run: counts, status, and the notification, in one batch; the notification is
 * inserted only by the statement that moves the import out of queued/running, so a redelivered
 * last message notifies nobody twice. Returns whether this call finished it.
 */
export async function finishBulkImport(
  db: Db,
  id: string,
  outcome: { status: "done" | "failed"; created: number; refused: number; error?: string; title: string; body: string; url: string | null },
  now = new Date(),
): Promise<boolean> {
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, title, body, url, created_at)
         SELECT ?1, user_id, ?2, ?3, ?4, ?5 FROM bulk_imports WHERE id = ?6 AND status IN ('queued', 'running')`,
      )
      .bind(crypto.randomUUID(), outcome.title, outcome.body, outcome.url, now.getTime(), id),
    // The teammates who joined this run (startBulkImport) are told too.
    d1
      .prepare(
        `INSERT INTO notifications (id, user_id, title, body, url, created_at)
         SELECT lower(hex(randomblob(16))), r.user_id, ?1, ?2, ?3, ?4
         FROM bulk_import_recipients r JOIN bulk_imports b ON b.id = r.import_id AND b.run = r.run
         WHERE r.import_id = ?5 AND r.user_id <> b.user_id AND b.status IN ('queued', 'running')`,
      )
      .bind(outcome.title, outcome.body, outcome.url, now.getTime(), id),
    d1
      .prepare(
        `UPDATE bulk_imports SET status = ?1, created = ?2, refused = ?3, error = ?4, updated_at = ?5, finished_at = ?5
         WHERE id = ?6 AND status IN ('queued', 'running')`,
      )
      .bind(outcome.status, outcome.created, outcome.refused, outcome.error ?? null, now.getTime(), id),
  ]);
  return (inserted?.meta.changes ?? 0) > 0;
}

/** The result file's rows: every ledger row in spreadsheet order, with the created link's domain. */
export async function listBulkImportResults(db: Db, importId: string) {
  return db
    .select({
      row: bulkImportRows.row,
      url: bulkImportRows.url,
      status: bulkImportRows.status,
      alias: bulkImportRows.alias,
      reason: bulkImportRows.reason,
      run: bulkImportRows.run,
      domain: links.domain,
    })
    .from(bulkImportRows)
    .leftJoin(links, eq(links.id, bulkImportRows.linkId))
    .where(eq(bulkImportRows.importId, importId))
    .orderBy(asc(bulkImportRows.row));
}
