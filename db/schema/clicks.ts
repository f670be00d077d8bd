import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Raw click log, one row per counted click. Its primary key is the event id, which is
 * also what makes a redelivered queue message count once. Reports never scan it.
 */
export const clicks = sqliteTable("clicks", {
  id: text("id").primaryKey(),
  linkId: text("link_id").notNull(),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
  country: text("country").notNull(),
  referrerHost: text("referrer_host").notNull(),
  device: text("device").notNull(),
  browser: text("browser").notNull(),
  os: text("os").notNull(),
  language: text("language").notNull(),
  isBot: integer("is_bot", { mode: "boolean" }).notNull(),
});

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

export const CLICK_DIMENSIONS = ["country", "referrer", "device", "browser", "os", "language"] as const;
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
