/**
 * /app/links/bulk (L): where the bulk form posts (spec 02 §2 Bulk form, §3, §7 bulk/csv). The
 * homepage, the dashboard and the create page show the form under `?mode=bulk`; without
 * JavaScript the multipart post lands here, which shows the result ("Batch scheduled") or the
 * form again with the errors under its fields. Users without bulk creation get the single form
 * here, and their posts are refused (403).
 */
import { CreateLinkForm } from "../../components/create-link-form";
import { getCloudflare } from "../../context.server";
import { CREATE_LINK_PATH } from "../../forms/create-link-rules";
import { bulkFormAction } from "../../lib/bulk.server";
import { loadCreateForm } from "../../lib/create-link.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/bulk";

export const meta: Route.MetaFunction = () => [{ title: "Bulk create links | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const form = await loadCreateForm(getCloudflare(context).env, request, viewer);
  // The bulk form when bulk creation is allowed (loadCreateForm says so); the single form otherwise.
  return { form: { ...form, mode: form.canBulk ? ("bulk" as const) : form.mode } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  return bulkFormAction(getCloudflare(context).env, request, viewer);
}

export default function BulkLinksPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 sm:p-8">
        <h1 className="mb-6 text-2xl font-extrabold tracking-tight text-slate-900">Create links in bulk</h1>
        {actionData?.errors?.form && !loaderData.form.canBulk ? (
          <p role="alert" className="mb-4 text-sm font-medium text-red-600">
            {actionData.errors.form[0]}
          </p>
        ) : null}
        <CreateLinkForm data={loaderData.form} bulkReply={actionData} returnTo={CREATE_LINK_PATH} />
      </div>
    </section>
  );
}
