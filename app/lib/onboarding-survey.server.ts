/**
 * The onboarding survey on the user's side (issue 19; spec 01 §2 shell banner, §3 isSurveyEnabled,
 * §7 survey/onboarding, §9 modal after 500 ms; decision 032). A user is asked when:
 * - surveys are enabled: staff turned a survey on as the onboarding survey (kiosk surveys);
 * - the user is verified (email verified);
 * - the user is survey-enabled (users.survey_enabled: every account made since the survey shipped);
 * - and the user has neither answered nor skipped that survey (remembered per user in D1).
 */
import type { Db } from "../../db/client.server";
import { getPendingOnboardingSurvey, type SurveyQuestion } from "../../db/surveys.server";
import { surveyAnswerField } from "../components/survey-questions";
import { SURVEY_ANSWER_MAX, SURVEY_MESSAGES } from "../forms/kiosk";
import type { Viewer } from "../session.server";

/** Whether the account may be asked at all (no database read). */
export function mayBeAsked(viewer: Viewer | null): viewer is Viewer {
  return viewer !== null && viewer.user.emailVerified && viewer.user.surveyEnabled;
}

/** The onboarding survey the viewer should be asked now, or null (one read, only for accounts that may be asked). */
export async function surveyToAsk(db: Db, viewer: Viewer | null): Promise<{ id: string; title: string } | null> {
  if (!mayBeAsked(viewer)) return null;
  return getPendingOnboardingSurvey(db, viewer.user.id);
}

export type ParsedAnswers = { ok: true; answers: Record<string, string> } | { ok: false; errors: Record<string, string[]> };

/** Checks the posted answers against the questions: required ones given, choices among the options, text bounded. */
export function parseSurveyAnswers(questions: readonly SurveyQuestion[], formData: FormData): ParsedAnswers {
  const answers: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const question of questions) {
    const field = surveyAnswerField(question.id);
    const raw = formData.get(field);
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "") {
      if (question.required) errors[field] = [SURVEY_MESSAGES.answerRequired];
      continue;
    }
    if (question.kind === "choice" && !question.options.includes(value)) errors[field] = [SURVEY_MESSAGES.choiceInvalid];
    else if (value.length > SURVEY_ANSWER_MAX) errors[field] = [SURVEY_MESSAGES.answerMax];
    else answers[question.id] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}
