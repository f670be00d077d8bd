/**
 * The bulk-import job (spec 02 §2, §4; docs/decisions/009, 020). The first run of an import reads
 * the uploaded file from R2, parses it (the only place a bulk file is parsed) under the limits of
 * domain/bulk-file.ts (inflated bytes counted while inflating, columns, cells), validates every
 * row with the single form's rules (createLinkSchema: destination, alias, tags, expiry) and the uploader's
 * capabilities, and stages the outcome in R2. Each run then writes up to BULK_IMPORT_ROWS_PER_RUN rows,
 * BULK_ROWS_PER_BATCH at a time, each chunk one atomic db.batch (links, tags, ledger rows); the
 * rest goes to a follow-up message. The ledger makes every step idempotent: a redelivery or a
 * retry after a failure skips the rows it has. The last run counts the ledger, marks the import
 * done and notifies the user with a link to the result file (in the same batch); then the new
 * links are written to KV, BULK_PUBLISH_ROWS_PER_RUN a message, marking each ledger row published.
 */
import { createLinkSchema } from "../../../app/forms/create-link";
import {
  bulkUploaderHeld,
  countBulkRows,
  finishBulkImport,
  getBulkImport,
  holdBulkImport,
  listDoneBulkRows,
  listTakenAliases,
  listUnpublishedBulkLinks,
  markBulkImportRunning,
  markBulkRowsPublished,
  setBulkImportTotal,
  writeBulkChunk,
  type BulkCreatedRow,
  type BulkImport,
  type BulkRefusedRow,
} from "../../../db/bulk-imports.server";
import { getDb, type Db } from "../../../db/client.server";
import { toLinkRecord } from "../../../db/links.server";
import { countLinksToUrls, getUsage } from "../../../db/usage.server";
import { CreationAllowance, creationLimitMessage } from "../../../domain/creation-limits";
import { getOveragesEnabled } from "../../../db/users.server";
import { getWorkspaceOverages } from "../../../db/overages.server";
import { isReservedAlias, randomAlias, RANDOM_ALIAS_ATTEMPTS } from "../../../domain/alias";
import {
  BULK_FILE_MESSAGES,
  BULK_HELD_REASON,
  BULK_MAX_ROWS,
  BULK_MESSAGES,
  BULK_ROWS_PER_BATCH,
  BULK_IMPORT_ROWS_PER_RUN,
  BULK_PUBLISH_ROWS_PER_RUN,
  bulkFileKey,
  bulkImportEnvelope,
  bulkResultPath,
  bulkStagedKey,
  isBulkImportPayload,
  normalizeExpiryCell,
  toBulkRows,
  type BulkImportPayload,
  type BulkRowInput,
} from "../../../domain/bulk";
import { readSheet } from "../../../domain/bulk-file";
import { can, limitOf, type Subject } from "../../../domain/entitlements";
import { OVERAGE_REPORT_JOB } from "../../../domain/overage";
import type { Envelope } from "../../../domain/events";
import { addIsoDuration } from "../../../domain/expiry";
import { linkKey } from "../../../domain/link-record";
import { MESSAGES } from "../../../domain/messages";
import { getPlan, type FeatureFlag, type PlanName } from "../../../domain/plans";
import type { QueueEnv } from "./env";
import { and, eq, inArray, sql } from "drizzle-orm";
import { brandedDomains, links } from "../../../db/schema";
import { BRANDED_MESSAGES } from "../../../domain/branded-domains";

/** A validated row as staged in R2: what to create, or why not. */
type StagedRow =
  | { row: number; url: string; ok: true; alias: string | null; description: string | null; tags: string[]; expiresAt: number | null }
  | { row: number; url: string; ok: false; reason: string };

/** KV writes in flight at once. */
const KV_PARALLEL = 50;

function subjectOf(payload: BulkImportPayload): Subject {
  return { plan: payload.subject.plan as PlanName, userFeatures: payload.subject.userFeatures as FeatureFlag[] };
}

