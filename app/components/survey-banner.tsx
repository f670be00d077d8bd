/**
 * The onboarding survey in the shell (spec 01 §2, §7, §9; issue 19; decision 032): a banner on
 * every page for a user who is asked (its links and Skip work without JavaScript), and, with
 * JavaScript, a modal 500 ms after the page loads with the questions from GET
 * /app/api/survey/onboarding. Skipping is remembered on the server (the post) and in local storage
 * (`survey-onboarding-skipped`, spec 01 §9); closing the modal hides it for the browser session.
 */
import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useModalOnMount } from "./dialog";
import { SurveyQuestions, type SurveyQuestionView } from "./survey-questions";
import { settingsButton, settingsSecondaryButton } from "./settings";

export const SURVEY_PAGE = "/app/survey/onboarding";
/** Spec 01 §9: the survey modal appears after 500 ms. */
export const SURVEY_MODAL_DELAY_MS = 500;
/** Spec 01 §9 local storage: the id of the onboarding survey the browser skipped. */
export const SURVEY_SKIPPED_STORAGE_KEY = "survey-onboarding-skipped";
const SURVEY_CLOSED_SESSION_KEY = "survey-onboarding-closed";

interface ApiQuestion {
  id: string;
  survey_id: string;
  type: "text" | "choice";
  question: string;
  options: string[];
  required: boolean;
}

function remembered(storage: () => Storage, key: string, surveyId: string): boolean {
  try {
    return storage().getItem(key) === surveyId;
  } catch {
    return false;
  }
}

function remember(storage: () => Storage, key: string, surveyId: string): void {
  try {
    storage().setItem(key, surveyId);
  } catch {
    // Storage refused (private mode): the server still remembers a skip.
  }
}

function SkipForm({ surveyId, to, className }: { surveyId: string; to: string; className: string }) {
  return (
    <Form method="post" action={SURVEY_PAGE} onSubmit={() => remember(() => window.localStorage, SURVEY_SKIPPED_STORAGE_KEY, surveyId)}>
      <input type="hidden" name="survey" value={surveyId} />
      <input type="hidden" name="to" value={to} />
      <button type="submit" name="intent" value="skip" className={className}>
        Skip
      </button>
    </Form>
  );
}

export function SurveyBanner({ survey, impersonated }: { survey: { id: string; title: string }; impersonated: boolean }) {
  const location = useLocation();
  if (location.pathname === SURVEY_PAGE) return null;
  const to = location.pathname + location.search;
  return (
    <>
      <section aria-label="Onboarding survey" className="border-b border-indigo-200 bg-indigo-50 text-indigo-950">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
          <p>
            <span className="font-semibold">{survey.title}:</span> help us make Snip better for you. It takes a minute.
          </p>
          <div className="flex items-center gap-2">
            <Link
              to={`${SURVEY_PAGE}?to=${encodeURIComponent(to)}`}
              className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              Answer the survey
            </Link>
            <SkipForm surveyId={survey.id} to={to} className="rounded-lg px-3 py-1.5 text-sm font-semibold hover:bg-black/5" />
          </div>
        </div>
      </section>
      {/* Staff logged in as a user do not answer for them: the banner shows, the modal does not. */}
      {impersonated ? null : <SurveyModalAfterDelay key={survey.id} survey={survey} to={to} />}
    </>
  );
}

function SurveyModalAfterDelay({ survey, to }: { survey: { id: string; title: string }; to: string }) {
  const [questions, setQuestions] = useState<SurveyQuestionView[] | null>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (remembered(() => window.localStorage, SURVEY_SKIPPED_STORAGE_KEY, survey.id)) return;
    if (remembered(() => window.sessionStorage, SURVEY_CLOSED_SESSION_KEY, survey.id)) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        // Loaded when the modal is due: the banner is in every page's shell and stays light.
        const { apiFetch } = await import("../lib/api-client");
        const { data } = await apiFetch<{ data: ApiQuestion[] }>("survey/onboarding", { globalErrors: false });
        const list = (data?.data ?? []).filter((q) => q.survey_id === survey.id);
        if (!cancelled && list.length > 0)
          setQuestions(list.map((q) => ({ id: q.id, kind: q.type, prompt: q.question, options: q.options, required: q.required })));
      } catch {
        // No modal; the banner stays.
      }
    }, SURVEY_MODAL_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [survey.id]);
  if (!questions || closed) return null;
  const close = () => {
    remember(() => window.sessionStorage, SURVEY_CLOSED_SESSION_KEY, survey.id);
    setClosed(true);
  };
  return <SurveyModal survey={survey} questions={questions} to={to} onClose={close} />;
}

function SurveyModal({
  survey,
  questions,
  to,
  onClose,
}: {
  survey: { id: string; title: string };
  questions: SurveyQuestionView[];
  to: string;
  onClose: () => void;
}) {
  const ref = useModalOnMount();
  return (
    <dialog
      ref={ref}
      aria-labelledby="survey-modal-title"
      onClose={onClose}
      className="m-auto w-[min(92vw,560px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id="survey-modal-title" className="text-lg font-bold text-slate-900">
          {survey.title}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label="Close"
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div className="max-h-[70vh] space-y-4 overflow-y-auto px-6 py-5 text-slate-700">
        <p className="text-sm text-slate-600">Help us make Snip better for you: it takes a minute.</p>
        <Form method="post" action={SURVEY_PAGE} id="survey-modal-form" noValidate className="space-y-6">
          <input type="hidden" name="survey" value={survey.id} />
          <input type="hidden" name="to" value={to} />
          <SurveyQuestions questions={questions} idPrefix="survey-modal" />
        </Form>
        <div className="flex flex-wrap items-center gap-3">
          {/* Outside its form (named by `form`), so it sits beside Skip, which posts a form of its own. */}
          <button type="submit" form="survey-modal-form" name="intent" value="answer" className={settingsButton}>
            Send answers
          </button>
          <SkipForm surveyId={survey.id} to={to} className={settingsSecondaryButton} />
        </div>
      </div>
    </dialog>
  );
}
