/** Outgoing webhooks: endpoints, who is subscribed to what, and the delivery log. */
import { and, desc, eq, like, max, sql } from "drizzle-orm";
import { can } from "../domain/entitlements";
import { FEATURE_FLAGS, type FeatureFlag } from "../domain/plans";
import { isActive } from "../domain/subscription";
import { parseWebhookEvents, type WebhookEventType } from "../domain/webhooks";
import { getUserSubscriptions } from "./accounts.server";
import type { Db } from "./client.server";
import { users, webhookDeliveries, webhookEndpoints } from "./schema";

export interface WebhookEndpoint {
  id: string;
  /** Who registered it (their plan decides use_webhooks). */
  userId: string;
  /** The workspace whose links it hears about (docs/decisions/027). */
  workspaceId: string | null;
  url: string;
  secretEncrypted: string;
  secretHint: string;
  events: WebhookEventType[];
  createdAt: Date;
}

function toEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return { ...row, events: parseWebhookEvents(row.events) };
}

export async function listWebhookEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpoint);
}

export async function getWebhookEndpoint(db: Db, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? toEndpoint(row) : undefined;
}

export async function createWebhookEndpoint(db: Db, endpoint: Omit<WebhookEndpoint, "createdAt">, now = new Date()): Promise<void> {
  await db.insert(webhookEndpoints).values({ ...endpoint, events: JSON.stringify(endpoint.events), createdAt: now });
}

/** Deletes one of the workspace's endpoints (its delivery log goes with it); false when it is not its. */
export async function deleteWebhookEndpoint(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/**
 * The workspace's endpoints subscribed to an event: one indexed lookup by workspace, the event matched
 * in the stored JSON list (event names are fixed strings with no JSON metacharacters).
 */
export async function listSubscribedEndpoints(
  db: Db,
  workspaceId: string,
  event: WebhookEventType,
): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), like(webhookEndpoints.events, `%"${event}"%`)));
}

export interface ClickSubscription {
  endpointId: string;
  userId: string;
  linkId: string;
  domain: string;
  alias: string;
}

/** Link ids per statement: one bound parameter each, under D1's 100. */
const LINK_IDS_PER_QUERY = 90;

/** For these links, every endpoint of their workspaces subscribed to link.clicked. */
export async function findClickSubscriptions(d1: D1Database, linkIds: readonly string[]): Promise<ClickSubscription[]> {
  const out: ClickSubscription[] = [];
  if (linkIds.length === 0) return out;
  // A click batch touches up to 1,000 links: look them up only when someone listens at all.
  const anyone = await d1.prepare(`SELECT 1 FROM webhook_endpoints WHERE events LIKE '%"link.clicked"%' LIMIT 1`).first();
  if (!anyone) return out;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < linkIds.length; start += LINK_IDS_PER_QUERY) {
    const part = linkIds.slice(start, start + LINK_IDS_PER_QUERY);
    statements.push(
      d1
        .prepare(
          `SELECT e.id AS endpointId, e.user_id AS userId, l.id AS linkId, l.domain AS domain, l.alias AS alias
           FROM links l JOIN webhook_endpoints e ON e.workspace_id = l.workspace_id
           WHERE l.id IN (${part.map(() => "?").join(",")}) AND e.events LIKE '%"link.clicked"%'`,
        )
        .bind(...part),
    );
  }
  if (statements.length === 0) return out;
  for (const result of await d1.batch<ClickSubscription>(statements)) out.push(...result.results);
  return out;
}

/** May the user (still) use webhooks: the plan in force or the user's own flags grant use_webhooks. */
export async function canUseWebhooks(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [user] = await db.select({ features: users.features }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const { current } = await getUserSubscriptions(db, userId);
  let flags: FeatureFlag[] = [];
  try {
    const list = JSON.parse(user.features) as unknown;
    if (Array.isArray(list)) flags = FEATURE_FLAGS.filter((flag) => list.includes(flag));
  } catch {
    flags = [];
  }
  const plan = current && isActive(current, now) ? current.name : "free";
  return can({ plan, userFeatures: flags }, "use_webhooks");
}

export type WebhookAttempt = typeof webhookDeliveries.$inferInsert;

/** Where a delivery stands: its last logged attempt, and whether it has finished (succeeded or failed for good). */
export async function getDeliveryProgress(db: Db, deliveryId: string): Promise<{ lastAttempt: number; finished: boolean }> {
  const [row] = await db
    .select({
      lastAttempt: max(webhookDeliveries.attempt),
      finished: sql<number>`sum(${webhookDeliveries.outcome} <> 'retrying')`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.deliveryId, deliveryId));
  return { lastAttempt: row?.lastAttempt ?? 0, finished: (row?.finished ?? 0) > 0 };
}

/** Logs an attempt; an attempt already logged (a redelivered message) is left as it is. */
export async function recordWebhookAttempt(db: Db, attempt: WebhookAttempt): Promise<void> {
  await db.insert(webhookDeliveries).values(attempt).onConflictDoNothing();
}

export interface DeliveryLogRow {
  deliveryId: string;
  attempt: number;
  endpointUrl: string;
  event: string;
  outcome: "succeeded" | "retrying" | "failed";
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
  createdAt: Date;
}

/** The latest delivery attempts of the workspace's endpoints, newest first. */
export async function listWebhookDeliveries(db: Db, workspaceId: string, limit: number): Promise<DeliveryLogRow[]> {
  return db
    .select({
      deliveryId: webhookDeliveries.deliveryId,
      attempt: webhookDeliveries.attempt,
      endpointUrl: webhookEndpoints.url,
      event: webhookDeliveries.event,
      outcome: webhookDeliveries.outcome,
      statusCode: webhookDeliveries.statusCode,
      durationMs: webhookDeliveries.durationMs,
      error: webhookDeliveries.error,
      responseSnippet: webhookDeliveries.responseSnippet,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .limit(limit);
}
