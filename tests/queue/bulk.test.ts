import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { BulkReply } from "../../app/forms/bulk";
import { acceptBulkUpload } from "../../app/lib/bulk.server";
import { getDb } from "../../db/client.server";
import { isBulkImportRecipient, listBulkImportResults } from "../../db/bulk-imports.server";
import {
  BULK_HELD_REASON,
  BULK_IMPORT_ROWS_PER_RUN,
  BULK_MESSAGES,
  BULK_PUBLISH_ROWS_PER_RUN,
  type BulkImportPayload,
} from "../../domain/bulk";
import { linkKey } from "../../domain/link-record";
import { MESSAGES } from "../../domain/messages";
import { OVERAGE_REPORT_JOB } from "../../domain/overage";
import { setOveragesEnabled } from "../../db/users.server";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const baseEnv = env as unknown as QueueEnv;
const db = getDb(baseEnv.DB);
const DOMAIN = "localhost:8787";

async function newUser(plan = "pro5k"): Promise<Omit<BulkImportPayload, "importId">> {
  const id = `u-${crypto.randomUUID()}`;
  await baseEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'T', ?, 1, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  const features = ["pro", "pro5k"].includes(plan) ? [] : [];
  return { userId: id, subject: { plan, userFeatures: features }, customAlias: true, ownHosts: [DOMAIN], bannedDomains: [] };
}

