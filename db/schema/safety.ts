/**
 * Trust and safety (issue 19, docs/decisions/036): destination domains staff ban, the URL
 * reputation hits queued for staff review, and invite-only sign-up codes. Link and account
 * terminations are columns of `links` and `users`.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** Destination domains no link may point to (the domain and every subdomain of it). */
export const bannedDomains = sqliteTable("banned_domains", {
  /** Lower case, punycode, no trailing dot. */
  domain: text("domain").primaryKey(),
  reason: text("reason").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at").notNull(),
});

/** A destination the URL-reputation provider flagged, waiting for staff (one open row per link and threat). */
export const reputationHits = sqliteTable(
  "reputation_hits",
  {
    id: text("id").primaryKey(),
    linkId: text("link_id").notNull(),
    url: text("url").notNull(),
    provider: text("provider").notNull(),
    threatType: text("threat_type").notNull(),
    checkedAt: timestamp("checked_at").notNull(),
    /** Null while open; set when staff terminate the link or dismiss the hit. */
    resolvedAt: timestamp("resolved_at"),
    resolution: text("resolution", { enum: ["terminated", "dismissed"] }),
  },
  (t) => [
    uniqueIndex("reputation_hits_link_threat").on(t.linkId, t.threatType),
    index("reputation_hits_open").on(t.resolvedAt, t.checkedAt),
  ],
);

/** Sign-up codes staff issue (optionally for one email), with an expiry and a number of uses. */
export const accessInvitations = sqliteTable(
  "access_invitations",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    /** Lower case; null: anyone with the code. */
    email: text("email"),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at"),
    revokedAt: timestamp("revoked_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("access_invitations_code").on(t.code)],
);

/** Service-wide settings staff change in the kiosk: `signup_invite_only` ("1" or "0"). */
export const kioskSettings = sqliteTable("kiosk_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});
