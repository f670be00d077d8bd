/**
 * An organization's support requests (issue 16, {org}/helpdesk): a subject and a message from a
 * participant, mailed to the staff address; staff answer later (the kiosk), and the answer shows
 * beside the request on the organization's helpdesk page.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { organizations } from "./organizations";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const supportRequests = sqliteTable(
  "support_requests",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Null once the author's account is deleted: the request stays with the organization. */
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The staff answer; null until answered. */
    answer: text("answer"),
    /** The staff member who answered; null until answered or once that account is deleted. */
    answeredByUserId: text("answered_by_user_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("support_requests_org").on(t.organizationId, t.createdAt)],
);
