/**
 * Branded domains and vanity subdomains (issue 18, docs/decisions/035): the short hosts a
 * workspace brings. The redirect worker never reads this table: it reads the host's record in
 * KV (`hostKey`, domain/host-record.ts), which the app writes through on every change.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { workspaces } from "./workspaces";

export const BRANDED_DOMAIN_KINDS = ["domain", "subdomain", "vanity"] as const;
export type BrandedDomainKind = (typeof BRANDED_DOMAIN_KINDS)[number];
/** pending: waiting for DNS; active: serving; failed: verification refused; lapsed: was active, no longer verifies. */
export const BRANDED_DOMAIN_STATUSES = ["pending", "active", "failed", "lapsed"] as const;
export type BrandedDomainStatus = (typeof BRANDED_DOMAIN_STATUSES)[number];

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const brandedDomains = sqliteTable(
  "branded_domains",
  {
    id: text("id").primaryKey(),
    /** The owning workspace (docs/decisions/027); `user_id` is who added it. */
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-case host name, punycode; one owner across the service. */
    hostname: text("hostname").notNull(),
    kind: text("kind", { enum: BRANDED_DOMAIN_KINDS }).notNull(),
    status: text("status", { enum: BRANDED_DOMAIN_STATUSES }).notNull(),
    /** The custom hostname's id at Cloudflare for SaaS; null for vanity subdomains (the short host's own certificate). */
    cfHostnameId: text("cf_hostname_id"),
    /** The ownership TXT record to publish, as Cloudflare returned it. */
    verificationName: text("verification_name"),
    verificationValue: text("verification_value"),
    /** Cloudflare's last word on the hostname and its certificate, shown on the verify page. */
    hostnameStatus: text("hostname_status"),
    sslStatus: text("ssl_status"),
    /** Where `/` and an unknown alias on this host go; null: the default pages. */
    rootRedirect: text("root_redirect"),
    notFoundRedirect: text("not_found_redirect"),
    createdAt: timestamp("created_at").notNull(),
    verifiedAt: timestamp("verified_at"),
    checkedAt: timestamp("checked_at"),
    // Kiosk domains (issue 19, decision 045): staff stopped the domain serving; its host record stays inactive until re-enabled.
    disabledAt: timestamp("disabled_at"),
    disabledReason: text("disabled_reason"),
  },
  (t) => [
    uniqueIndex("branded_domains_hostname").on(t.hostname),
    index("branded_domains_workspace").on(t.workspaceId),
    index("branded_domains_status").on(t.status, t.checkedAt),
  ],
);

export type BrandedDomain = typeof brandedDomains.$inferSelect;