let seq = 0;
/** Runs the queue worker on one message; the follow-up messages it sends are collected, not delivered. */
async function deliver(body: unknown, testEnv: QueueEnv) {
  const batch = createMessageBatch("snip-bulk", [{ id: `bulk${++seq}`, timestamp: new Date(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return getQueueResult(batch, ctx);
}

/** A queue that keeps what is sent, so the test delivers each message itself, in order. */
function collectingQueue() {
  const sent: unknown[] = [];
  return { sent, queue: { send: async (body: unknown) => void sent.push(body) } as unknown as Queue };
}

/** Uploads as the form does, then delivers the job and every follow-up until the import is finished. */
async function importFile(
  who: Omit<BulkImportPayload, "importId">,
  name: string,
  bytes: Uint8Array,
  {
    withHeader = true,
    testEnv = baseEnv,
    untilNotified = false,
    domain = DOMAIN,
  }: { withHeader?: boolean; testEnv?: QueueEnv; untilNotified?: boolean; domain?: string } = {},
): Promise<{ reply: BulkReply; messages: number; retried: number; rest: unknown[] }> {
  const { sent, queue } = collectingQueue();
  const reply = await acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, who, [domain], {
    file: { name, size: bytes.length, bytes: async () => bytes },
    domain,
    withHeader,
  });
  let messages = 0;
  let retried = 0;
  const runEnv = { ...testEnv, BULK: queue };
  while (sent.length > 0) {
    const body = sent.shift();
    const result = await deliver(body, runEnv);
    messages++;
    if (result.retryMessages.length > 0) {
      retried++;
      sent.unshift(body);
    } else expect(result.explicitAcks).toHaveLength(1);
    if (messages > 200) throw new Error("import did not finish");
    if (untilNotified && (await importOf(who.userId))?.status === "done") break;
  }
  return { reply, messages, retried, rest: sent };
}

/** An organization owned by the user, with one team; the team's id (its workspace). */
async function newTeam(ownerUserId: string): Promise<string> {
  const orgId = crypto.randomUUID();
  const teamId = crypto.randomUUID();
  await baseEnv.DB.batch([
    baseEnv.DB.prepare(
      "INSERT INTO organizations (id, slug, name, owner_user_id, created_at, updated_at) VALUES (?, ?, 'Acme', ?, 0, 0)",
    ).bind(orgId, `bulk-${orgId.slice(0, 8)}`, ownerUserId),
    baseEnv.DB.prepare(
      "INSERT INTO teams (id, organization_id, slug, name, created_at, updated_at) VALUES (?, ?, 'alpha', 'Alpha', 0, 0)",
    ).bind(teamId, orgId),
  ]);
  return teamId;
}

function csv(lines: string[]): Uint8Array {
  return new TextEncoder().encode(lines.join("\n"));
}

function sheetFile(rows: unknown[][], bookType: "xlsx" | "ods" | "xls"): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Links");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType }) as ArrayBuffer);
}

async function importOf(userId: string) {
  return baseEnv.DB.prepare("SELECT id, status, total, created, refused, run FROM bulk_imports WHERE user_id = ? ORDER BY created_at DESC")
    .bind(userId)
    .first<{ id: string; status: string; total: number; created: number; refused: number; run: number }>();
}

async function linksOf(userId: string) {
  return (
    await baseEnv.DB.prepare("SELECT id, alias, url, description, expires_at FROM links WHERE user_id = ? ORDER BY url")
      .bind(userId)
      .all<{ id: string; alias: string; url: string; description: string | null; expires_at: number | null }>()
  ).results;
}

async function notificationsOf(userId: string) {
  return (
    await baseEnv.DB.prepare("SELECT title, body, url FROM notifications WHERE user_id = ?")
      .bind(userId)
      .all<{ title: string; body: string; url: string | null }>()
  ).results;
}

describe("bulk import", () => {
  it("imports a 10,000-row CSV completely, in runs that stay within the per-invocation limits", async () => {
    const who = await newUser();
    const lines = ["url,alias,tags,description"];
    for (let i = 0; i < 10_000; i++) lines.push(`https://example.com/page/${i}?q=${i},,${i % 2 ? "odd" : '"even,all"'},Row ${i}`);
    const started = Date.now();
    const { reply, messages, rest } = await importFile(who, "big.csv", csv(lines), { untilNotified: true });
    console.log(`bulk: 10,000 rows imported in ${Date.now() - started} ms over ${messages} messages`);
    expect(reply).toEqual({ total: 10_000 });
    expect(messages).toBe(Math.ceil(10_000 / BULK_IMPORT_ROWS_PER_RUN));
    const imp = await importOf(who.userId);
    expect(imp).toMatchObject({ status: "done", total: 10_000, created: 10_000, refused: 0 });
    const links = await linksOf(who.userId);
    expect(links).toHaveLength(10_000);
    expect(new Set(links.map((l) => l.url)).size).toBe(10_000);
    // The finishing run wrote the first BULK_PUBLISH_ROWS_PER_RUN links to KV and handed the rest on.
    expect(rest).toHaveLength(1);
    const published = await baseEnv.DB.prepare(
      "SELECT r.row, l.alias, l.url, l.id FROM bulk_import_rows r JOIN links l ON l.id = r.link_id WHERE r.import_id = ? AND r.published = 1 ORDER BY r.row",
    )
      .bind(imp!.id)
      .all<{ row: number; alias: string; url: string; id: string }>();
    expect(published.results).toHaveLength(BULK_PUBLISH_ROWS_PER_RUN);
    for (const link of published.results.slice(0, 50))
      expect(await baseEnv.LINKS.get(linkKey(DOMAIN, link.alias), "json")).toMatchObject({ id: link.id, url: link.url });
    // Tags: even rows have two, odd rows one.
    const tagged = await baseEnv.DB.prepare(
      "SELECT t.name, COUNT(*) AS n FROM link_tags lt JOIN tags t ON t.id = lt.tag_id WHERE t.user_id = ? GROUP BY t.name ORDER BY t.name",
    )
      .bind(who.userId)
      .all<{ name: string; n: number }>();
    expect(tagged.results).toEqual([
      { name: "all", n: 5_000 },
      { name: "even", n: 5_000 },
      { name: "odd", n: 5_000 },
    ]);
    const notes = await notificationsOf(who.userId);
    expect(notes).toEqual([
      {
        title: BULK_MESSAGES.notificationTitle,
        body: expect.stringContaining("10,000 of 10,000 links created"),
        url: `/app/links/bulk/${imp!.id}/result.csv`,
      },
    ]);
  }, 120_000);

  it("imports XLSX and ODS files, by header names in any order", async () => {
    const who = await newUser();
    const rows = [
      ["Description", "Long URL", "Alias", "Expiry"],
      ["First", "https://example.org/x1", `x1-${who.userId.slice(2, 10)}`, "2030-01-31 12:00"],
      ["Second", "example.org/x2", "", ""],
    ];
    for (const bookType of ["xlsx", "ods"] as const) {
      const user = bookType === "xlsx" ? who : await newUser();
      const file = sheetFile(
        rows.map((r, i) => (i === 1 ? [r[0], r[1], `${r[2]}-${bookType}`, r[3]] : r)),
        bookType,
      );
      const { reply } = await importFile(user, `links.${bookType}`, file);
      // The upload does not open spreadsheets: the import counts their rows (docs/decisions/020).
      expect(reply).toEqual({ total: null });
      const links = await linksOf(user.userId);
      expect(links.map((l) => [l.url, l.description])).toEqual([
        ["https://example.org/x1", "First"],
        ["https://example.org/x2", "Second"],
      ]);
      expect(links[0]!.alias).toBe(`x1-${who.userId.slice(2, 10)}-${bookType}`);
      expect(links[0]!.expires_at).toBe(Date.UTC(2030, 0, 31, 12));
      expect(await importOf(user.userId)).toMatchObject({ status: "done", total: 2, created: 2, refused: 0 });
    }
  });

  it("imports the good rows of a file with bad ones and reports each bad row with its reason", async () => {
    const who = await newUser();
    const taken = `tk${crypto.randomUUID().slice(0, 8)}`;
    await importFile(who, "first.csv", csv([`https://example.com/owner,${taken}`]), { withHeader: false });
    const { reply } = await importFile(
      who,
      "mixed.csv",
      csv([
        "https://example.com/good-1",
        "javascript:alert(1)",
        "",
        "https://example.com/good-2,ab",
        `https://example.com/dup,${taken}`,
        "https://example.com/tags,,x",
        "https://example.com/late,,,,2020-01-01",
        "https://example.com/good-3,,,A description",
      ]),
      { withHeader: false },
    );
    expect(reply).toEqual({ total: 7 });
    const imp = await importOf(who.userId);
    expect(imp).toMatchObject({ status: "done", total: 7, created: 2, refused: 5 });
    const results = await listBulkImportResults(db, imp!.id);
    expect(results.map((r) => [r.row, r.status, r.reason])).toEqual([
      [1, "created", null],
      [2, "refused", MESSAGES.urlScheme],
      [4, "refused", MESSAGES.aliasMin(5)],
      [5, "refused", MESSAGES.aliasTaken],
      [6, "refused", "The tag must be at least 2 characters."],
      [7, "refused", "The expiry must be at least 5 minutes from now."],
      [8, "created", null],
    ]);
  });

  it("refuses rows beyond the plan's active-alias limit", async () => {
    const who = await newUser("free");
    const lines = Array.from({ length: 105 }, (_, i) => `https://example.com/free/${i}`);
    await importFile({ ...who, customAlias: false }, "free.csv", csv(lines), { withHeader: false });
    expect(await importOf(who.userId)).toMatchObject({ status: "done", created: 100, refused: 5 });
    const results = await listBulkImportResults(db, (await importOf(who.userId))!.id);
    expect(results.filter((r) => r.status === "refused").map((r) => r.reason)).toEqual(Array(5).fill(MESSAGES.planLimitTitle));
  });

  it("with overages on, rows past the active-alias limit are created and the overage report is queued, as for a single create", async () => {
    const jobs = collectingQueue();
    const testEnv = { ...baseEnv, JOBS: jobs.queue, STRIPE_SECRET_KEY: "sk_test_bulk_overage" } as QueueEnv;
    const lines = Array.from({ length: 105 }, (_, i) => `https://example.com/over/${i}`);

    const off = await newUser("free");
    await importFile({ ...off, customAlias: false }, "off.csv", csv(lines), { withHeader: false, testEnv });
    expect(await importOf(off.userId)).toMatchObject({ status: "done", created: 100, refused: 5 });
    expect(jobs.sent).toEqual([]);

    const on = await newUser("free");
    await setOveragesEnabled(db, on.userId, true);
    await importFile({ ...on, customAlias: false }, "on.csv", csv(lines), { withHeader: false, testEnv });
    expect(await importOf(on.userId)).toMatchObject({ status: "done", created: 105, refused: 0 });
    expect(jobs.sent).toEqual([
      expect.objectContaining({ type: OVERAGE_REPORT_JOB, payload: { workspaceId: on.userId, activeLimit: 100 } }),
    ]);
  });

  it("refuses rows past the links-per-URL, links-a-month and links-in-total limits with their messages (issue 20)", async () => {
    // basic-plan options through bulk10k: 5 links to one URL, 10,000 a month.
    const who = await newUser("bulk10k");
    const lines = [...Array.from({ length: 7 }, () => "https://example.com/same-page"), "https://example.com/other-page"];
    await importFile({ ...who, customAlias: false }, "same.csv", csv(lines), { withHeader: false });
    const imp = await importOf(who.userId);
    expect(imp).toMatchObject({ status: "done", created: 6, refused: 2 });
    const results = await listBulkImportResults(db, imp!.id);
    expect(results.filter((r) => r.status === "refused").map((r) => [r.row, r.reason])).toEqual([
      [6, "Your plan allows 5 links to the same destination URL. Upgrade your plan to create more."],
      [7, "Your plan allows 5 links to the same destination URL. Upgrade your plan to create more."],
    ]);

    // A month's allowance already used: every row is refused with the monthly message.
    const month = await newUser("free");
    const now = Date.now();
    const insert = baseEnv.DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'archived', ?, ?, ?, ?)",
    );
    await baseEnv.DB.batch(
      Array.from({ length: 100 }, (_, i) =>
        insert.bind(
          crypto.randomUUID(),
          DOMAIN,
          `m${i}-${month.userId.slice(2, 14)}`,
          `https://example.com/m/${i}`,
          month.userId,
          month.userId,
          now,
          now,
        ),
      ),
    );
    await importFile({ ...month, customAlias: false }, "month.csv", csv(["https://example.com/m/new"]), { withHeader: false });
    const monthly = await listBulkImportResults(db, (await importOf(month.userId))!.id);
    expect(monthly.map((r) => [r.status, r.reason])).toEqual([
      ["refused", "Your plan allows 100 new links a month. Upgrade your plan or wait until next month to create more."],
    ]);

    // 1,000 links held (archived, made in an earlier month): the total limit refuses the row.
    const held = await newUser("free");
    const earlier = new Date(Date.UTC(2025, 0, 15)).getTime();
    for (let start = 0; start < 1_000; start += 250) {
      await baseEnv.DB.batch(
        Array.from({ length: 250 }, (_, i) =>
          insert.bind(
            crypto.randomUUID(),
            DOMAIN,
            `h${start + i}-${held.userId.slice(2, 14)}`,
            `https://example.com/h/${start + i}`,
            held.userId,
            held.userId,
            earlier,
            earlier,
          ),
        ),
      );
    }
    await importFile({ ...held, customAlias: false }, "held.csv", csv(["https://example.com/h/new"]), { withHeader: false });
    const total = await listBulkImportResults(db, (await importOf(held.userId))!.id);
    expect(total.map((r) => [r.status, r.reason])).toEqual([
      ["refused", "Your plan allows 1,000 links in total. Delete links you no longer need or upgrade your plan to create more."],
    ]);
  });

  it("bounds rows on a branded domain by max_branded_aliases_per_month, with the single create's message (decision 044)", async () => {
    // bulk10k has Basic's 100 links a month on branded domains.
    const who = await newUser("bulk10k");
    const host = `go.${who.userId.slice(2, 14)}.test`;
    const now = Date.now();
    await baseEnv.DB.prepare(
      "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, created_at) VALUES (?, ?, ?, ?, 'domain', 'active', ?)",
    )
      .bind(crypto.randomUUID(), who.userId, who.userId, host, now)
      .run();
    // 98 links on the branded host this month, and some on the default host (which do not count).
    const insert = baseEnv.DB.prepare(
      "INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)",
    );
    await baseEnv.DB.batch([
      ...Array.from({ length: 98 }, (_, i) =>
        insert.bind(crypto.randomUUID(), host, `b${i}`, `https://example.com/b/${i}`, who.userId, who.userId, now, now),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        insert.bind(
          crypto.randomUUID(),
          DOMAIN,
          `d${i}-${who.userId.slice(2, 14)}`,
          `https://example.com/d/${i}`,
          who.userId,
          who.userId,
          now,
          now,
        ),
      ),
    ]);
    const lines = Array.from({ length: 4 }, (_, i) => `https://example.com/branded/${i}`);
    await importFile({ ...who, customAlias: false }, "branded.csv", csv(lines), { withHeader: false, domain: host });
    const imp = await importOf(who.userId);
    expect(imp).toMatchObject({ status: "done", created: 2, refused: 2 });
    const results = await listBulkImportResults(db, imp!.id);
    expect(results.map((r) => [r.row, r.status, r.reason])).toEqual([
      [1, "created", null],
      [2, "created", null],
      [3, "refused", "Your plan allows 100 links a month on branded domains. Use another domain or upgrade."],
      [4, "refused", "Your plan allows 100 links a month on branded domains. Use another domain or upgrade."],
    ]);
    const onHost = await baseEnv.DB.prepare("SELECT COUNT(*) AS n FROM links WHERE domain = ?").bind(host).first<number>("n");
    expect(onHost).toBe(100);

    // The same rows on the default host are not bounded by it.
    const plain = await newUser("bulk10k");
    await importFile({ ...plain, customAlias: false }, "plain.csv", csv(lines), { withHeader: false });
    expect(await importOf(plain.userId)).toMatchObject({ status: "done", created: 4, refused: 0 });
  });

  it("creates nothing new when the same file is uploaded again", async () => {
    const who = await newUser();
    const file = csv(["url", ...Array.from({ length: 30 }, (_, i) => `https://example.com/again/${i}`), "not a url"]);
    await importFile(who, "again.csv", file);
    const before = await linksOf(who.userId);
    expect(before).toHaveLength(30);
    const { reply } = await importFile(who, "again-renamed.csv", file);
    expect(reply).toEqual({ total: 31 });
    expect(await linksOf(who.userId)).toEqual(before);
    const imp = await importOf(who.userId);
    expect(imp).toMatchObject({ status: "done", run: 2, created: 30, refused: 1 });
    expect(await notificationsOf(who.userId)).toHaveLength(2);
  });

  it("a teammate's upload of a file the team imported before runs for the teammate, who gets its notification", async () => {
    const first = await newUser();
    const second = await newUser();
    const teamId = await newTeam(first.userId);
    const file = csv(["url", "https://example.com/team-again/1", "https://example.com/team-again/2", "not a url"]);
    await importFile({ ...first, workspaceId: teamId }, "team.csv", file);
    expect(await notificationsOf(first.userId)).toHaveLength(1);

    const { reply, rest } = await importFile({ ...second, workspaceId: teamId }, "team-again.csv", file);
    expect(reply).toEqual({ total: 3 });
    expect(rest).toEqual([]);
    expect(await importOf(second.userId)).toMatchObject({ status: "done", run: 2, created: 2, refused: 1 });
    const [notice] = await notificationsOf(second.userId);
    expect(notice).toMatchObject({ title: BULK_MESSAGES.notificationTitle });
    expect(notice!.body).toContain("team-again.csv: 2 of 3 links created, 1 rows refused.");
    const created = await baseEnv.DB.prepare("SELECT COUNT(*) AS n FROM links WHERE workspace_id = ?").bind(teamId).first<{ n: number }>();
    expect(created?.n).toBe(2);
    // The first uploader's notification still leads to the result file: they stay a recipient of
    // their run, and are not told of the teammate's.
    const imported = (await importOf(second.userId))!;
    const [earlier] = await notificationsOf(first.userId);
    expect(earlier!.url).toContain(imported.id);
    expect(await isBulkImportRecipient(db, imported.id, first.userId)).toBe(true);
    expect(await notificationsOf(first.userId)).toHaveLength(1);
  });

  it("a teammate's upload of a team's file still being imported schedules nothing, and its end notifies the teammate too", async () => {
    const first = await newUser();
    const second = await newUser();
    const stranger = await newUser();
    const teamId = await newTeam(first.userId);
    const file = csv(["url", "https://example.com/team-joined/1", "https://example.com/team-joined/2", "not a url"]);
    const { sent, queue } = collectingQueue();
    const upload = (who: Omit<BulkImportPayload, "importId">) =>
      acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, { ...who, workspaceId: teamId }, [DOMAIN], {
        file: { name: "team-joined.csv", size: file.length, bytes: async () => file },
        domain: DOMAIN,
        withHeader: true,
      });
    expect(await upload(first)).toEqual({ total: 3 });
    // The teammate, and the uploader again, while it is queued: "Batch scheduled", nothing sent twice.
    expect(await upload(second)).toEqual({ total: 3 });
    expect(await upload(first)).toEqual({ total: 3 });
    expect(sent).toHaveLength(1);
    while (sent.length > 0) await deliver(sent.shift(), { ...baseEnv, BULK: queue });
    const done = await importOf(first.userId);
    expect(done).toMatchObject({ status: "done", run: 1, created: 2, refused: 1 });

    // One notification each, the same one: the teammate was told it would come.
    const [mine, ...moreMine] = await notificationsOf(first.userId);
    const [theirs, ...moreTheirs] = await notificationsOf(second.userId);
    expect(moreMine).toEqual([]);
    expect(moreTheirs).toEqual([]);
    expect(mine).toMatchObject({ title: BULK_MESSAGES.notificationTitle });
    expect(theirs).toEqual(mine);
    expect(theirs!.body).toContain("team-joined.csv: 2 of 3 links created, 1 rows refused.");
    // Its link, the result file, opens for them (and for nobody else who was not told).
    expect(await isBulkImportRecipient(db, done!.id, second.userId)).toBe(true);
    expect(await isBulkImportRecipient(db, done!.id, stranger.userId)).toBe(false);
    expect(await notificationsOf(stranger.userId)).toEqual([]);
  });

  it("an upload of a file still importing schedules nothing; a stalled import is started again", async () => {
    const who = await newUser();
    const file = csv(["https://example.com/stall/1", "https://example.com/stall/2"]);
    const { sent, queue } = collectingQueue();
    const upload = () =>
      acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, who, [DOMAIN], {
        file: { name: "stall.csv", size: file.length, bytes: async () => file },
        domain: DOMAIN,
        withHeader: false,
      });
    await upload();
    await upload();
    expect(sent).toHaveLength(1);
    // Its messages were lost (dead-lettered): no progress for longer than the stale bound.
    await baseEnv.DB.prepare("UPDATE bulk_imports SET updated_at = ? WHERE user_id = ?")
      .bind(Date.now() - 31 * 60 * 1000, who.userId)
      .run();
    await upload();
    expect(sent).toHaveLength(2);
    await deliver(sent[1], { ...baseEnv, BULK: queue });
    expect(await importOf(who.userId)).toMatchObject({ status: "done", run: 2, created: 2 });
  });

  it("completes once after a failure mid-way: no duplicate and no link missing from KV", async () => {
    const who = await newUser();
    const file = csv(Array.from({ length: 1_000 }, (_, i) => `https://example.com/retry/${i}`));
    let puts = 0;
    // KV fails once, in the middle of the second chunk, after that chunk's D1 write.
    const flakyKv = {
      put: async (...args: Parameters<KVNamespace["put"]>) => {
        if (++puts === 150) throw new Error("KV is unavailable");
        return baseEnv.LINKS.put(...args);
      },
      get: baseEnv.LINKS.get.bind(baseEnv.LINKS),
    } as unknown as KVNamespace;
    // And one D1 batch fails: the fifth chunk of the first run, after four chunks were written.
    let batches = 0;
    const flakyDb = new Proxy(baseEnv.DB, {
      get(target, prop) {
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            if (++batches === 5) return Promise.reject(new Error("D1 is overloaded"));
            return target.batch(statements);
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { retried } = await importFile(who, "retry.csv", file, {
      withHeader: false,
      testEnv: { ...baseEnv, DB: flakyDb, LINKS: flakyKv },
    });
    expect(retried).toBe(2);
    const links = await linksOf(who.userId);
    expect(links).toHaveLength(1_000);
    expect(new Set(links.map((l) => l.url)).size).toBe(1_000);
    for (const link of links) expect(await baseEnv.LINKS.get(linkKey(DOMAIN, link.alias))).not.toBeNull();
    expect(await importOf(who.userId)).toMatchObject({ status: "done", created: 1_000, refused: 0 });
    expect(await notificationsOf(who.userId)).toHaveLength(1);
  }, 60_000);

  it("a message delivered twice writes each row once", async () => {
    const who = await newUser();
    const { sent, queue } = collectingQueue();
    await acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, who, [DOMAIN], {
      file: { name: "twice.csv", size: 10, bytes: async () => csv(["https://example.com/twice/1", "https://example.com/twice/2"]) },
      domain: DOMAIN,
      withHeader: false,
    });
    const runEnv = { ...baseEnv, BULK: queue };
    await Promise.all([deliver(sent[0], runEnv), deliver(sent[0], runEnv)]);
    await deliver(sent[0], runEnv);
    expect(await linksOf(who.userId)).toHaveLength(2);
    expect(await notificationsOf(who.userId)).toHaveLength(1);
  });

  it("refuses a wrong type, a disguised file, an oversized file and an empty one before storing anything", async () => {
    const who = await newUser();
    const { sent, queue } = collectingQueue();
    const upload = (name: string, bytes: Uint8Array, size = bytes.length) =>
      acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, who, [DOMAIN], {
        file: { name, size, bytes: async () => bytes },
        domain: DOMAIN,
        withHeader: true,
      });
    expect(await upload("links.txt", csv(["https://example.com"]))).toEqual({
      errors: { file: ["The file must be a file of type: csv, xls, xlsx, ods."] },
    });
    expect(await upload("links.xlsx", csv(["https://example.com"]))).toEqual({
      errors: { file: ["The file must be a file of type: csv, xls, xlsx, ods."] },
    });
    expect(await upload("links.csv", new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toEqual({
      errors: { file: ["The file must be a file of type: csv, xls, xlsx, ods."] },
    });
    expect(await upload("big.csv", csv(["x"]), 10 * 1024 * 1024 + 1)).toEqual({
      errors: { file: ["The file must not be greater than 10240 kilobytes."] },
    });
    expect(await upload("header-only.csv", csv(["url,alias"]))).toEqual({ errors: { file: ["The file has no rows to import."] } });
    expect(sent).toHaveLength(0);
    expect(await importOf(who.userId)).toBeNull();
  });
});

describe("bulk import of a terminated account (issue 19, decision 045)", () => {
  it("holds the upload at import: no link is created, the import is held for staff; restored, the same file imports", async () => {
    const who = await newUser();
    await baseEnv.DB.prepare("UPDATE users SET terminated_at = ?, termination_reason = 'spam' WHERE id = ?")
      .bind(Date.now(), who.userId)
      .run();
    const file = csv(["url", "https://example.com/held/1", "https://example.com/held/2"]);
    const { reply } = await importFile(who, "held.csv", file);
    expect(reply).toEqual({ total: 2 });
    expect(await importOf(who.userId)).toMatchObject({ status: "held", created: 0 });
    expect(await linksOf(who.userId)).toEqual([]);
    const held = await baseEnv.DB.prepare("SELECT error FROM bulk_imports WHERE user_id = ?").bind(who.userId).first<{ error: string }>();
    expect(held?.error).toBe(BULK_HELD_REASON);

    // A redelivery of the held import's message changes nothing.
    const imp = await importOf(who.userId);
    await deliver({ type: "bulk.import", v: 1, id: "again", payload: { ...who, importId: imp!.id } }, baseEnv);
    expect(await linksOf(who.userId)).toEqual([]);

    await baseEnv.DB.prepare("UPDATE users SET terminated_at = NULL, termination_reason = NULL WHERE id = ?").bind(who.userId).run();
    await importFile(who, "held.csv", file);
    expect(await importOf(who.userId)).toMatchObject({ status: "done", created: 2 });
    expect((await linksOf(who.userId)).map((l) => l.url)).toEqual(["https://example.com/held/1", "https://example.com/held/2"]);
  });

  it("holds a banned account's upload too", async () => {
    const who = await newUser();
    await baseEnv.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?").bind(who.userId).run();
    await importFile(who, "banned.csv", csv(["url", "https://example.com/banned/1"]));
    expect(await importOf(who.userId)).toMatchObject({ status: "held", created: 0 });
    expect(await linksOf(who.userId)).toEqual([]);
  });
});
