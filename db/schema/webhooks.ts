/** Outgoing webhooks: the endpoints a user registers and the log of every delivery attempt. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owning workspace (docs/decisions/027); `user_id` is who created the row. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** The signing secret, AES-GCM encrypted under a key derived from AUTH_SECRET (domain/webhooks.ts). */
    secretEncrypted: text("secret_encrypted").notNull(),
    /** Its last four characters, to tell endpoints apart on the settings page. */
    secretHint: text("secret_hint").notNull(),
    /** JSON list of subscribed event types. */
    events: text("events").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("webhook_endpoints_user").on(t.userId), index("webhook_endpoints_workspace").on(t.workspaceId)],
);

/**
 * One row per delivery attempt, written by the queue consumer. (delivery id, attempt) is the
 * key, so a redelivered message never logs an attempt twice; `outcome` is succeeded, retrying
 * (failed, another attempt is scheduled) or failed (the last attempt failed).
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    deliveryId: text("delivery_id").notNull(),
    attempt: integer("attempt").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    event: text("event").notNull(),
    outcome: text("outcome", { enum: ["succeeded", "retrying", "failed"] }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** The first characters of the receiver's answer, nothing more. */
    responseSnippet: text("response_snippet"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] }), index("webhook_deliveries_user").on(t.userId, t.createdAt)],
);
