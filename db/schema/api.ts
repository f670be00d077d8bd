/**
 * API tokens (issue 5) and their per-minute request counters. A token is stored only as its
 * SHA-256 hash; the first characters (`prefix`) are kept to tell tokens apart in the list.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owning workspace (docs/decisions/027); `user_id` is who created the row. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The token's first characters, shown in the list ("snip_AbCd1234…"). */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole token, hex. */
    tokenHash: text("token_hash").notNull(),
    /** JSON list of ApiPermission (domain/api.ts). */
    permissions: text("permissions").notNull(),
    /** Requests a minute; null = the service default (API_RATE_LIMIT_PER_MINUTE). */
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    expiresAt: timestamp("expires_at"),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash").on(t.tokenHash),
    index("api_tokens_user").on(t.userId, t.createdAt),
    index("api_tokens_workspace").on(t.workspaceId, t.createdAt),
  ],
);

/** Fixed-window request counters: one row per token and epoch minute, pruned as the token is used. */
export const apiRateWindows = sqliteTable(
  "api_rate_windows",
  {
    tokenId: text("token_id").notNull(),
    /** Epoch minute. */
    window: integer("window").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.window] })],
);
