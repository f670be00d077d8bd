/**
 * /user/vatinfo/{encrypted} (spec 01 §2 Trial and billing: "tax-id form, no login required";
 * docs/decisions/046): a billing customer gives the tax id for their invoices. The path's value
 * names the customer (app/lib/billing/tax-ids.server.ts); a forged or altered one is 404 with a
 * clear message, never someone else's form. The page shows no account data, only the tax id
 * this link already gave, and is never indexed or cached.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { getDb } from "../../../db/client.server";
import { TAX_ID_MESSAGES, TAX_ID_TYPES, taxIdSchema } from "../../../domain/tax-ids";
import { getCloudflare } from "../../context.server";
import { currentTaxId, submitTaxId, taxCustomerOf, taxIdTypeLabel } from "../../lib/billing/tax-ids.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/vatinfo";
import { requestFormData } from "../../lib/form-body.server";

/** A plain form: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const PRIVATE = { "x-robots-tag": "noindex", "cache-control": "no-store", "referrer-policy": "same-origin" };

export const meta: Route.MetaFunction = () => [{ title: "Tax ID | Snip" }, { name: "robots", content: "noindex" }];
export const headers: Route.HeadersFunction = () => PRIVATE;

async function customerOrNotFound(context: Route.LoaderArgs["context"], encrypted: string) {
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const customer = await taxCustomerOf(db, env.AUTH_SECRET, encrypted);
  if (!customer) throw data(TAX_ID_MESSAGES.notFound, { status: 404, headers: PRIVATE });
  return { env, db, customer };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, customer } = await customerOrNotFound(context, params.encrypted);
  const current = await currentTaxId(db, customer);
  return {
    current: current ? { type: taxIdTypeLabel(current.type), value: current.value, businessName: current.businessName } : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { env, db, customer } = await customerOrNotFound(context, params.encrypted);
  const submission = parseWithZod(await requestFormData(request), { schema: taxIdSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 422, headers: PRIVATE });
  const outcome = await submitTaxId(env, db, customer, submission.value);
  if (!outcome.ok) {
    const errors = outcome.status === 422 ? { fieldErrors: { value: [outcome.message] } } : { formErrors: [outcome.message] };
    return data({ result: submission.reply(errors), saved: false }, { status: outcome.status, headers: PRIVATE });
  }
  return data({ result: submission.reply({ resetForm: true }), saved: true }, { headers: PRIVATE });
}

const input =
  "w-full rounded-xl border border-slate-300 px-4 py-3 focus:border-indigo-500 focus:outline-none focus:ring-4 focus:ring-indigo-100";

export default function VatInfo({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ business_name: string; type: string; value: string }>({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const { current } = loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold">Tax ID for your invoices</h1>
        <p className="mt-3 text-slate-600">
          Give your business name and tax ID (for example a VAT number). We pass them to our payment provider, and they appear on your next
          invoices.
        </p>
        {actionData?.saved ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-800">
            {TAX_ID_MESSAGES.saved}
          </p>
        ) : null}
        {current ? (
          <dl className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" data-testid="current-tax-id">
            <dt className="font-semibold text-slate-900">Tax ID on file</dt>
            <dd>
              {current.businessName} · {current.type}: <span className="font-mono">{current.value}</span>
            </dd>
          </dl>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          {form.errors ? (
            <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
              {form.errors[0]}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.business_name.id} className="mb-2 block text-sm font-semibold">
              Business name
            </label>
            <input
              {...getInputProps(fields.business_name, { type: "text" })}
              key={fields.business_name.key}
              autoComplete="organization"
              className={input}
            />
            {fields.business_name.errors ? (
              <p id={fields.business_name.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
                {fields.business_name.errors[0]}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={fields.type.id} className="mb-2 block text-sm font-semibold">
              Type of tax ID
            </label>
            <select {...getSelectProps(fields.type)} key={fields.type.key} className={input}>
              <option value="">Choose…</option>
              {TAX_ID_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label} (e.g. {t.example})
                </option>
              ))}
            </select>
            {fields.type.errors ? (
              <p id={fields.type.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
                {fields.type.errors[0]}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={fields.value.id} className="mb-2 block text-sm font-semibold">
              Tax ID
            </label>
            <input {...getInputProps(fields.value, { type: "text" })} key={fields.value.key} autoComplete="off" className={input} />
            {fields.value.errors ? (
              <p id={fields.value.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
                {fields.value.errors[0]}
              </p>
            ) : null}
          </div>
          <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
            Save tax ID
          </button>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">{notFound ? "Not Found" : "An error has occurred, please try again."}</h1>
      <p className="mt-4 text-slate-600">{notFound ? TAX_ID_MESSAGES.notFound : TAX_ID_MESSAGES.failed}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        Go to the homepage
      </Link>
    </div>
  );
}
