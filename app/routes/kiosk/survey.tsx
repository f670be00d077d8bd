/**
 * /app/kiosk/surveys/{survey} (L and developer; issue 19, decision 032): a survey's title and
 * questions (free text or single choice), turning it on as the onboarding survey, and its answers
 * with who gave them and when. Every change writes a staff log row.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { addSurveyQuestion, getSurvey, listSurveyResponses, removeSurveyQuestion, renameSurvey } from "../../../db/surveys.server";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallDanger, OnboardingToggle, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { KIOSK_MESSAGES, surveyQuestionSchema, surveyTitleSchema } from "../../forms/kiosk";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import { onboardingAction } from "../../lib/kiosk/surveys.server";
import type { Route } from "./+types/survey";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Survey | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const NOTICES = {
  created: "The survey has been created. Add its questions below.",
  renamed: "The title has been saved.",
  "question-added": "The question has been added.",
  "question-removed": "The question has been removed.",
  on: "The survey is on: verified users who have not answered or skipped it are asked.",
  off: "The onboarding survey is off: nobody is asked.",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const survey = await getSurvey(db, params.survey);
  if (!survey) throw data("Not Found", { status: 404 });
  const [responses, log] = await Promise.all([listSurveyResponses(db, survey.id), staffLog(db, "survey")]);
  return {
    notice: noticeOf(request, NOTICES),
    survey: { id: survey.id, title: survey.title, onboarding: survey.onboarding, questions: survey.questions },
    responses: responses.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    log,
  };
}

type Reply = { intent: "rename" | "add-question"; result: SubmissionResult<string[]> } | { intent?: undefined; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const page = `/app/kiosk/surveys/${params.survey}`;
  const formData = await requestFormData(request);
  const intent = formIntent(formData, ["onboarding-on", "onboarding-off", "rename", "add-question", "remove-question"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "onboarding-on" || intent === "onboarding-off") return onboardingAction(staff, formData, page);
  const survey = await getSurvey(staff.db, params.survey);
  if (!survey) throw data("Not Found", { status: 404 });

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: surveyTitleSchema });
    if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
    await renameSurvey(staff.db, staff.actor, survey.id, submission.value.title);
    return redirect(`${page}?notice=renamed`);
  }
  if (intent === "add-question") {
    const submission = parseWithZod(formData, { schema: surveyQuestionSchema });
    if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 422 });
    const { prompt, kind, options, required } = submission.value;
    await addSurveyQuestion(staff.db, staff.actor, survey, { prompt, kind, options, required: required === "on" });
    return redirect(`${page}?notice=question-added`);
  }
  const question = survey.questions.find((q) => q.id === formData.get("question"));
  if (!question) return data<Reply>({ error: KIOSK_MESSAGES.notFound }, { status: 404 });
  const removed = await removeSurveyQuestion(staff.db, staff.actor, survey, question);
  if (!removed.ok) return data<Reply>({ error: KIOSK_MESSAGES.lastQuestion }, { status: 409 });
  return redirect(`${page}?notice=question-removed`);
}

const label = "mb-1.5 block text-sm font-semibold text-slate-800";

export default function KioskSurvey(props: Route.ComponentProps) {
  // Every navigation (the answer to a post included) mounts the page's forms afresh: a refused
  // post shows its errors and keeps what was typed (conform's lastResult), a saved one starts empty.
  const location = useLocation();
  return <KioskSurveyPage key={location.key} {...props} />;
}

function KioskSurveyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { survey, responses, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [renameForm, renameFields] = useForm<{ title: string }>({
    id: "rename",
    lastResult: reply?.intent === "rename" ? reply.result : undefined,
    defaultValue: { title: survey.title },
  });
  const [questionForm, questionFields] = useForm<{ prompt: string; kind: string; options: string; required: string }>({
    id: "question",
    lastResult: reply?.intent === "add-question" ? reply.result : undefined,
    defaultValue: { kind: "text" },
  });
  const inputClass = (errors?: string[]) => `${kioskInput} ${errors ? "border-red-500" : "border-slate-300"}`;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/app/kiosk/surveys" className="font-semibold text-indigo-700 hover:underline">
          ← All surveys
        </Link>
      </p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply && "error" in reply ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="survey"
        title={survey.title}
        description={survey.onboarding ? "This is the onboarding survey." : "This survey is off."}
      >
        <div className="flex flex-wrap items-start gap-6">
          <Form method="post" {...getFormProps(renameForm)} noValidate className="flex min-w-72 flex-1 flex-wrap items-start gap-3">
            <input type="hidden" name="intent" value="rename" />
            <div className="min-w-56 flex-1">
              <label htmlFor={renameFields.title.id} className={label}>
                Title
              </label>
              <input
                {...getInputProps(renameFields.title, { type: "text" })}
                key={renameFields.title.key}
                className={inputClass(renameFields.title.errors)}
              />
              <FieldError id={renameFields.title.errorId} errors={renameFields.title.errors} />
            </div>
            <button type="submit" className={`${settingsButton} mt-7`}>
              Save title
            </button>
          </Form>
          <div className="mt-7">
            <OnboardingToggle survey={survey} />
          </div>
        </div>
      </KioskCard>

      <KioskCard id="questions" title="Questions">
        {survey.questions.length === 0 ? (
          <p className="text-sm text-slate-600">No questions yet.</p>
        ) : (
          <ol className="list-decimal space-y-3 pl-5" aria-label="Questions">
            {survey.questions.map((question) => (
              <li key={question.id}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-slate-900">
                      {question.prompt}
                      {question.required ? <span className="ml-2 text-xs font-normal text-slate-500">(required)</span> : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      {question.kind === "text" ? "Free text" : `One of: ${question.options.join(", ")}`}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="question" value={question.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove-question"
                      className={kioskSmallDanger}
                      aria-label={`Remove ${question.prompt}`}
                    >
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" {...getFormProps(questionForm)} noValidate className="mt-6 max-w-xl space-y-4 border-t border-slate-100 pt-5">
          <input type="hidden" name="intent" value="add-question" />
          <h3 className="font-semibold text-slate-900">Add a question</h3>
          <div>
            <label htmlFor={questionFields.prompt.id} className={label}>
              Question
            </label>
            <input
              {...getInputProps(questionFields.prompt, { type: "text" })}
              key={questionFields.prompt.key}
              className={inputClass(questionFields.prompt.errors)}
            />
            <FieldError id={questionFields.prompt.errorId} errors={questionFields.prompt.errors} />
          </div>
          <div>
            <label htmlFor={questionFields.kind.id} className={label}>
              Kind
            </label>
            <select
              {...getSelectProps(questionFields.kind)}
              key={questionFields.kind.key}
              className={inputClass(questionFields.kind.errors)}
            >
              <option value="text">Free text</option>
              <option value="choice">Single choice</option>
            </select>
            <FieldError id={questionFields.kind.errorId} errors={questionFields.kind.errors} />
          </div>
          <div>
            <label htmlFor={questionFields.options.id} className={label}>
              Choices (single choice: one a line)
            </label>
            <textarea
              {...getTextareaProps(questionFields.options)}
              key={questionFields.options.key}
              rows={4}
              className={inputClass(questionFields.options.errors)}
            />
            <FieldError id={questionFields.options.errorId} errors={questionFields.options.errors} />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input {...getInputProps(questionFields.required, { type: "checkbox" })} key={questionFields.required.key} />
            Required
          </label>
          <button type="submit" className={settingsButton}>
            Add question
          </button>
        </Form>
      </KioskCard>

      <KioskCard
        id="answers"
        title="Answers"
        description={`${responses.filter((r) => r.status === "answered").length} answered, ${responses.filter((r) => r.status === "skipped").length} skipped.`}
      >
        {responses.length === 0 ? (
          <p className="text-sm text-slate-600">No answers yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Answers">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">User</th>
                  <th className="py-2 pr-4">When</th>
                  {survey.questions.map((question) => (
                    <th key={question.id} className="py-2 pr-4 normal-case">
                      {question.prompt}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {responses.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100 align-top">
                    <td className="py-2 pr-4">
                      <Link
                        to={`/app/kiosk/user/${encodeURIComponent(row.userId)}`}
                        className="font-semibold text-indigo-700 hover:underline"
                      >
                        {row.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <DateTime iso={row.createdAt} />
                    </td>
                    {row.status === "skipped" ? (
                      <td colSpan={Math.max(1, survey.questions.length)} className="py-2 pr-4 italic text-slate-500">
                        Skipped
                      </td>
                    ) : (
                      survey.questions.map((question) => (
                        <td key={question.id} className="py-2 pr-4 whitespace-pre-line break-words">
                          {row.answers[question.id] ?? ""}
                        </td>
                      ))
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