/** One row through the single form's schema and the capability checks of its action. */
export function validateBulkRow(input: BulkRowInput, payload: BulkImportPayload, now: Date): StagedRow {
  const subject = subjectOf(payload);
  const expiresRaw = input.expiresAt ? normalizeExpiryCell(input.expiresAt) : "";
  const parsed = createLinkSchema({ ownHosts: payload.ownHosts, bannedDomains: payload.bannedDomains }, now).safeParse({
    url: input.url,
    alias: input.alias,
    description: input.description,
    tags: input.tags,
    expires: expiresRaw ? "on" : undefined,
    expires_at: expiresRaw || undefined,
  });
  const url = input.url.slice(0, 2_048);
  if (!parsed.success) return { row: input.row, url, ok: false, reason: parsed.error.issues[0]?.message ?? MESSAGES.generic };
  const value = parsed.data;
  if (value.alias && !payload.customAlias) return { row: input.row, url, ok: false, reason: MESSAGES.permissionDenied };
  const canExpiry = can(subject, "manage_expiration");
  if (value.expiresAt && !canExpiry) return { row: input.row, url, ok: false, reason: MESSAGES.permissionDenied };
  const lifetime = getPlan(subject.plan).options.alias_lifetime;
  const expiresAt = canExpiry ? value.expiresAt : lifetime ? addIsoDuration(now, lifetime) : null;
  return {
    row: input.row,
    url: value.url,
    ok: true,
    alias: value.alias,
    description: value.description,
    // Without the tags capability the tags are dropped, as in the single form.
    tags: can(subject, "use_tags") ? value.tags : [],
    expiresAt: expiresAt ? expiresAt.getTime() : null,
  };
}

type StageOutcome = { ok: true; rows: StagedRow[] } | { ok: false; message: string };

/** The import's validated rows: staged in R2 by the run's first message, read back by the others. */
async function stagedRows(env: QueueEnv, bulkImport: BulkImport, payload: BulkImportPayload, now: Date): Promise<StageOutcome> {
  const key = bulkStagedKey(`${bulkImport.id}-${bulkImport.run}`);
  const staged = await env.UPLOADS.get(key);
  if (staged) return { ok: true, rows: await staged.json<StagedRow[]>() };
  const file = await env.UPLOADS.get(bulkFileKey(bulkImport.fileHash));
  if (!file) return { ok: false, message: "The uploaded file is no longer available. Please upload it again." };
  // The only place a bulk file is parsed (docs/decisions/020): inflation, columns and cells capped.
  const sheet = await readSheet(new Uint8Array(await file.arrayBuffer()), bulkImport.format);
  if (!sheet.ok) return { ok: false, message: sheet.message };
  const inputs = toBulkRows(sheet.rows, bulkImport.withHeader);
  if (inputs.length === 0) return { ok: false, message: BULK_FILE_MESSAGES.empty };
  if (inputs.length > BULK_MAX_ROWS) return { ok: false, message: BULK_FILE_MESSAGES.tooManyRows };
  const rows = inputs.map((input) => validateBulkRow(input, payload, now));
  await env.UPLOADS.put(key, JSON.stringify(rows), { httpMetadata: { contentType: "application/json" } });
  // The upload counted a CSV's lines only (and nothing of the other types): the file's own count.
  if (bulkImport.total !== rows.length) await setBulkImportTotal(getDb(env.DB), bulkImport.id, rows.length);
  return { ok: true, rows };
}

/** Writes link records to KV, a group at a time, then marks their ledger rows published. */
async function publish(
  env: QueueEnv,
  db: Db,
  importId: string,
  created: { row: number; link: Parameters<typeof toLinkRecord>[0] & { domain: string; alias: string } }[],
): Promise<void> {
  for (let start = 0; start < created.length; start += KV_PARALLEL) {
    const group = created.slice(start, start + KV_PARALLEL);
    await Promise.all(group.map(({ link }) => env.LINKS.put(linkKey(link.domain, link.alias), JSON.stringify(toLinkRecord(link)))));
  }
  await markBulkRowsPublished(
    db,
    importId,
    created.map((c) => c.row),
  );
}

/**
 * The plan's creation limits for this run (domain/creation-limits.ts, the single form's rule):
 * the workspace's usage, its links to the run's destinations, and whether overages are on.
 */
/**
 * Rows a run may still create on the upload's domain under max_branded_aliases_per_month, or null
 * when the domain is not a branded one or the plan has no bound. Counts the workspace's links on
 * any branded host since the 1st of the month (UTC), like the single create.
 */
async function brandedRowsLeft(
  db: Db,
  payload: BulkImportPayload,
  domain: string,
  now: Date,
): Promise<{ limit: number; left: number } | null> {
  const limit = limitOf(subjectOf(payload), "max_branded_aliases_per_month");
  if (limit === null) return null;
  const [isBranded] = await db
    .select({ id: brandedDomains.id })
    .from(brandedDomains)
    .where(eq(brandedDomains.hostname, domain.toLowerCase()))
    .limit(1);
  if (!isBranded) return null;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(links)
    .where(
      and(
        eq(links.workspaceId, payload.workspaceId ?? payload.userId),
        inArray(links.domain, db.select({ h: brandedDomains.hostname }).from(brandedDomains)),
        sql`${links.createdAt} >= ${monthStart.getTime()}`,
      ),
    );
  return { limit, left: Math.max(0, limit - Number(row?.n ?? 0)) };
}

