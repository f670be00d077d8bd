import { env } from "cloudflare:workers";
import type { ClickBatchMessage, ClickEvent } from "../../domain/events";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import { createDeps, type RedirectDeps } from "../../workers/redirect/src/app";
import type { RedirectEnv } from "../../workers/redirect/src/env";

export const testEnv = env as unknown as RedirectEnv;

/**
 * The redirect worker's state for a test: production's, but clicks are sent 5 ms after a visit
 * rather than production's CLICK_FLUSH_DELAY_MS, which these tests would otherwise wait out on
 * every visit (what a visit sends does not depend on when).
 */
export function testDeps(): RedirectDeps {
  return createDeps({ clickFlushDelayMs: 5 });
}
export const HOST = testEnv.SHORT_HOST;
export const ORIGIN = `http://${HOST}`;

let counter = 0;
/** A fresh alias per test: the isolate cache outlives a single test. */
export function uniqueAlias(prefix = "t"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function insertLinkRow(
  alias: string,
  fields: Partial<{ id: string; url: string; status: string; expiresAt: number | null }> = {},
): Promise<string> {
  const id = fields.id ?? crypto.randomUUID();
  const now = Date.now();
  await testEnv.DB.prepare(
    "INSERT INTO links (id, domain, alias, url, status, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, HOST, alias, fields.url ?? "https://example.com/a?b=1", fields.status ?? "active", fields.expiresAt ?? null, now, now)
    .run();
  return id;
}

export async function putKvRecord(alias: string, record: Partial<LinkRecord> = {}): Promise<LinkRecord> {
  const full: LinkRecord = { id: crypto.randomUUID(), url: "https://example.com/kv", status: "active", expiresAt: null, ...record };
  await testEnv.LINKS.put(linkKey(HOST, alias), JSON.stringify(full));
  return full;
}

/**
 * The real clicks queue, with the clicks sent through it recorded. Sends can be refused at will:
 * `failFirst` refuses the first n sends outright; `takeThenFail` lets the first n sends through
 * and then reports an error anyway (the ambiguous failure: the queue has the message, the sender
 * does not know).
 */
export function recordingQueue(options: { failFirst?: number; takeThenFail?: number } = {}) {
  const sent: ClickEvent[] = [];
  const messages: ClickBatchMessage[] = [];
  let failures = options.failFirst ?? 0;
  let ambiguous = options.takeThenFail ?? 0;
  const refuse = () => {
    if (failures > 0) {
      failures -= 1;
      throw new Error("Unknown Internal Error");
    }
  };
  const reportAnyway = () => {
    if (ambiguous > 0) {
      ambiguous -= 1;
      throw new Error("Network connection lost.");
    }
  };
  const queue = {
    async sendBatch(batch: Iterable<MessageSendRequest<ClickBatchMessage>>) {
      refuse();
      const list = [...batch];
      await testEnv.CLICKS.sendBatch(list);
      for (const m of list) {
        messages.push(m.body);
        sent.push(...m.body.payload.clicks);
      }
      reportAnyway();
    },
    async send(body: ClickBatchMessage, options?: QueueSendOptions) {
      refuse();
      await testEnv.CLICKS.send(body, options);
      messages.push(body);
      sent.push(...body.payload.clicks);
      reportAnyway();
    },
  } as unknown as Queue<ClickBatchMessage>;
  return { queue, sent, messages };
}
