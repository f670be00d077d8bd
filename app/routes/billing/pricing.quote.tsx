/**
 * /app/pricing/quote: ask for an enterprise quote. The request goes to the sales address by
 * mail (the jobs queue); the page confirms. A plain form.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import { emailSchema, nameSchema } from "../../../domain/account";
import { AuthCard, FieldError, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { sendMail } from "../../mail.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { getViewer } from "../../session.server";
import type { Route } from "./+types/pricing.quote";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Request an enterprise quote | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

const quoteSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  company: z.string({ error: "The company field is required." }).trim().min(1, "The company field is required.").max(200),
  links: z.coerce
    .number({ error: "Enter a number of links." })
    .int("Enter a whole number.")
    .min(1, "Enter a number of links.")
    .max(1_000_000_000),
  message: z.string().trim().max(5000, "The message must not be greater than 5000 characters.").optional(),
});

export function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  return { name: viewer?.user.name ?? "", email: viewer?.user.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await requestFormData(request), { schema: quoteSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 422 });
  const { env } = getCloudflare(context);
  // Each request mails the sales team: per client address, and per account when signed in.
  if (!(await underRateLimit(env, request, "quote", { account: getViewer(context)?.user.id })))
    return rateLimitedReply({ result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), sent: false });
  const q = submission.value;
  const text = `Enterprise quote request\n\nName: ${q.name}\nEmail: ${q.email}\nCompany: ${q.company}\nActive links expected: ${q.links}\n\n${q.message ?? ""}`;
  const html = `<pre>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`;
  await sendMail(env, { to: env.SALES_EMAIL, subject: `Enterprise quote: ${q.company}`, text, html });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ name: string; email: string; company: string; links: string; message: string }>({
    lastResult: actionData?.result,
  });
  return (
    <AuthCard
      title="Request an enterprise quote"
      lead="Millions of links, 25 domains, two years of analytics and a dedicated manager. Tell us what you need and we will reply within one business day."
    >
      {actionData?.sent ? <Notice tone="success">Thank you! Our sales team will get back to you shortly.</Notice> : null}
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={fields.name.initialValue ?? loaderData.name}
          errors={fields.name.errors}
          required
        />
        <TextField
          label="Work email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={fields.email.initialValue ?? loaderData.email}
          errors={fields.email.errors}
          required
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          defaultValue={fields.company.initialValue}
          errors={fields.company.errors}
          required
        />
        <TextField
          label="Active links you expect"
          name="links"
          type="number"
          min={1}
          defaultValue={fields.links.initialValue}
          errors={fields.links.errors}
          required
        />
        <div>
          <label htmlFor="field-message" className="mb-1.5 block text-sm font-semibold text-slate-800">
            What do you need?
          </label>
          <textarea
            id="field-message"
            name="message"
            rows={4}
            defaultValue={fields.message.initialValue}
            className="w-full rounded-lg border border-slate-300 px-3 py-2.5"
          />
          <FieldError id="field-message-error" errors={fields.message.errors} />
        </div>
        <SubmitButton busyText="Sending…">Request a Quote</SubmitButton>
      </Form>
    </AuthCard>
  );
}
