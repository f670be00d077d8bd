/**
 * /app/kiosk/surveys (L and developer; issue 19, decision 032): the surveys, a form to create
 * one, and which is on as the onboarding survey (at most one; spec 01 §2 banner, §7
 * survey/onboarding). Every change writes a staff log row.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { createSurvey, listSurveys } from "../../../db/surveys.server";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { surveyTitleSchema } from "../../forms/kiosk";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import { OnboardingToggle } from "../../components/kiosk";
import { onboardingAction } from "../../lib/kiosk/surveys.server";
import type { Route } from "./+types/surveys";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Surveys | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/surveys";

const NOTICES = {
  on: "The survey is on: verified users who have not answered or skipped it are asked.",
  off: "The onboarding survey is off: nobody is asked.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const [rows, log] = await Promise.all([listSurveys(db), staffLog(db, "survey")]);
  return {
    notice: noticeOf(request, NOTICES),
    surveys: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    log,
  };
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, ["onboarding-on", "onboarding-off", "create"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "onboarding-on" || intent === "onboarding-off") return onboardingAction(staff, formData, PAGE);
  const submission = parseWithZod(formData, { schema: surveyTitleSchema });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  const id = await createSurvey(staff.db, staff.actor, submission.value.title);
  return redirect(`${PAGE}/${id}?notice=created`);
}

export default function KioskSurveys(props: Route.ComponentProps) {
  // Every navigation (the answer to a post included) mounts the page's forms afresh: a refused
  // post shows its errors and keeps what was typed (conform's lastResult), a saved one starts empty.
  const location = useLocation();
  return <KioskSurveysPage key={location.key} {...props} />;
}

function KioskSurveysPage({ loaderData, actionData }: Route.ComponentProps) {
  const { surveys, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ title: string }>({ id: "create-survey", lastResult: reply?.result });
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="create"
        title="Create a survey"
        description="Add its questions on the next page, then turn it on as the onboarding survey."
      >
        <Form method="post" {...getFormProps(form)} noValidate className="flex max-w-xl flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-64 flex-1">
            <label htmlFor={fields.title.id} className="sr-only">
              Survey title
            </label>
            <input
              {...getInputProps(fields.title, { type: "text" })}
              key={fields.title.key}
              placeholder="Survey title"
              className={`${kioskInput} ${fields.title.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <button type="submit" className={settingsButton}>
            Create survey
          </button>
        </Form>
      </KioskCard>

      <KioskCard id="surveys" title="Surveys">
        {surveys.length === 0 ? (
          <p className="text-sm text-slate-600">No surveys yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Surveys">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Survey</th>
                  <th className="py-2 pr-4">Questions</th>
                  <th className="py-2 pr-4">Answers</th>
                  <th className="py-2 pr-4">Created</th>
                  <th className="py-2">Onboarding</th>
                </tr>
              </thead>
              <tbody>
                {surveys.map((survey) => (
                  <tr key={survey.id} className="border-t border-slate-100">
                    <td className="py-2 pr-4">
                      <Link to={`${PAGE}/${survey.id}`} className="font-semibold text-indigo-700 hover:underline">
                        {survey.title}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{survey.questions}</td>
                    <td className="py-2 pr-4">{survey.answers}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <DateTime iso={survey.createdAt} />
                    </td>
                    <td className="py-2">
                      <OnboardingToggle survey={survey} />
                    </td>
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
