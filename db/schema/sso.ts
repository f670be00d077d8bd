/**
 * Single sign-on for organizations (issue 17, docs/decisions/034): one OpenID Connect provider per
 * organization, and the email domains that sign in through it, each verified by a DNS TXT record.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./organizations";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

export const organizationSso = sqliteTable("organization_sso", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** The provider's issuer identifier (https outside local runs): discovery starts from it. */
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  /** The client secret, encrypted with AUTH_SECRET (better-auth's symmetricEncrypt, as the TOTP secrets); never shown again. */
  clientSecret: text("client_secret").notNull(),
  /** The organization role given to a user whose membership the first SSO sign-in creates. */
  defaultRoleId: text("default_role_id").notNull(),
  /** Password sign-in is refused for accounts of the verified domains (the owner excepted). */
  required: flag("required").notNull().default(false),
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

export const ssoDomains = sqliteTable(
  "sso_domains",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lowercase, punycode. */
    domain: text("domain").notNull(),
    /** The value the TXT record must carry (domain/sso.ts ssoTxtValue). */
    token: text("token").notNull(),
    verifiedAt: timestamp("verified_at"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.domain] }),
    // Any organization may claim a domain; only one may hold it verified.
    uniqueIndex("sso_domains_verified")
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
    index("sso_domains_domain").on(t.domain),
  ],
);
