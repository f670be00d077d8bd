import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Click messages already counted: what makes a redelivered queue message count once. The edge
 * packs up to 100 clicks into a message with its own id and resends a refused message as it was,
 * so one row stands for a whole message (docs/decisions/017). The raw click log is not kept in D1:
 * in production each counted click is a data point in Workers Analytics Engine (CLICK_LOG), and
 * reports read the rollups below. Rows are pruned after CLICK_MESSAGE_RETENTION_MS.
 */
export const clickMessages = sqliteTable(
  "click_messages",
  {
    id: text("id").primaryKey(),
    countedAt: integer("counted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("click_messages_counted_at").on(t.countedAt)],
);

/** Per link and hour (epoch hour): human clicks, unique visitors, and bot clicks counted apart. */
export const clickHourly = sqliteTable(
  "click_hourly",
  {
    linkId: text("link_id").notNull(),
    hour: integer("hour").notNull(),
    clicks: integer("clicks").notNull().default(0),
    uniques: integer("uniques").notNull().default(0),
    botClicks: integer("bot_clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.hour] })],
);

/** Visitors seen per link and hour: only what makes "unique" countable. */
export const clickVisitors = sqliteTable(
  "click_visitors",
  {
    linkId: text("link_id").notNull(),
    hour: integer("hour").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.hour, t.visitor] })],
);

/** `route`: the redirect rule that answered a routed link's click, or "fallback" (docs/decisions/037); other links' clicks have none. */
export const CLICK_DIMENSIONS = ["country", "referrer", "device", "browser", "os", "language", "route"] as const;
export type ClickDimension = (typeof CLICK_DIMENSIONS)[number];

/** Breakdowns of human clicks per link, hour, dimension and value. */
export const clickDimensions = sqliteTable(
  "click_dimensions",
  {
    linkId: text("link_id").notNull(),
    hour: integer("hour").notNull(),
    dimension: text("dimension", { enum: CLICK_DIMENSIONS }).notNull(),
    value: text("value").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.hour, t.dimension, t.value] })],
);

/**
 * The same breakdowns summed per UTC day (epoch day = epoch hour / 24), kept by triggers on
 * click_dimensions (migration 0006), so reports over days read 24 times fewer rows.
 */
export const clickDimensionsDaily = sqliteTable(
  "click_dimensions_daily",
  {
    linkId: text("link_id").notNull(),
    day: integer("day").notNull(),
    dimension: text("dimension", { enum: CLICK_DIMENSIONS }).notNull(),
    value: text("value").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.dimension, t.value] })],
);

/** Messages that exhausted their retries, kept for inspection. */
export const deadLetters = sqliteTable("dead_letters", {
  id: text("id").primaryKey(),
  queue: text("queue").notNull(),
  body: text("body").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});
