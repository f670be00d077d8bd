/**
 * Accounts: the tables better-auth reads and writes (user, session, account, verification,
 * twoFactor; JS property names are the library's field names), plus Snip's own columns on
 * users, and the login throttle and TOTP replay guard the library does not keep.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: flag("email_verified").notNull().default(false),
  /** R2 key of the profile photo (served by /app/user-photo/{userId}). */
  image: text("image"),
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
  twoFactorEnabled: flag("two_factor_enabled").default(false),
  // Snip's own fields (spec 01 §3 User)
  emailVerifiedAt: timestamp("email_verified_at"),
  isDeveloper: flag("is_developer").notNull().default(false),
  /** Bit flags: 4 no affiliate, 8 no mailings, 16 hide invoices. */
  status: integer("status").notNull().default(0),
  /** JSON list of extra feature flags granted to this user. */
  features: text("features").notNull().default("[]"),
  /** ISO 8601 duration overriding the plan's alias lifetime. */
  aliasLifetime: text("alias_lifetime"),
  lastReadAnnouncementsAt: timestamp("last_read_announcements_at"),
  surveyEnabled: flag("survey_enabled").notNull().default(false),
  /** Usage beyond the active-alias limit is billed (spec 01 §9 overage) instead of refused. */
  overagesEnabled: flag("overages_enabled").notNull().default(false),
  /**
   * The team the user last switched to (spec 01 §3 User current_team_id, §4 Team mode); null for
   * the personal account. No foreign key: it is read back only while the user is still a member of
   * a team that exists and is not archived, and leaving clears it (docs/decisions/029).
   */
  currentTeamId: text("current_team_id"),
  // better-auth admin plugin: staff (developer flag and role "admin") may impersonate users.
  role: text("role"),
  banned: flag("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires"),
  /**
   * Staff terminated the account for violating the terms (docs/decisions/036): the user can still
   * sign in and sees why; none of the links they created redirect. Null while in good standing.
   */
  terminatedAt: timestamp("terminated_at"),
  terminationReason: text("termination_reason"),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set while staff impersonate the user: the staff user's id. */
    impersonatedBy: text("impersonated_by"),
    /** Last time the password was entered again for a sensitive action (spec 423 flow). */
    passwordConfirmedAt: timestamp("password_confirmed_at"),
    /** Single sign-on (issue 17, decision 034): the organization whose identity provider signed this session in. */
    ssoOrganizationId: text("sso_organization_id"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at"),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("accounts_user").on(t.userId)],
);

export const verifications = sqliteTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [index("verifications_identifier").on(t.identifier)],
);

export const twoFactors = sqliteTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: flag("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until"),
  },
  (t) => [index("two_factors_user").on(t.userId), index("two_factors_secret").on(t.secret)],
);

/** Failed logins per key (an email address or a client address) within the current window. */
export const loginThrottles = sqliteTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamp("window_started_at").notNull(),
  lockedUntil: timestamp("locked_until"),
});

/** TOTP codes already accepted, kept until they can no longer verify: a code works once. */
export const usedTotpCodes = sqliteTable(
  "used_totp_codes",
  {
    userId: text("user_id").notNull(),
    code: text("code").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);
