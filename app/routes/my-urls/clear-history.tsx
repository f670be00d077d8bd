import type { RouteHandle } from "../../route-handle";
import { Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { clearGuestHistory } from "../../../db/links.server";
import { getCloudflare } from "../../context.server";
import { readGuestId } from "../../cookies.server";
import { requireGuest } from "../../session.server";
import type { Route } from "./+types/clear-history";
import { requestFormData } from "../../lib/form-body.server";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

/** G: guests only (spec 01 §2); a signed-in user goes to the homepage. */
export function loader({ context }: Route.LoaderArgs) {
  requireGuest(context);
  return null;
}

/**
 * Clears the guest's recent links. The GET asks; the page's form POST does it (no state change on
 * GET); another method or a body that is not a form is refused (405, 415, 400) and clears nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireGuest(context);
  await requestFormData(request);
  const { env } = getCloudflare(context);
  const guestId = await readGuestId(request);
  if (guestId) await clearGuestHistory(getDb(env.DB), guestId);
  return redirect("/app/my-urls");
}

export default function ClearHistory() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-extrabold">Clear your history?</h1>
        <p className="mt-3 text-slate-600">
          Your recent links will no longer be listed in this browser. The short links themselves keep working.
        </p>
        <Form method="post" className="mt-6 flex gap-3">
          <button type="submit" className="rounded-lg bg-red-600 px-5 py-2.5 font-semibold text-white hover:bg-red-700">
            Clear history
          </button>
          <Link to="/app/my-urls" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50">
            Cancel
          </Link>
        </Form>
      </div>
    </div>
  );
}
