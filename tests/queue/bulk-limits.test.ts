/**
 * Security: bulk files that cost more to read than they weigh (issue 14, docs/decisions/020).
 * The upload stores the file and schedules the job without parsing it; the queue consumer
 * parses it under limits that hold whatever the file claims: the bytes an xlsx or ods inflates
 * to are counted while inflating (a ZIP bomb whose headers claim a few bytes is stopped at the
 * cap), and columns, cell lengths and cells are bounded (a one-row CSV of a million columns is
 * refused without building a million-cell sheet). Each ends as "Bulk import failed" with the
 * reason, nothing half-imported, and the message acknowledged (not retried).
 * Runs the real queue worker with real D1 and R2 (workerd).
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import type { BulkReply } from "../../app/forms/bulk";
import { acceptBulkUpload } from "../../app/lib/bulk.server";
import { getDb } from "../../db/client.server";
import type { BulkImportPayload } from "../../domain/bulk";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const baseEnv = env as unknown as QueueEnv;
const db = getDb(baseEnv.DB);
const DOMAIN = "localhost:8787";

const TEXT = {
  failed: "Bulk import failed",
  inflated: "The file must not be larger than 50 megabytes once uncompressed.",
  columns: "The file must not have more than 100 columns.",
  cell: "The file's cells must not be longer than 10,000 characters.",
} as const;

async function newUser(): Promise<Omit<BulkImportPayload, "importId">> {
  const id = `u-${crypto.randomUUID()}`;
  await baseEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'T', ?, 1, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return { userId: id, subject: { plan: "pro5k", userFeatures: [] }, customAlias: true, ownHosts: [DOMAIN], bannedDomains: [] };
}

/** Uploads as the form does, then runs the queue worker on each message it sends, in order. */
async function importFile(who: Omit<BulkImportPayload, "importId">, name: string, bytes: Uint8Array) {
  const sent: unknown[] = [];
  const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
  const reply: BulkReply = await acceptBulkUpload({ db, uploads: baseEnv.UPLOADS, jobs: queue }, who, [DOMAIN], {
    file: { name, size: bytes.length, bytes: async () => bytes },
    domain: DOMAIN,
    withHeader: false,
  });
  const stored = await baseEnv.UPLOADS.list({ prefix: "bulk/" });
  const results = [];
  for (let n = 0; sent.length > 0 && n < 20; n++) {
    const batch = createMessageBatch("snip-bulk", [
      { id: `limits-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: sent.shift() },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, { ...baseEnv, BULK: queue }, ctx);
    results.push(await getQueueResult(batch, ctx));
  }
  return { reply, results, stored: stored.objects.length };
}

async function outcome(userId: string) {
  const imp = await baseEnv.DB.prepare("SELECT status, error FROM bulk_imports WHERE user_id = ?")
    .bind(userId)
    .first<{ status: string; error: string | null }>();
  const links = await baseEnv.DB.prepare("SELECT count(*) AS n FROM links WHERE user_id = ?").bind(userId).first<{ n: number }>();
  const rows = await baseEnv.DB.prepare(
    "SELECT count(*) AS n FROM bulk_import_rows r JOIN bulk_imports i ON i.id = r.import_id WHERE i.user_id = ?",
  )
    .bind(userId)
    .first<{ n: number }>();
  const notifications = (
    await baseEnv.DB.prepare("SELECT title, body FROM notifications WHERE user_id = ?").bind(userId).all<{ title: string; body: string }>()
  ).results;
  return { imp, links: links?.n, ledger: rows?.n, notifications };
}

/** Expects the import refused with `message`: failed, notified, nothing written, the message acked. */
async function expectRefused(
  who: Omit<BulkImportPayload, "importId">,
  name: string,
  message: string,
  results: Awaited<ReturnType<typeof importFile>>["results"],
) {
  expect(results).toHaveLength(1);
  expect(results[0]!.explicitAcks).toHaveLength(1);
  expect(results[0]!.retryMessages).toHaveLength(0);
  const { imp, links, ledger, notifications } = await outcome(who.userId);
  expect(imp).toEqual({ status: "failed", error: message });
  expect(links).toBe(0);
  expect(ledger).toBe(0);
  expect(notifications).toEqual([{ title: TEXT.failed, body: `${name}: ${message}` }]);
}

// ---------------------------------------------------------------------------------------------
// A ZIP bomb, written by hand: sizes in its headers are whatever the author wants them to be
// ---------------------------------------------------------------------------------------------

interface ZipEntry {
  name: string;
  /** The bytes as stored (deflated when method is 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the headers claim. */
  claimed: number;
}

function zip(entries: ZipEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, entry.claimed, true);
    local.setUint16(26, name.length, true);
    const dir = new DataView(new ArrayBuffer(46));
    dir.setUint32(0, 0x02014b50, true);
    dir.setUint16(4, 20, true);
    dir.setUint16(6, 20, true);
    dir.setUint16(10, entry.method, true);
    dir.setUint32(20, entry.data.length, true);
    dir.setUint32(24, entry.claimed, true);
    dir.setUint16(28, name.length, true);
    dir.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);
    central.push(new Uint8Array(dir.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = central.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `megabytes` MB of spaces, deflated (a few hundred KB), streamed through the runtime's compressor. */
async function deflatedSpaces(megabytes: number): Promise<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let sent = 0;
  const source = new ReadableStream<BufferSource>({
    pull(controller) {
      if (sent++ < megabytes) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
}

/** A real xlsx's entries, each stored as is, plus `extra`. */
function xlsxWith(extra: ZipEntry[], replace?: string): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["https://example.com/ok"]]), "Links");
  const container = XLSX.CFB.read(new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer), { type: "array" });
  const entries: ZipEntry[] = [];
  (container.FullPaths as string[]).forEach((path: string, i: number) => {
    const file = container.FileIndex[i] as { type: number; content: Uint8Array };
    const name = path.replace(/^[^/]*\//, "");
    if (file.type !== 2 || name === replace) return;
    const data = new Uint8Array(file.content);
    entries.push({ name, data, method: 0, claimed: data.length });
  });
  return zip([...entries, ...extra]);
}

describe("bulk files are parsed in the consumer, under limits that do not trust the file", () => {
  it("refuses a ZIP bomb (an xlsx whose sheet inflates to 64 MB while its headers claim 1 KB), counting while inflating", async () => {
    const who = await newUser();
    const bomb = await deflatedSpaces(64);
    const file = xlsxWith([{ name: "xl/worksheets/sheet1.xml", data: bomb, method: 8, claimed: 1024 }], "xl/worksheets/sheet1.xml");
    expect(file.length).toBeLessThan(1024 * 1024);
    const { reply, results } = await importFile(who, "bomb.xlsx", file);
    // The upload only stored it and scheduled the job: it does not open the archive.
    expect(reply).toEqual({ total: null });
    await expectRefused(who, "bomb.xlsx", TEXT.inflated, results);
  }, 60_000);

  it("refuses the same bomb hidden in an entry the spreadsheet does not use", async () => {
    const who = await newUser();
    const file = xlsxWith([{ name: "xl/media/image1.png", data: await deflatedSpaces(64), method: 8, claimed: 10 }]);
    const { results } = await importFile(who, "hidden.xlsx", file);
    await expectRefused(who, "hidden.xlsx", TEXT.inflated, results);
  }, 60_000);

  it("refuses a one-row CSV of a million columns (1 MB) without building the sheet", async () => {
    const who = await newUser();
    const file = new TextEncoder().encode(`https://example.com/wide${",".repeat(1_000_000)}\n`);
    const started = Date.now();
    const { reply, results } = await importFile(who, "wide.csv", file);
    expect(reply).toEqual({ total: 1 });
    await expectRefused(who, "wide.csv", TEXT.columns, results);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a 0.2 MB one-row CSV of 100,000 filled columns", async () => {
    const who = await newUser();
    const file = new TextEncoder().encode(`https://example.com/filled,${"x,".repeat(100_000)}\n`);
    expect(file.length).toBeLessThan(210 * 1024);
    const { results } = await importFile(who, "filled.csv", file);
    await expectRefused(who, "filled.csv", TEXT.columns, results);
  });

  it("refuses a cell over the length limit, and an ods cell repeated a million times", async () => {
    const who = await newUser();
    const long = new TextEncoder().encode(`https://example.com/long,"${"a".repeat(20_000)}"\n`);
    await expectRefused(who, "long.csv", TEXT.cell, (await importFile(who, "long.csv", long)).results);

    const other = await newUser();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["https://example.com/ods", "x"]]), "Links");
    const container = XLSX.CFB.read(new Uint8Array(XLSX.write(book, { type: "array", bookType: "ods" }) as ArrayBuffer), { type: "array" });
    const entries: ZipEntry[] = [];
    (container.FullPaths as string[]).forEach((path: string, i: number) => {
      const entry = container.FileIndex[i] as { type: number; content: Uint8Array };
      const name = path.replace(/^[^/]*\//, "");
      if (entry.type !== 2) return;
      let data = new Uint8Array(entry.content);
      if (name === "content.xml") {
        const xml = new TextDecoder().decode(data);
        // The second cell, with content, repeated a million times across the row.
        const repeated = xml.replace(
          /<table:table-cell([^>]*)>(<text:p>x<\/text:p>)/,
          '<table:table-cell table:number-columns-repeated="1000000"$1>$2',
        );
        expect(repeated).not.toBe(xml);
        data = new TextEncoder().encode(repeated);
      }
      entries.push({ name, data, method: 0, claimed: data.length });
    });
    const { results } = await importFile(other, "repeat.ods", zip(entries));
    await expectRefused(other, "repeat.ods", TEXT.columns, results);
  });

  it("still imports an ordinary xlsx read through the bounded inflater", async () => {
    const who = await newUser();
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["https://example.com/fine-1"], ["https://example.com/fine-2"]]), "Links");
    const { reply } = await importFile(
      who,
      "fine.xlsx",
      new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer),
    );
    expect(reply).toEqual({ total: null });
    const { imp, links, notifications } = await outcome(who.userId);
    expect(imp).toEqual({ status: "done", error: null });
    expect(links).toBe(2);
    expect(notifications[0]!.body).toContain("fine.xlsx: 2 of 2 links created, 0 rows refused.");
  });
});
