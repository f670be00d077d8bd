/**
 * /app/links/create (L): where the creation form posts (spec 02 §2, §3). The homepage and the
 * dashboard render the form and post here; without JavaScript a refused post lands on this page,
 * which shows the form again with the errors next to the fields. Users without the analytics
 * capability create from the homepage, whose form posts to the homepage's action.
 */
import { data } from "react-router";
import { mayCreateFromApp } from "../../../domain/entitlements";
import { MESSAGES } from "../../../domain/messages";
import { CreateLinkForm, PlanLimitDialog } from "../../components/create-link-form";
import { getCloudflare } from "../../context.server";
import { CREATE_LINK_PATH, popoverClientLoader } from "../../forms/create-link-rules";
import { atPlanLimit, createLinkAction, loadCreateForm } from "../../lib/create-link.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/create";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Create a link | Snip" }];

/**
 * Only users who may create outside organizations from the app (spec 01 §6: the analytics
 * capability); the others create from the homepage form. Anyone else gets 403 'Permission denied.'
 * (spec 01 §8), for the page and for a post alike.
 */
function requireCreator(request: Request, context: Route.LoaderArgs["context"]) {
  const viewer = requireUser(request, context);
  if (!mayCreateFromApp(viewer.subject)) throw data(MESSAGES.permissionDenied, { status: 403 });
  return viewer;
}

/** The form, and whether the plan-limit gate stands in front of it (the navigation bar's Create asks here too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireCreator(request, context);
  const { env } = getCloudflare(context);
  const [form, planLimit] = await Promise.all([loadCreateForm(env, request, viewer), atPlanLimit(env, viewer)]);
  return { form, planLimit };
}

/** The navigation bar's popover asks with ?popover: a refusal is its "Page not found" body. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return popoverClientLoader(request, serverLoader);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireCreator(request, context);
  const formData = await requestFormData(request);
  return createLinkAction(getCloudflare(context).env, request, viewer, formData);
}

export default function CreateLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  // Only the popover's load (?popover) answers this; a page never does.
  if ("failed" in loaderData) return null;
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 sm:p-8">
        <h1 className="mb-6 text-2xl font-extrabold tracking-tight text-slate-900">Create a short link</h1>
        <CreateLinkForm data={loaderData.form} reply={actionData} returnTo={CREATE_LINK_PATH} />
        {/* At the plan limit the page opens with the upgrade dialog (spec 02 §4), also without JavaScript. */}
        <PlanLimitDialog open={loaderData.planLimit && actionData === undefined} />
      </div>
    </section>
  );
}
