/**
 * /app/survey/onboarding (L; issue 19, spec 01 §2 shell, decision 032): the onboarding survey as
 * a plain page, behind the shell's banner (and the modal's "Send" and "Skip", which post here):
 * works without JavaScript. Answers and skips are remembered per user; a skip can still be
 * followed by answers here, never the other way round.
 */
import { data, Form, Link, redirect } from "react-router";
import { getOnboardingSurvey, getSurveyResponse, recordSurveyResponse } from "../../../db/surveys.server";
import { getDb } from "../../../db/client.server";
import { safeReturnPath } from "../../../domain/return-path";
import { Notice } from "../../components/form-fields";
import { settingsButton, settingsSecondaryButton } from "../../components/settings";
import { SurveyQuestions } from "../../components/survey-questions";
import { getCloudflare } from "../../context.server";
import { SURVEY_MESSAGES } from "../../forms/kiosk";
import { mayBeAsked, parseSurveyAnswers } from "../../lib/onboarding-survey.server";
import { requireUser, type Viewer } from "../../session.server";
import type { Route } from "./+types/onboarding";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "A few questions | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/survey/onboarding";
const THANKS = "Thank you for your answers.";

/** The survey the viewer may answer here: the onboarding survey, unless the account is not asked or already answered it. */
async function answerable(db: ReturnType<typeof getDb>, viewer: Viewer) {
  if (!mayBeAsked(viewer)) return null;
  const survey = await getOnboardingSurvey(db);
  if (!survey || survey.questions.length === 0) return null;
  const response = await getSurveyResponse(db, survey.id, viewer.user.id);
  return response?.status === "answered" ? null : survey;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const url = new URL(request.url);
  const survey = await answerable(getDb(getCloudflare(context).env.DB), viewer);
  return {
    thanks: url.searchParams.get("notice") === "answered",
    to: safeReturnPath(url.searchParams.get("to"), "/"),
    survey: survey ? { id: survey.id, title: survey.title, questions: survey.questions } : null,
  };
}

type Reply = { errors?: Record<string, string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const formData = await requestFormData(request);
  const survey = await answerable(db, viewer);
  // Only the survey that is on now (a page left open while staff switched surveys answers nothing).
  if (!survey || formData.get("survey") !== survey.id) return data<Reply>({ error: SURVEY_MESSAGES.none }, { status: 409 });
  if (formData.get("intent") === "skip") {
    await recordSurveyResponse(db, survey.id, viewer.user.id, { status: "skipped" });
    return redirect(safeReturnPath(formData.get("to"), "/"));
  }
  const parsed = parseSurveyAnswers(survey.questions, formData);
  if (!parsed.ok) return data<Reply>({ errors: parsed.errors }, { status: 422 });
  await recordSurveyResponse(db, survey.id, viewer.user.id, { status: "answered", answers: parsed.answers });
  return redirect(`${PAGE}?notice=answered`);
}

export default function OnboardingSurvey({ loaderData, actionData }: Route.ComponentProps) {
  const { survey, thanks, to } = loaderData;
  const reply = actionData as Reply | undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{survey?.title ?? "A few questions"}</h1>
      <div className="mt-6 space-y-5">
        {thanks ? <Notice tone="success">{THANKS}</Notice> : null}
        {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
        {survey ? (
          <Form method="post" noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-sm text-slate-600">Help us make Snip better for you: it takes a minute.</p>
            <input type="hidden" name="survey" value={survey.id} />
            <input type="hidden" name="to" value={to} />
            <SurveyQuestions questions={survey.questions} errors={reply?.errors} idPrefix="survey-page" />
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="answer" className={settingsButton}>
                Send answers
              </button>
              <button type="submit" name="intent" value="skip" formNoValidate className={settingsSecondaryButton}>
                Skip
              </button>
            </div>
          </Form>
        ) : thanks ? null : (
          <p className="text-slate-600">{SURVEY_MESSAGES.none}</p>
        )}
        <p>
          <Link to={to} className="text-sm font-semibold text-indigo-700 hover:underline">
            Continue to Snip
          </Link>
        </p>
      </div>
    </div>
  );
}
