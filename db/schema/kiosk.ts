/**
 * The kiosk's own data (issue 19, docs/decisions/032): the staff audit log, the password
 * dictionary's staff changes, blocked client addresses, and surveys with their questions and
 * answers. Announcements live in account-data.ts (their publish time is there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

/** Every staff action in the kiosk: who, what, on what, and when (written in the same batch as the change). */
export const staffAuditLog = sqliteTable(
  "staff_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The staff member; kept (null) when that account is deleted. */
    staffUserId: text("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The staff member's email at the time, so the log still reads after the account is gone. */
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: text("details").notNull().default("{}"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("staff_audit_log_action").on(t.action, t.createdAt),
    index("staff_audit_log_created").on(t.createdAt),
    // Kiosk staff log by target (a user's page, a link's history): migration 0040
    index("staff_audit_log_target").on(t.target, t.createdAt),
  ],
);

/**
 * Staff changes to the password dictionary; the shipped list (domain/common-passwords.ts) is code.
 * `added`: refused besides the shipped list; `removed`: a shipped word staff allowed again.
 */
export const passwordDictionary = sqliteTable(
  "password_dictionary",
  {
    /** Lower case: the check is case-insensitive. */
    word: text("word").primaryKey(),
    kind: text("kind", { enum: ["added", "removed"] }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [check("password_dictionary_kind", sql`${t.kind} in ('added', 'removed')`)],
);

/** Client addresses and ranges refused sign-up and guest link creation. */
export const blockedAddresses = sqliteTable(
  "blocked_addresses",
  {
    id: text("id").primaryKey(),
    /** Canonical CIDR (domain/cidr.ts): `203.0.113.0/24`, `2001:db8::/32`; one address is /32 or /128. */
    cidr: text("cidr").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [uniqueIndex("blocked_addresses_cidr").on(t.cidr)],
);

export const surveys = sqliteTable(
  "surveys",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** The onboarding survey (spec 01 §2 banner, §7 survey/onboarding): at most one is on. */
    onboarding: flag("onboarding").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("surveys_one_onboarding")
      .on(t.onboarding)
      .where(sql`${t.onboarding} = 1`),
  ],
);

export const surveyQuestions = sqliteTable(
  "survey_questions",
  {
    id: text("id").primaryKey(),
    surveyId: text("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["text", "choice"] }).notNull(),
    prompt: text("prompt").notNull(),
    /** JSON list of the choices of a single-choice question; [] for text. */
    options: text("options").notNull().default("[]"),
    required: flag("required").notNull().default(false),
  },
  (t) => [
    index("survey_questions_survey").on(t.surveyId, t.position),
    check("survey_questions_kind", sql`${t.kind} in ('text', 'choice')`),
  ],
);

/** One per user and survey: answered (with the answers) or skipped. */
export const surveyResponses = sqliteTable(
  "survey_responses",
  {
    id: text("id").primaryKey(),
    surveyId: text("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["answered", "skipped"] }).notNull(),
    /** JSON object: question id → answer text (a choice's text for single choice). */
    answers: text("answers").notNull().default("{}"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("survey_responses_user").on(t.surveyId, t.userId),
    index("survey_responses_created").on(t.surveyId, t.createdAt),
    check("survey_responses_status", sql`${t.status} in ('answered', 'skipped')`),
  ],
);
