/**
 * GET /app/api/survey/onboarding (spec 01 §7; issue 19, decision 032): the questions of the
 * onboarding survey the user is asked now, as `{data: [question]}`; an empty list when there is
 * none to ask (surveys off, the user unverified or not survey-enabled, or already answered or
 * skipped). Logged out: 401 'Not authorized'.
 */
import { getDb } from "../../../db/client.server";
import { getOnboardingSurvey } from "../../../db/surveys.server";
import { getCloudflare } from "../../context.server";
import { json, methodNotAllowed, requireApiViewer } from "../../lib/api.server";
import { surveyToAsk } from "../../lib/onboarding-survey.server";
import type { Route } from "./+types/api.onboarding";

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context);
  const db = getDb(getCloudflare(context).env.DB);
  const pending = await surveyToAsk(db, viewer);
  const survey = pending ? await getOnboardingSurvey(db) : null;
  if (!survey || survey.id !== pending?.id) return json({ data: [] });
  return json({
    data: survey.questions.map((question) => ({
      id: question.id,
      survey_id: survey.id,
      survey_title: survey.title,
      type: question.kind,
      question: question.prompt,
      options: question.options,
      required: question.required,
    })),
  });
}

export const action = methodNotAllowed("GET");
