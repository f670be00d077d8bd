/**
 * Seeding shared by the queue tests: rows written straight into the test's D1 (the real schema,
 * tests/apply-migrations.ts), click messages as the redirect worker sends them, and a batch
 * delivered to the queue consumer the way the runtime does.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ClickBatchMessage, ClickEvent } from "../../domain/events";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;

export const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

/** One statement with its parameters. */
export const run = (sql: string, ...params: unknown[]) =>
  testEnv.DB.prepare(sql)
    .bind(...params)
    .run();

/** A user labelled `label` (in its id and name); answers the id. */
export async function newUser(label: string): Promise<string> {
  const id = `${label}-${crypto.randomUUID()}`;
  await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, ?, ?, 0, 0)", id, label, `${id}@example.com`);
  return id;
}

/** An organization with two teams, "sales" (`team`) and "ops" (`other`); their workspaces are made by the trigger. */
export async function newOrganization() {
  const owner = await newUser("owner");
  const id = crypto.randomUUID();
  await run(
    "INSERT INTO organizations (id, slug, name, owner_user_id, created_at, updated_at) VALUES (?, ?, 'Org', ?, 0, 0)",
    id,
    `o-${id}`,
    owner,
  );
  const team = crypto.randomUUID();
  const other = crypto.randomUUID();
  for (const [t, slug] of [
    [team, "sales"],
    [other, "ops"],
  ] as const) {
    await run("INSERT INTO teams (id, organization_id, slug, name, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)", t, id, slug, slug);
  }
  return { id, owner, ownerUserId: owner, team, other };
}

/** A user on `plan` (a current monthly subscription in its period), or on none; answers the id. */
export async function userOnPlan(plan: string | null): Promise<string> {
  const id = crypto.randomUUID();
  await run("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)", id, `${id}@example.com`);
  if (plan !== null) {
    const now = Date.now();
    await run(
      `INSERT INTO subscriptions (id, owner_id, user_id, slot, name, interval, amount, ends_at, period_starts_at, period_ends_at, created_at, updated_at)
       VALUES (?, ?, ?, 'current', ?, 'monthly', 2900, NULL, ?, ?, ?, ?)`,
      `${id}:default:current`,
      id,
      id,
      plan,
      now - 1000,
      now + 30 * 86_400_000,
      now,
      now,
    );
  }
  return id;
}

/** A link of the owner's personal workspace on snip.test that has already counted `tracked` clicks; answers its id. */
export async function insertTrackedLink(link: {
  id?: string;
  alias: string;
  owner: string;
  tracked: number;
  unlimited?: boolean;
}): Promise<string> {
  const id = link.id ?? crypto.randomUUID();
  await run(
    `INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, tracked_clicks, clicks_unlimited, created_at, updated_at)
     VALUES (?, 'snip.test', ?, 'https://example.com/', 'active', ?, ?, ?, ?, 1, 1)`,
    id,
    link.alias,
    link.owner,
    link.owner,
    link.tracked,
    link.unlimited ? 1 : 0,
  );
  return id;
}

/** A click on the link from `ip` (one fixed moment, Germany, no referrer). */
export function click(linkId: string, ip: string, userAgent = FIREFOX): ClickEvent {
  return {
    id: crypto.randomUUID(),
    payload: { linkId, at: Date.UTC(2026, 10, 20, 12, 30), country: "DE", referrer: null, userAgent, acceptLanguage: "de", ip },
  };
}

/** The message the redirect worker sends for these clicks. */
export function clicksMessage(...clicks: ClickEvent[]): ClickBatchMessage {
  return { type: "clicks", v: 1, id: crypto.randomUUID(), payload: { clicks } };
}

let seq = 0;
/** Delivers the bodies to the queue consumer as one batch of `queue`; answers what it acked and retried. */
export async function deliverBatch(queue: string, bodies: unknown[], queueEnv: QueueEnv = testEnv) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, queueEnv, ctx);
  return getQueueResult(batch, ctx);
}
