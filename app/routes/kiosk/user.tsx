/**
 * /app/kiosk/user/{userId}: one user's account, "Log in as this user" (impersonation), and
 * terminating the account for violating the terms or restoring it (decision 036).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { setAccountTerminated } from "../../../db/trust-safety.server";
import { KioskCard, StaffLog } from "../../components/kiosk";
import { terminateSchema } from "../../forms/trust-safety";
import { safetyStores } from "../../lib/kiosk/safety.server";
import { noticeOf, requireKioskViewer, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import { getDb } from "../../../db/client.server";
import { getUserDetails, setUserDeveloperFlag } from "../../../db/users.server";
import { listHeldBulkImports } from "../../../db/bulk-imports.server";
import { staffAuditInsert } from "../../../db/staff-audit.server";
import { DateTime } from "../../components/settings";
import { getPlan, type PlanName } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { attempt, redirectWithCookies } from "../../lib/auth-flow.server";
import { getAuth } from "../../session.server";
import type { Route } from "./+types/user";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireKioskViewer(request, context);
  const details = await getUserDetails(getDb(getCloudflare(context).env.DB), params.userId);
  if (!details) throw data("Not Found", { status: 404 });
  const { user } = details;
  const db = getDb(getCloudflare(context).env.DB);
  const notice = noticeOf(request, {
    terminated: "The account is terminated: none of its links redirect, and its owner sees why.",
    restored: "The account is restored: its links redirect again (unless something else holds them).",
    "developer-on": "The developer flag is given: this user reaches the kiosk and the organization pages.",
    "developer-off": "The developer flag is removed: this user no longer reaches the kiosk or the organization pages.",
  });
  return {
    notice,
    terminated: user.terminatedAt ? { at: user.terminatedAt.toISOString(), reason: user.terminationReason ?? "" } : null,
    log: await staffLog(db, "account", user.email),
    // Bulk uploads the queue consumer held because the account is terminated (decision 045).
    heldImports: (await listHeldBulkImports(db, user.id)).map((row) => ({
      id: row.id,
      fileName: row.fileName,
      domain: row.domain,
      total: row.total,
      at: row.updatedAt.toISOString(),
    })),
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

const DEVELOPER_NEEDS_RESTORE = "Restore the account before giving it the developer flag.";

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireKioskViewer(request, context);
  const formData = await requestFormData(request);
  // "Log in as this user" posts no intent: anything unknown is refused, never taken for a login as the user.
  const intent =
    formData.get("intent") === null
      ? "impersonate"
      : formIntent(formData, ["developer-on", "developer-off", "terminate", "restore", "impersonate"]);
  if (!intent) return data({ error: MESSAGES.unknownAction }, { status: 400 });
  // The developer flag (spec 01 §2, §6): the kiosk and the organization pages. Staff give it here;
  // their own stays, so that the kiosk never loses its last member by a click.
  if (intent === "developer-on" || intent === "developer-off") {
    const staff = requireStaff(request, context);
    const details = await getUserDetails(staff.db, params.userId);
    if (!details) throw data("Not Found", { status: 404 });
    if (viewer.user.id === params.userId) return data({ error: "You cannot change your own developer flag." }, { status: 422 });
    const on = intent === "developer-on";
    if (on && details.user.terminatedAt) return data({ error: DEVELOPER_NEEDS_RESTORE }, { status: 422 });
    if (details.user.isDeveloper !== on) await setUserDeveloperFlag(staff.db, staff.actor, details.user, on);
    return redirect(`/app/kiosk/user/${details.user.id}?notice=${intent}`);
  }
  if (intent === "terminate" || intent === "restore") {
    const staff = requireStaff(request, context);
    const details = await getUserDetails(staff.db, params.userId);
    if (!details) throw data("Not Found", { status: 404 });
    if (viewer.user.id === params.userId) return data({ error: "You cannot terminate your own account." }, { status: 422 });
    if (intent === "restore") {
      await setAccountTerminated(safetyStores(staff), staff.actor, details.user.id, details.user.email, null);
      return redirect(`/app/kiosk/user/${details.user.id}?notice=restored`);
    }
    const submission = parseWithZod(formData, { schema: terminateSchema });
    if (submission.status !== "success")
      return data({ reasonError: submission.error?.reason?.[0] ?? "Enter the reason." }, { status: 422 });
    await setAccountTerminated(safetyStores(staff), staff.actor, details.user.id, details.user.email, submission.value.reason);
    return redirect(`/app/kiosk/user/${details.user.id}?notice=terminated`);
  }
  if (viewer.user.id === params.userId) return data({ error: "You cannot impersonate yourself." }, { status: 422 });
  const result = await attempt(() =>
    getAuth(request, context).api.impersonateUser({ body: { userId: params.userId }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) {
    if (result.error.status === 404) throw data("Not Found", { status: 404 });
    return data({ error: "Permission denied." }, { status: 403 });
  }
  // Every staff action is in the staff log (issue 19, decision 045): logging in as a user too.
  const staff = requireStaff(request, context);
  const target = await getUserDetails(staff.db, params.userId);
  await staffAuditInsert(staff.db, { staff: staff.actor, action: "account.impersonated", target: target?.user.email ?? params.userId });
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
  const reply = actionData as { error?: string; reasonError?: string } | undefined;
  return (
    <div className="space-y-6">
      {loaderData.notice ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {loaderData.notice}
        </p>
      ) : null}
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
        {reply?.error ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-600">
            {reply.error}
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
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="kiosk-developer">
        <h2 id="kiosk-developer" className="text-lg font-bold text-slate-900">
          Developer flag
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {user.developer
            ? "This user has the developer flag: the kiosk and the organization pages are open to them."
            : "Without the developer flag this user reaches neither the kiosk nor the organization pages, even as an invited member."}
        </p>
        {loaderData.self ? null : loaderData.terminated && !user.developer ? (
          <p className="mt-2 text-sm text-slate-600">{DEVELOPER_NEEDS_RESTORE}</p>
        ) : (
          <Form method="post" className="mt-4">
            <button
              type="submit"
              name="intent"
              value={user.developer ? "developer-off" : "developer-on"}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {user.developer ? "Remove the developer flag" : "Give the developer flag"}
            </button>
          </Form>
        )}
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="kiosk-termination">
        <h2 id="kiosk-termination" className="text-lg font-bold text-slate-900">
          Terms of service
        </h2>
        {loaderData.terminated ? (
          <>
            <p className="mt-2 text-sm text-red-700">
              Terminated on {loaderData.terminated.at.slice(0, 10)}: {loaderData.terminated.reason}. None of the links this user created
              redirect.
            </p>
            <Form method="post" className="mt-4">
              <button
                type="submit"
                name="intent"
                value="restore"
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                Restore account
              </button>
            </Form>
          </>
        ) : loaderData.self ? (
          <p className="mt-2 text-sm text-slate-600">In good standing.</p>
        ) : (
          <Form method="post" className="mt-4 max-w-xl space-y-3" noValidate>
            <p className="text-sm text-slate-600">
              Terminating the account stops every link this user created from redirecting, within seconds. They can still sign in and see
              why. A developer keeps the flag but cannot open the kiosk while terminated.
            </p>
            <div>
              <label htmlFor="terminate-reason" className="mb-1.5 block text-sm font-semibold text-slate-800">
                Reason
              </label>
              <input
                id="terminate-reason"
                name="reason"
                type="text"
                aria-invalid={reply?.reasonError ? true : undefined}
                aria-describedby={reply?.reasonError ? "terminate-reason-error" : undefined}
                className={`w-full rounded-lg border px-3 py-2 text-sm ${reply?.reasonError ? "border-red-500" : "border-slate-300"}`}
              />
              {reply?.reasonError ? (
                <p id="terminate-reason-error" className="mt-1 text-sm text-red-600">
                  {reply.reasonError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              name="intent"
              value="terminate"
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
            >
              Terminate account
            </button>
          </Form>
        )}
      </section>
      {loaderData.heldImports.length > 0 ? (
        <KioskCard
          id="held-imports"
          title="Held bulk imports"
          description="Uploads this account made while terminated: nothing was created. Once the account is restored, uploading the file again imports it."
        >
          <table className="w-full text-left text-sm" aria-label="Held bulk imports">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">File</th>
                <th className="py-2 pr-4">Domain</th>
                <th className="py-2 pr-4">Rows</th>
                <th className="py-2">Held</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.heldImports.map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className="py-2 pr-4">{row.fileName}</td>
                  <td className="py-2 pr-4 font-mono">{row.domain}</td>
                  <td className="py-2 pr-4">{row.total}</td>
                  <td className="py-2">
                    <DateTime iso={row.at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </KioskCard>
      ) : null}
      <StaffLog rows={loaderData.log} />
    </div>
  );
}
