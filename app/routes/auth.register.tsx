import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules";
import { AuthCard, PasswordField, SubmitButton, TextField } from "../components/form-fields";
import { registerSchema } from "../forms/account";
import { attempt, redirectWithCookies } from "../lib/auth-flow.server";
import { getAuth, requireGuest } from "../session.server";
import type { Route } from "./+types/auth.register";

export const meta: Route.MetaFunction = () => [{ title: "Sign up | Snip" }];

export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  const submission = parseWithZod(await request.formData(), { schema: registerSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });
  const { name, email, password } = submission.value;
  const result = await attempt(() =>
    getAuth(request, context).api.signUpEmail({ body: { name, email, password }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) {
    const taken = result.error.code === "USER_ALREADY_EXISTS" || result.error.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
    const reply = taken ? { fieldErrors: { email: [ACCOUNT_MESSAGES.emailTaken] } } : { formErrors: [ACCOUNT_MESSAGES.generic] };
    return data(submission.reply({ ...reply, hideFields: ["password"] }), { status: 422 });
  }
  // Signed in at once; the verification mail is on its way.
  return redirectWithCookies("/app/email/verify?sent=1", result.value.headers);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ name: string; email: string; password: string }>({ lastResult: actionData, shouldRevalidate: "onBlur" });
  return (
    <AuthCard
      title="Create your account"
      lead="Custom aliases, analytics, QR codes and a dashboard for every link."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/app/login" className="font-semibold text-indigo-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
        {form.errors ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {form.errors[0]}
          </p>
        ) : null}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={fields.name.initialValue}
          errors={fields.name.errors}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={fields.email.initialValue}
          errors={fields.email.errors}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          errors={fields.password.errors}
          required
          minLength={6}
        />
        <p className="text-xs leading-5 text-slate-500">
          By signing up you agree to the{" "}
          <Link to="/app/terms" className="underline">
            Terms of Service
          </Link>{" "}
          and the{" "}
          <Link to="/app/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
        <SubmitButton busyText="Creating account…">Sign Up</SubmitButton>
      </Form>
    </AuthCard>
  );
}
