/**
 * Branded domains and vanity subdomains (issue 18, docs/decisions/035): the short hosts a
 * workspace brings. The redirect worker never reads this table: it reads the host's record in
 * KV (`hostKey`, domain/host-record.ts), which the app writes through on every change.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { organizations, teams } from "./organizations";
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
    /** The owning workspace (docs/decisions/027), or null for an organization's domain (decision 044). */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** The owning organization (decision 044): its domains serve its teams. */
    organizationId: text("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** An organization's domain every team of it may use; otherwise the teams of branded_domain_teams. */
    forAllTeams: integer("for_all_teams", { mode: "boolean" }).notNull().default(false),
    /** Who added it; null once that account is deleted (an organization's domain stays). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
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
    index("branded_domains_organization").on(t.organizationId),
    index("branded_domains_status").on(t.status, t.checkedAt),
    check(
      "branded_domains_owner_shape",
      sql`(${t.workspaceId} is not null and ${t.organizationId} is null) or (${t.workspaceId} is null and ${t.organizationId} is not null)`,
    ),
  ],
);

/** The teams an organization's domain is assigned to, when it is not for all teams (decision 044). */
export const brandedDomainTeams = sqliteTable(
  "branded_domain_teams",
  {
    domainId: text("domain_id")
      .notNull()
      .references(() => brandedDomains.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.teamId] }), index("branded_domain_teams_team").on(t.teamId)],
);

export type BrandedDomain = typeof brandedDomains.$inferSelect;
