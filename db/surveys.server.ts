/**
 * Surveys (issue 19, spec 01 §2 banner, §7 survey/onboarding, decision 032): staff write them
 * and turn one on as the onboarding survey; each user answers or skips it once.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { rawBatch, type Db } from "./client.server";
import { surveyQuestions, surveyResponses, surveys, users } from "./schema";
import type { StaffAuditAction } from "../domain/staff-audit";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

export type QuestionKind = "text" | "choice";

export interface SurveyQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  options: string[];
  required: boolean;
}

function parseOptions(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export async function listSurveys(db: Db) {
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      onboarding: surveys.onboarding,
      createdAt: surveys.createdAt,
      // Written out with table names: drizzle leaves the columns of a one-table select unqualified,
      // which inside a subquery would name the subquery's own columns.
      questions: sql<number>`(select count(*) from survey_questions q where q.survey_id = "surveys"."id")`,
      answers: sql<number>`(select count(*) from survey_responses r where r.survey_id = "surveys"."id" and r.status = 'answered')`,
    })
    .from(surveys)
    .orderBy(desc(surveys.createdAt));
}

async function questionsOf(db: Db, surveyId: string): Promise<SurveyQuestion[]> {
  const rows = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    prompt: row.prompt,
    options: parseOptions(row.options),
    required: row.required,
  }));
}

export async function getSurvey(db: Db, id: string) {
  const survey = (await db.select().from(surveys).where(eq(surveys.id, id)).limit(1))[0];
  if (!survey) return null;
  return { ...survey, questions: await questionsOf(db, id) };
}

export async function createSurvey(db: Db, staff: StaffActor, title: string, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(surveys).values({ id, title, onboarding: false, createdAt: now, updatedAt: now }),
    staffAuditInsert(db, { staff, action: "survey.created", target: title, details: { id }, at: now }),
  ]);
  return id;
}

export async function renameSurvey(db: Db, staff: StaffActor, id: string, title: string, now = new Date()) {
  await db.batch([
    db.update(surveys).set({ title, updatedAt: now }).where(eq(surveys.id, id)),
    staffAuditInsert(db, { staff, action: "survey.updated", target: title, details: { id }, at: now }),
  ]);
}

export async function addSurveyQuestion(
  db: Db,
  staff: StaffActor,
  survey: { id: string; title: string },
  question: Omit<SurveyQuestion, "id">,
  now = new Date(),
) {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(surveyQuestions).values({
      id,
      surveyId: survey.id,
      // After the last one (computed inside the statement, so two staff adding at once both land).
      position: sql`(select coalesce(max(q.position), 0) + 1 from survey_questions q where q.survey_id = ${survey.id})`,
      kind: question.kind,
      prompt: question.prompt,
      options: JSON.stringify(question.kind === "choice" ? question.options : []),
      required: question.required,
    }),
    db.update(surveys).set({ updatedAt: now }).where(eq(surveys.id, survey.id)),
    staffAuditInsert(db, {
      staff,
      action: "survey.question-added",
      target: survey.title,
      details: { id, prompt: question.prompt },
      at: now,
    }),
  ]);
  return id;
}

export async function removeSurveyQuestion(
  db: Db,
  staff: StaffActor,
  survey: { id: string; title: string; onboarding: boolean; questions: readonly unknown[] },
  question: SurveyQuestion,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "last-question" }> {
  // The onboarding survey (users are asked it) keeps at least one question. Checked on the survey
  // as read, and again in the batch itself (a survey turned on meanwhile keeps its question).
  if (survey.onboarding && survey.questions.length <= 1) return { ok: false, reason: "last-question" };
  // Every statement of the batch runs under the same condition, read before the DELETE: the staff
  // log row and the survey's updatedAt are written only when the question really goes.
  const removable = sql`exists (select 1 from survey_questions q where q.id = ${question.id} and q.survey_id = ${survey.id})
    and not exists (select 1 from surveys s where s.id = ${survey.id} and s.onboarding = 1
      and (select count(*) from survey_questions q where q.survey_id = s.id) <= 1)`;
  const action: StaffAuditAction = "survey.question-removed";
  const details = JSON.stringify({ id: question.id, prompt: question.prompt });
  const [, , deleted] = await rawBatch(db, [
    db.run(sql`INSERT INTO staff_audit_log (staff_user_id, staff_email, action, target, details, created_at)
      SELECT ${staff.id}, ${staff.email}, ${action}, ${survey.title}, ${details}, ${now.getTime()} WHERE ${removable}`),
    db
      .update(surveys)
      .set({ updatedAt: now })
      .where(and(eq(surveys.id, survey.id), removable)),
    db.delete(surveyQuestions).where(and(eq(surveyQuestions.id, question.id), eq(surveyQuestions.surveyId, survey.id), removable)),
  ]);
  if ((deleted?.meta.changes ?? 0) > 0) return { ok: true };
  // Not removed: refused by the guard (the survey was turned on meanwhile), or already gone.
  const [still] = await db.select({ id: surveyQuestions.id }).from(surveyQuestions).where(eq(surveyQuestions.id, question.id)).limit(1);
  return still ? { ok: false, reason: "last-question" } : { ok: true };
}

/** Turns `survey` on as the onboarding survey (any other goes off), or turns the onboarding survey off (null). */
export async function setOnboardingSurvey(db: Db, staff: StaffActor, survey: { id: string; title: string } | null, now = new Date()) {
  const off = db.update(surveys).set({ onboarding: false, updatedAt: now }).where(eq(surveys.onboarding, true));
  if (!survey) {
    await db.batch([off, staffAuditInsert(db, { staff, action: "survey.onboarding-off", at: now })]);
    return;
  }
  await db.batch([
    off,
    db.update(surveys).set({ onboarding: true, updatedAt: now }).where(eq(surveys.id, survey.id)),
    staffAuditInsert(db, { staff, action: "survey.onboarding-on", target: survey.title, details: { id: survey.id }, at: now }),
  ]);
}

