import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Addresses that asked to receive no mailings; the mail interface checks it before sending marketing mail. */
export const mailSuppressions = sqliteTable("mail_suppressions", {
  email: text("email").primaryKey(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});
