import type { RouteHandle } from "../route-handle";
import { parseWithZod } from "@conform-to/zod/v4";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, Form } from "react-router";
import { z } from "zod";
import { getDb } from "../../db/client.server";
import { suppressMailings } from "../../db/mail.server";
import { getCloudflare } from "../context.server";
import type { Route } from "./+types/unsubscribe";
import { requestFormData } from "../lib/form-body.server";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const schema = z.object({
  email: z
    .email({ error: (issue) => (issue.input === undefined ? "The email field is required." : "The email must be a valid email address.") })
    .max(254),
});

export function loader({ request }: Route.LoaderArgs) {
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const submission = parseWithZod(await requestFormData(request), { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), done: null }, { status: 422 });
  await suppressMailings(getDb(env.DB), submission.value.email);
  return { result: submission.reply(), done: submission.value.email };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({ lastResult: actionData?.result, defaultValue: { email: loaderData.email } });
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold">Unsubscribe from Snip emails</h1>
        {actionData?.done ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-800">
            {actionData.done} will no longer receive newsletters or product announcements from Snip. We will still send messages about your
            account, such as password resets and billing receipts.
          </p>
        ) : (
          <>
            <p className="mt-3 text-slate-600">
              Stop newsletters and product announcements. Account messages (password resets, receipts) are still sent.
            </p>
            <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
              <div>
                <label htmlFor={fields.email.id} className="mb-2 block text-sm font-semibold">
                  Email address
                </label>
                <input
                  {...getInputProps(fields.email, { type: "email" })}
                  key={fields.email.key}
                  autoComplete="email"
                  className="w-full rounded-xl border border-slate-300 px-4 py-3 focus:border-indigo-500 focus:outline-none focus:ring-4 focus:ring-indigo-100"
                />
                {fields.email.errors ? (
                  <p id={fields.email.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
                    {fields.email.errors[0]}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