/** The onboarding survey that is on, with its questions; null when none is. */
export async function getOnboardingSurvey(db: Db) {
  const survey = (await db.select().from(surveys).where(eq(surveys.onboarding, true)).limit(1))[0];
  if (!survey) return null;
  return { ...survey, questions: await questionsOf(db, survey.id) };
}

/** The onboarding survey that is on and that the user has neither answered nor skipped: one read. */
export async function getPendingOnboardingSurvey(db: Db, userId: string): Promise<{ id: string; title: string } | null> {
  const row = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(
      and(
        eq(surveys.onboarding, true),
        // A survey without questions is never asked (decision 032), whatever its flag.
        sql`exists (select 1 from survey_questions q where q.survey_id = "surveys"."id")`,
        sql`not exists (select 1 from survey_responses r where r.survey_id = "surveys"."id" and r.user_id = ${userId})`,
      ),
    )
    .get();
  return row ?? null;
}

export async function getSurveyResponse(db: Db, surveyId: string, userId: string) {
  return (
    (
      await db
        .select()
        .from(surveyResponses)
        .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.userId, userId)))
        .limit(1)
    )[0] ?? null
  );
}

/**
 * Records a user's answers or skip. The first answer stands; a skip may later be replaced by
 * answers (the plain page stays open), never the other way round.
 */
export async function recordSurveyResponse(
  db: Db,
  surveyId: string,
  userId: string,
  response: { status: "answered"; answers: Record<string, string> } | { status: "skipped" },
  now = new Date(),
) {
  const answers = response.status === "answered" ? JSON.stringify(response.answers) : "{}";
  await db
    .insert(surveyResponses)
    .values({ id: crypto.randomUUID(), surveyId, userId, status: response.status, answers, createdAt: now })
    .onConflictDoUpdate({
      target: [surveyResponses.surveyId, surveyResponses.userId],
      set: { status: response.status, answers, createdAt: now },
      setWhere: sql`${surveyResponses.status} = 'skipped' and excluded.status = 'answered'`,
    });
}

/**
 * Spec 01 §8: a card checkout whose redirect failed marks the onboarding survey skipped (the user
 * is not asked on top of a failed payment). Nothing when no survey is pending for the user.
 */
export async function skipPendingOnboardingSurvey(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const pending = await getPendingOnboardingSurvey(db, userId);
  if (!pending) return false;
  await recordSurveyResponse(db, pending.id, userId, { status: "skipped" }, now);
  return true;
}

export const SURVEY_ANSWERS_PAGE_SIZE = 100;

/** The answers (and skips) of a survey, newest first, with who gave them. */
export async function listSurveyResponses(db: Db, surveyId: string, limit = SURVEY_ANSWERS_PAGE_SIZE) {
  const rows = await db
    .select({
      id: surveyResponses.id,
      status: surveyResponses.status,
      answers: surveyResponses.answers,
      createdAt: surveyResponses.createdAt,
      userId: surveyResponses.userId,
      email: users.email,
    })
    .from(surveyResponses)
    .innerJoin(users, eq(users.id, surveyResponses.userId))
    .where(eq(surveyResponses.surveyId, surveyId))
    .orderBy(desc(surveyResponses.createdAt))
    .limit(limit);
  return rows.map((row) => {
    let answers: Record<string, string> = {};
    try {
      const parsed = JSON.parse(row.answers) as unknown;
      if (parsed && typeof parsed === "object") answers = parsed as Record<string, string>;
    } catch {
      // left empty
    }
    return { ...row, answers };
  });
}

export async function countSurveyResponses(db: Db, surveyId: string) {
  return (await db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)).get())?.n ?? 0;
}
