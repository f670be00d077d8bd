/**
 * The onboarding survey (decision 032): a survey that is on keeps at least one question, and a
 * survey without questions is never asked, whatever its flag.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import {
  addSurveyQuestion,
  createSurvey,
  getPendingOnboardingSurvey,
  getSurvey,
  removeSurveyQuestion,
  setOnboardingSurvey,
} from "../../db/surveys.server";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);

async function insertUser(id: string) {
  const now = Date.now();
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)")
    .bind(id, "Someone", `${id}@example.com`, now, now)
    .run();
}

describe("the onboarding survey's questions", () => {
  it("refuses removing the last question of the survey that is on; off, it may go; a survey without questions is never asked", async () => {
    const staff = { id: crypto.randomUUID(), email: "staff-survey@example.com" };
    const user = crypto.randomUUID();
    await insertUser(staff.id);
    await insertUser(user);
    const id = await createSurvey(db, staff, "Welcome");
    await addSurveyQuestion(
      db,
      staff,
      { id, title: "Welcome" },
      { prompt: "What brings you here?", kind: "text", options: [], required: false },
    );
    await addSurveyQuestion(db, staff, { id, title: "Welcome" }, { prompt: "Your team size?", kind: "text", options: [], required: false });
    await setOnboardingSurvey(db, staff, { id, title: "Welcome" });
    expect(await getPendingOnboardingSurvey(db, user)).toEqual({ id, title: "Welcome" });

    let survey = (await getSurvey(db, id))!;
    expect(await removeSurveyQuestion(db, staff, survey, survey.questions[0]!)).toEqual({ ok: true });
    survey = (await getSurvey(db, id))!;
    expect(survey.questions.map((q) => q.prompt)).toEqual(["Your team size?"]);
    // The last question of the survey that is on stays.
    expect(await removeSurveyQuestion(db, staff, survey, survey.questions[0]!)).toEqual({ ok: false, reason: "last-question" });
    expect((await getSurvey(db, id))!.questions).toHaveLength(1);
    // Even from a page read while the survey was off (it was turned on meanwhile): the batch itself
    // checks, says so, and logs no removal that did not happen.
    const removalsLogged = async () =>
      (
        await testEnv.DB.prepare("SELECT count(*) AS n FROM staff_audit_log WHERE action = 'survey.question-removed' AND details LIKE ?")
          .bind(`%${survey.questions[0]!.id}%`)
          .first<{ n: number }>()
      )?.n;
    const updatedBefore = (await getSurvey(db, id))!.updatedAt;
    expect(
      await removeSurveyQuestion(
        db,
        staff,
        { ...survey, onboarding: false, questions: [{}, {}] },
        survey.questions[0]!,
        new Date(Date.now() + 60_000),
      ),
    ).toEqual({ ok: false, reason: "last-question" });
    expect((await getSurvey(db, id))!.questions).toHaveLength(1);
    expect(await removalsLogged()).toBe(0);
    expect((await getSurvey(db, id))!.updatedAt).toEqual(updatedBefore);

    // A survey that is on with no questions (rows from before this rule) is not asked.
    await testEnv.DB.prepare("DELETE FROM survey_questions WHERE survey_id = ?").bind(id).run();
    expect(await getPendingOnboardingSurvey(db, user)).toBeNull();

    // Off, the last question may be removed.
    await addSurveyQuestion(db, staff, { id, title: "Welcome" }, { prompt: "Anything else?", kind: "text", options: [], required: false });
    await setOnboardingSurvey(db, staff, null);
    survey = (await getSurvey(db, id))!;
    expect(await removeSurveyQuestion(db, staff, survey, survey.questions[0]!)).toEqual({ ok: true });
    expect((await getSurvey(db, id))!.questions).toHaveLength(0);
  });
});
