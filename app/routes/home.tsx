import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { getDb } from "../../db/client.server";
import { createLink, getLinkById } from "../../db/links.server";
import { CopyButton } from "../components/copy-button";
import { CreateLinkForm, LinkResult } from "../components/create-link-form";
import { getCloudflare } from "../context.server";
import { ensureGuestId, readGuestId } from "../cookies.server";
import { shortenSchema } from "../forms/shorten";
import { createLinkAction, loadCreateForm, loadLinkResult } from "../lib/create-link.server";
import { destinationContext, linkStores, shortUrl } from "../lib/links.server";
import { getViewer } from "../session.server";
import type { Route } from "./+types/home";

/** URL field focus delay after "Shorten another" (spec 02 §9). */
export const URL_FOCUS_DELAY_MS = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const viewer = getViewer(context);
  // Spec 01 §2: a subscribed user is sent to the dashboard, keeping the query.
  if (viewer?.subscribed) throw redirect(`/dashboard${new URL(request.url).search}`);
  if (viewer) {
    // Signed-in users get the full creation form, and the result view of their own new link.
    const result = await loadLinkResult(env, request, viewer);
    return { created: null, result, form: result ? null : await loadCreateForm(env, request, viewer) };
  }
  const none = { created: null, result: null, form: null };
  const createdId = new URL(request.url).searchParams.get("created");
  if (!createdId) return none;
  const guestId = await readGuestId(request);
  const link = await getLinkById(getDb(env.DB), createdId);
  // Only its creator (the guest's browser) sees a link's result view.
  if (!link || guestId === null || link.guestId !== guestId) return none;
  return { ...none, created: { longUrl: link.url, shortUrl: shortUrl(env, request, link), alias: link.alias } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  // Signed-in users create through the full form's rules (a post here comes from the 404 page's form).
  const viewer = getViewer(context);
  if (viewer) return createLinkAction(env, request, viewer, formData);
  const submission = parseWithZod(formData, { schema: shortenSchema(destinationContext(env, request)) });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 422 });
  }
  const { guestId, setCookie } = await ensureGuestId(request);
  const link = await createLink(linkStores(env), { domain: env.SHORT_HOST, url: submission.value.url, guestId });
  return redirect(`/?created=${link.id}`, setCookie ? { headers: { "set-cookie": setCookie } } : undefined);
}

function ShortenForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/") === true;
  const [form, fields] = useForm<{ url: string }>({ lastResult, shouldRevalidate: "onInput" });
  const urlInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if ((location.state as { focusUrl?: boolean } | null)?.focusUrl) {
      const timer = window.setTimeout(() => urlInput.current?.focus(), URL_FOCUS_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [location.key, location.state]);

  useEffect(() => {
    if (fields.url.errors?.length) urlInput.current?.focus();
  }, [fields.url.errors]);

  return (
    <Form method="post" action="/?index" {...getFormProps(form)} noValidate className="space-y-4">
      <div>
        <label htmlFor={fields.url.id} className="mb-2 block text-sm font-semibold text-slate-800">
          Enter a long URL to make it short
        </label>
        <input
          ref={urlInput}
          {...getInputProps(fields.url, { type: "url" })}
          key={fields.url.key}
          placeholder="https://example.com/a-very-long-link"
          autoComplete="off"
          inputMode="url"
          className={`w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 ${
            fields.url.errors ? "border-red-500" : "border-slate-300"
          }`}
        />
        {fields.url.errors ? (
          <p id={fields.url.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
            {fields.url.errors[0]}
          </p>
        ) : null}
        {form.errors ? (
          <p id={form.errorId} role="alert" className="mt-2 text-sm font-medium text-red-600">
            {form.errors[0]}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-xl bg-indigo-600 px-6 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? "Shortening…" : "Shorten"}
      </button>
    </Form>
  );
}

function Result({ created }: { created: { longUrl: string; shortUrl: string; alias: string } }) {
  return (
    <div className="space-y-5" data-testid="result">
      <div>
        <p className="mb-1 text-sm font-semibold text-slate-800">Long URL</p>
        <p className="break-all rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-700" data-testid="long-url">
          {created.longUrl}
        </p>
      </div>
      <div>
        <label htmlFor="short-url" className="mb-1 block text-sm font-semibold text-slate-800">
          Your short link
        </label>
        <input
          id="short-url"
          readOnly
          value={created.shortUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-lg font-semibold text-indigo-800"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a
          href={created.shortUrl}
          target="_blank"
          rel="noopener"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Visit
        </a>
        <CopyButton text={created.shortUrl} />
      </div>
      <p className="text-xs text-slate-500">
        Some links to merchants may earn Snip a commission.{" "}
        <Link to="/app/affiliate-link" className="underline">
          Learn more
        </Link>
        .
      </p>
      <div className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-5">
        <Link to="/app/my-urls" className="text-sm font-semibold text-indigo-700 hover:underline">
          My URLs
        </Link>
        <Link
          to="/"
          state={{ focusUrl: true }}
          className="ml-auto rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800"
        >
          Shorten another
        </Link>
      </div>
    </div>
  );
}

const HIGHLIGHTS = [
  {
    title: "Short links that last",
    body: "Random aliases that can't be guessed, or a custom alias of your own. Redirects answered at the edge, close to every visitor.",
    to: "/app/features/custom-links",
  },
  {
    title: "Know who clicks",
    body: "Clicks, unique visitors, countries, referrers, devices and browsers, with bots counted apart.",
    to: "/app/features/link-analytics",
  },
  {
    title: "Manage every link",
    body: "Tags, expiry dates, UTM parameters, QR codes and bulk creation from a spreadsheet.",
    to: "/app/features/link-management",
  },
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Short links, big results.</h1>
            <p className="mt-5 text-lg leading-8 text-slate-600">
              Paste a long URL and get a short link you can share anywhere. Free, without an account. Sign up to add custom aliases,
              analytics, QR codes and more.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 sm:p-8">
            {loaderData.result ? (
              <LinkResult result={loaderData.result} />
            ) : loaderData.form ? (
              <CreateLinkForm data={loaderData.form} returnTo="/" />
            ) : loaderData.created ? (
              <Result created={loaderData.created} />
            ) : (
              // Only guests reach the guest form, and a guest's post is answered by the guest branch of the action.
              <ShortenForm lastResult={actionData as SubmissionResult<string[]> | undefined} />
            )}
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:grid-cols-3">
        {HIGHLIGHTS.map((h) => (
          <Link
            key={h.to}
            to={h.to}
            className="group rounded-2xl border border-slate-200 bg-white p-6 transition hover:border-indigo-300 hover:shadow-lg"
          >
            <h2 className="text-lg font-bold text-slate-900 group-hover:text-indigo-700">{h.title}</h2>
            <p className="mt-2 leading-7 text-slate-600">{h.body}</p>
          </Link>
        ))}
      </section>
    </>
  );
}
