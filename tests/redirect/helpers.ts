import { env } from "cloudflare:workers";
import type { ClickEvent } from "../../domain/events";
import { linkKey, type LinkRecord } from "../../domain/link-record";
import type { RedirectEnv } from "../../workers/redirect/src/env";

export const testEnv = env as unknown as RedirectEnv;
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

/** The real clicks queue, with the batches sent through it recorded. */
export function recordingQueue(options: { failFirst?: number } = {}) {
  const sent: ClickEvent[] = [];
  let failures = options.failFirst ?? 0;
  const queue = {
    async sendBatch(messages: Iterable<MessageSendRequest<ClickEvent>>) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("Unknown Internal Error");
      }
      const list = [...messages];
      await testEnv.CLICKS.sendBatch(list);
      sent.push(...list.map((m) => m.body));
    },
    async send(body: ClickEvent) {
      await testEnv.CLICKS.send(body);
      sent.push(body);
    },
  } as unknown as Queue<ClickEvent>;
  return { queue, sent };
}
