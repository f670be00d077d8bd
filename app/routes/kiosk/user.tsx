/** /app/kiosk/user/{userId}: one user's account, and "Log in as this user" (impersonation). */
import { data, Form } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserDetails } from "../../../db/users.server";
import { getPlan, type PlanName } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { getAuth, requireDeveloper } from "../../session.server";
import type { Route } from "./+types/user";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireDeveloper(request, context);
  const details = await getUserDetails(getDb(getCloudflare(context).env.DB), params.userId);
  if (!details) throw data("Not Found", { status: 404 });
  const { user } = details;
  return {
    self: viewer.user.id === user.id,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      verified: user.emailVerified,
      developer: user.isDeveloper,
      joined: user.createdAt.toISOString(),
    },
    plans: details.subscriptions.map((s) => `${getPlan(s.name as PlanName).title} (${s.interval}, ${s.slot})`),
    sessions: details.sessions,
    twoFactor: details.twoFactor,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireDeveloper(request, context);
  if (viewer.user.id === params.userId) return data({ error: "You cannot impersonate yourself." }, { status: 422 });
  const result = await attempt(() =>
    getAuth(request, context).api.impersonateUser({ body: { userId: params.userId }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) {
    if (result.error.status === 404) throw data("Not Found", { status: 404 });
    return data({ error: "Permission denied." }, { status: 403 });
  }
  return redirectWithCookies("/", result.value.headers);
}

export default function KioskUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const rows: [string, string][] = [
    ["Email", user.email],
    ["Name", user.name],
    ["Email verified", user.verified ? "Yes" : "No"],
    ["Developer", user.developer ? "Yes" : "No"],
    ["Two-factor", loaderData.twoFactor ? "On" : "Off"],
    ["Subscriptions", loaderData.plans.join(", ") || "Free"],
    ["Active sessions", String(loaderData.sessions)],
    ["Joined", user.joined.slice(0, 10)],
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="kiosk-user">
      <h2 id="kiosk-user" className="text-xl font-bold text-slate-900">
        {user.email}
      </h2>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-600">
          {actionData.error}
        </p>
      ) : null}
      {loaderData.self ? null : (
        <Form method="post" className="mt-6">
          <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            Log in as this user
          </button>
        </Form>
      )}
    </section>
  );
}
