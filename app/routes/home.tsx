import type { SubmissionResult } from "@conform-to/react";
import { Link, redirect } from "react-router";
import { getDb } from "../../db/client.server";
import { getLinkById } from "../../db/links.server";
import { CreateLinkForm, LinkResult } from "../components/create-link-form";
import { GuestCreateForm } from "../components/guest-create-form";
import { getCloudflare } from "../context.server";
import type { CreateFormData, CreateReply } from "../forms/create-link-rules";
import { readGuestId } from "../cookies.server";
import { createLinkAction, linkResultView, loadCreateForm, loadLinkResult } from "../lib/create-link.server";
import { guestCreateAction, loadGuestForm } from "../lib/guest-create.server";
import { retryAfterOfAction } from "../lib/rate-limit.server";
import { GUEST_ISLAND_URL } from "../islands/guest-pages-url.server";
import { SIGNED_IN_HOME_ISLAND_URL } from "../islands/signed-in-home-url.server";
import { getViewer } from "../session.server";
import type { Route } from "./+types/home";
import { requestFormData } from "../lib/form-body.server";

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const cloudflare = getCloudflare(context);
  const { env } = cloudflare;
  const viewer = getViewer(context);
  // Spec 01 §2: a subscribed user is sent to the dashboard, keeping the query.
  if (viewer?.subscribed) throw redirect(`/dashboard${new URL(request.url).search}`);
  if (viewer) {
    // Signed-in users get the full creation form, and the result view of their own new link.
    const result = await loadLinkResult(env, request, viewer);
    const form = result ? null : await loadCreateForm(env, request, viewer);
    // The island serves the result view and the plain form; the advanced parts stay React's (decision 048).
    const island = form === null || islandServesForm(form) ? SIGNED_IN_HOME_ISLAND_URL : null;
    return { result, form, guestForm: null, island };
  }
  // A guest's page loads no React: the guest pages' island adds what JavaScript adds (decision 001).
  const none = { result: null, form: null, guestForm: null, island: GUEST_ISLAND_URL };
  const createdId = new URL(request.url).searchParams.get("created");
  if (!createdId) return { ...none, guestForm: await loadGuestForm(cloudflare, request) };
  const guestId = await readGuestId(request);
  const link = await getLinkById(getDb(env.DB), createdId);
  // Only its creator (the guest's browser) sees a link's result view.
  if (!link || guestId === null || link.guestId !== guestId) return { ...none, guestForm: await loadGuestForm(cloudflare, request) };
  // The same result view as a signed-in user's (spec 02 §2), with My URLs: a guest's links are listed there.
  return { ...none, result: await linkResultView(env, request, link, [], true) };
}

/**
 * Whether the signed-in homepage island (app/islands/signed-in-home.ts) adds everything JavaScript
 * adds to this form: the URL, domain, alias and description fields. Tags, expiry, the UTM builder,
 * bulk mode and the team selector are React's, so a form with any of them is hydrated.
 */
function islandServesForm(form: CreateFormData): boolean {
  return !form.canTags && !form.canExpiry && !form.canBulk && form.organization === undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const cloudflare = getCloudflare(context);
  const formData = await requestFormData(request);
  // Signed-in users create through the full form's rules (a post here comes from the 404 page's form).
  const viewer = getViewer(context);
  if (viewer) return createLinkAction(cloudflare.env, request, viewer, formData);
  return guestCreateAction(cloudflare, request, formData);
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
              // A refused post without JavaScript comes back here with the errors next to the fields.
              <CreateLinkForm data={loaderData.form} returnTo="/" reply={actionData as CreateReply | undefined} />
            ) : loaderData.guestForm ? (
              // Only guests reach the guest form, and a guest's post is answered by the guest branch of the action.
              <GuestCreateForm data={loaderData.guestForm} lastResult={actionData as SubmissionResult<string[]> | undefined} />
            ) : null}
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