async function allowance(db: Db, payload: BulkImportPayload, urls: string[], now: Date): Promise<CreationAllowance> {
  const subject = subjectOf(payload);
  const workspaceId = payload.workspaceId ?? payload.userId;
  // Overages: the user's switch in their own workspace; in an organization's workspace the switch
  // of the paid subscription in force there (the team's, else the organization's; decision 052).
  const limited = limitOf(subject, "max_active_aliases") !== null;
  const [usage, overages, perUrl] = await Promise.all([
    getUsage(db, workspaceId, now),
    !limited
      ? false
      : workspaceId === payload.userId
        ? getOveragesEnabled(db, payload.userId)
        : getWorkspaceOverages(db, workspaceId, now).then((o) => o?.on ?? false),
    limitOf(subject, "max_aliases_per_url") === null ? new Map<string, number>() : countLinksToUrls(db, workspaceId, urls),
  ]);
  return new CreationAllowance(subject, usage, perUrl, overages);
}

/**
 * Aliases for a chunk: chosen ones must be free on the domain and not chosen by an earlier row;
 * random ones are drawn until free (as createLink does, but checked for the whole chunk at once).
 */
async function resolveAliases(db: Db, domain: string, rows: Extract<StagedRow, { ok: true }>[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  const chosen = rows.filter((r) => r.alias !== null).map((r) => r.alias!);
  const taken = await listTakenAliases(db, domain, chosen);
  const used = new Set<string>();
  for (const row of rows) {
    if (row.alias === null) continue;
    if (taken.has(row.alias) || used.has(row.alias)) out.set(row.row, null);
    else {
      out.set(row.row, row.alias);
      used.add(row.alias);
    }
  }
  let randomRows = rows.filter((r) => r.alias === null);
  for (let attempt = 0; attempt < RANDOM_ALIAS_ATTEMPTS && randomRows.length > 0; attempt++) {
    const drawn = new Map<number, string>();
    for (const row of randomRows) {
      let alias = randomAlias();
      while (isReservedAlias(alias) || used.has(alias)) alias = randomAlias();
      drawn.set(row.row, alias);
      used.add(alias);
    }
    const clash = await listTakenAliases(db, domain, [...drawn.values()]);
    for (const [row, alias] of drawn) if (!clash.has(alias)) out.set(row, alias);
    randomRows = randomRows.filter((r) => !out.has(r.row));
  }
  if (randomRows.length > 0) throw new Error("bulk.import: could not find free random aliases");
  return out;
}

async function fail(db: Db, bulkImport: BulkImport, message: string, now: Date): Promise<void> {
  await finishBulkImport(
    db,
    bulkImport.id,
    {
      status: "failed",
      created: 0,
      refused: 0,
      error: message,
      title: BULK_MESSAGES.failedTitle,
      body: `${bulkImport.fileName}: ${message}`,
      url: null,
    },
    now,
  );
}

/**
 * The second phase: links created by the import are written to KV, BULK_PUBLISH_ROWS_PER_RUN a message.
 * They answer before that (the redirect worker reads D1 on a KV miss and fills KV), so the
 * import is finished, and the user notified, as soon as D1 has every row (docs/decisions/009).
 */
async function publishPending(env: QueueEnv, db: Db, payload: BulkImportPayload, bulkImport: BulkImport): Promise<void> {
  const pending = await listUnpublishedBulkLinks(db, bulkImport.id, BULK_PUBLISH_ROWS_PER_RUN + 1);
  const thisRun = pending.slice(0, BULK_PUBLISH_ROWS_PER_RUN);
  await publish(
    env,
    db,
    bulkImport.id,
    thisRun.map((link) => ({ row: link.row, link })),
  );
  if (pending.length > thisRun.length) {
    await env.BULK.send(bulkImportEnvelope(payload, `${bulkImport.id}:${bulkImport.run}:publish:${thisRun[thisRun.length - 1]!.row}`));
  }
}

/** The overage report of the import's workspace (workers/queue/src/overage.ts); only with Stripe, whose meter bills it. */
async function queueOverageReport(env: QueueEnv, payload: BulkImportPayload): Promise<void> {
  const activeLimit = limitOf(subjectOf(payload), "max_active_aliases");
  if (!env.STRIPE_SECRET_KEY || activeLimit === null) return;
  try {
    await env.JOBS.send({
      type: OVERAGE_REPORT_JOB,
      v: 1,
      id: crypto.randomUUID(),
      payload: { workspaceId: payload.workspaceId ?? payload.userId, activeLimit },
    });
  } catch (error) {
    // Never the import's failure: the next create or run past the limit reports what is missing.
    console.error("overage report not queued", error instanceof Error ? error.message : error);
  }
}

export async function bulkImportJob(envelope: Envelope<string, unknown>, env: QueueEnv, now = new Date()): Promise<void> {
  const payload = envelope.payload;
  if (!isBulkImportPayload(payload)) throw new Error("bulk.import: malformed payload");
  const db = getDb(env.DB);
  const bulkImport = await getBulkImport(db, payload.importId);
  // Unknown (the account was closed) or failed: a redelivery has nothing left to do.
  if (!bulkImport || bulkImport.userId !== payload.userId || bulkImport.status === "failed") return;
  if (bulkImport.status === "done") return publishPending(env, db, payload, bulkImport);
  if (bulkImport.status === "held") return;
  // A terminated or banned account's upload creates nothing (issue 19, decision 045): held for staff.
  if (await bulkUploaderHeld(db, payload.userId)) return holdBulkImport(db, bulkImport.id, BULK_HELD_REASON, now);
  await markBulkImportRunning(db, bulkImport.id, now);

  const staged = await stagedRows(env, bulkImport, payload, now);
  if (!staged.ok) return fail(db, bulkImport, staged.message, now);
  const done = await listDoneBulkRows(db, bulkImport.id);
  const pending = staged.rows.filter((row) => !done.has(row.row));
  const thisRun = pending.slice(0, BULK_IMPORT_ROWS_PER_RUN);

  const limits = await allowance(
    db,
    payload,
    thisRun.filter((row) => row.ok).map((row) => row.url),
    now,
  );
  // On a branded domain, max_branded_aliases_per_month bounds the rows as it bounds a single create
  // (decision 044): the workspace's links on branded hosts this month, then one more per created row.
  let branded = await brandedRowsLeft(db, payload, bulkImport.domain, now);
  for (let start = 0; start < thisRun.length; start += BULK_ROWS_PER_BATCH) {
    const chunk = thisRun.slice(start, start + BULK_ROWS_PER_BATCH);
    const valid = chunk.filter((row): row is Extract<StagedRow, { ok: true }> => row.ok);
    const aliases = await resolveAliases(db, bulkImport.domain, valid);
    const created: BulkCreatedRow[] = [];
    const refused: BulkRefusedRow[] = [];
    for (const row of chunk) {
      if (!row.ok) {
        refused.push({ row: row.row, url: row.url, reason: row.reason });
        continue;
      }
      const alias = aliases.get(row.row);
      if (!alias) {
        refused.push({ row: row.row, url: row.url, reason: MESSAGES.aliasTaken });
        continue;
      }
      const reached = limits.take(row.url);
      if (reached) {
        // A row past a limit is refused with its message in the result file.
        const reason = reached === "max_active_aliases" ? MESSAGES.planLimitTitle : creationLimitMessage(subjectOf(payload), reached);
        refused.push({ row: row.row, url: row.url, reason });
        continue;
      }
      if (branded !== null && branded.left <= 0) {
        refused.push({ row: row.row, url: row.url, reason: BRANDED_MESSAGES.maxBrandedAliases(branded.limit) });
        continue;
      }
      if (branded !== null) branded = { ...branded, left: branded.left - 1 };
      created.push({
        row: row.row,
        url: row.url,
        tags: row.tags,
        link: {
          id: crypto.randomUUID(),
          domain: bulkImport.domain,
          alias,
          url: row.url,
          description: row.description,
          expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
        },
      });
    }
    await writeBulkChunk(
      db,
      {
        importId: bulkImport.id,
        userId: payload.userId,
        workspaceId: bulkImport.workspaceId ?? payload.userId,
        run: bulkImport.run,
        created,
        refused,
      },
      now,
    );
  }

  // Rows created past the active-link limit with overages on are billed as a single create's are
  // (decisions 013, 052): the overage job reports the workspace's newly started blocks, once each.
  if (limits.pastActiveLimit) await queueOverageReport(env, payload);

  if (pending.length > thisRun.length) {
    // The rest in a follow-up message: each run stays within the per-invocation limits.
    await env.BULK.send(bulkImportEnvelope(payload, `${bulkImport.id}:${bulkImport.run}:${done.size + thisRun.length}`));
    return;
  }

  const counts = await countBulkRows(db, bulkImport.id);
  const total = staged.rows.length;
  const finished = await finishBulkImport(
    db,
    bulkImport.id,
    {
      status: "done",
      ...counts,
      title: BULK_MESSAGES.notificationTitle,
      body: `${bulkImport.fileName}: ${counts.created.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} links created, ${counts.refused.toLocaleString("en-US")} rows refused. Download the results.`,
      url: bulkResultPath(bulkImport.id),
    },
    now,
  );
  if (!finished) return;
  await env.UPLOADS.delete(bulkStagedKey(`${bulkImport.id}-${bulkImport.run}`));
  await publishPending(env, db, payload, { ...bulkImport, status: "done" });
}
