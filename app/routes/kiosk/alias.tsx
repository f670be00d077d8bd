/**
 * /app/kiosk/alias/{domain}/{alias} (L and developer; issue 19, decision 036): one link as staff
 * see it — its owner, workspace, history and clicks — and what they can do to it: terminate it
 * (it stops redirecting within seconds), restore it, or move it to another user's workspace.
 * Every action writes a staff log row in the same batch as the change.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getClickTotals } from "../../../db/clicks.server";
import { findUserByEmail, getDailyClicks, getKioskLink, getLinkHistory } from "../../../db/kiosk-links.server";
import { moveLink, resolveReputationHits, setLinksTerminated } from "../../../db/trust-safety.server";
import { BLOCK_LABELS, kioskLinkHref } from "../../../domain/trust-safety";
import { Notice } from "../../components/form-fields";
import { KioskCard, kioskInput } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { ExpiryTime } from "../../components/expiry-time";
import { moveLinkSchema, SAFETY_MESSAGES, terminateSchema } from "../../forms/trust-safety";
import { safetyStores } from "../../lib/kiosk/safety.server";
import { noticeOf, requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/alias";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.domain}/${params.alias} | Kiosk | Snip` },
  { name: "robots", content: "noindex" },
];

const NOTICES = {
  terminated: "The link is terminated: it stops redirecting within seconds.",
  restored: "The link is restored: it redirects again unless its account or its domain holds it.",
  moved: "The link is moved.",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const row = await getKioskLink(db, params.domain, params.alias);
  if (!row) throw data("Not Found", { status: 404 });
  const { link } = row;
  const [history, daily, totals] = await Promise.all([
    getLinkHistory(db, link.domain, link.alias, 50, { url: link.url, ownerEmail: row.ownerEmail }),
    getDailyClicks(db, link.id),
    getClickTotals(env.DB, [link.id]),
  ]);
  const workspace =
    row.workspaceKind === "team"
      ? `Team ${row.team ?? "?"} of ${row.organization ?? "?"}`
      : row.workspaceKind === "member"
        ? `Own links in ${row.organization ?? "?"}`
        : row.workspaceKind === "personal"
          ? "Personal"
          : "None (guest link)";
  return {
    notice: noticeOf(request, NOTICES),
    link: {
      domain: link.domain,
      alias: link.alias,
      url: link.url,
      status: link.status,
      held: link.blocked ? BLOCK_LABELS[link.blocked] : null,
      terminated: link.terminatedAt ? { at: link.terminatedAt.toISOString(), reason: link.terminationReason ?? "" } : null,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
    },
    owner: row.ownerEmail ? { id: link.userId!, email: row.ownerEmail, terminated: Boolean(row.ownerTerminatedAt) } : null,
    workspace,
    history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    daily,
    totals: totals.get(link.id) ?? { clicks: 0, uniques: 0, botClicks: 0 },
  };
}

type Reply = { field?: "reason" | "email"; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  // The method and the body first, as on every kiosk page: a PUT or DELETE is 405 whatever the alias.
  const formData = await requestFormData(request);
  const row = await getKioskLink(staff.db, params.domain, params.alias);
  if (!row) throw data("Not Found", { status: 404 });
  const { link } = row;
  const target = `${link.domain}/${link.alias}`;
  const page = kioskLinkHref(link.domain, link.alias);
  const intent = formIntent(formData, ["terminate", "restore", "move"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (link.status === "deleted") return data<Reply>({ error: "A deleted link cannot be changed." }, { status: 422 });
  if (intent === "terminate") {
    const submission = parseWithZod(formData, { schema: terminateSchema });
    if (submission.status !== "success") {
      return data<Reply>({ field: "reason", error: submission.error?.reason?.[0] ?? SAFETY_MESSAGES.reasonRequired }, { status: 422 });
    }
    await setLinksTerminated(safetyStores(staff), staff.actor, [link.id], submission.value.reason, target, new Date(), [
      resolveReputationHits(staff.db, link.id, "terminated"),
    ]);
    return redirect(`${page}?notice=terminated`);
  }
  if (intent === "restore") {
    await setLinksTerminated(safetyStores(staff), staff.actor, [link.id], null, target);
    return redirect(`${page}?notice=restored`);
  }
  const submission = parseWithZod(formData, { schema: moveLinkSchema });
  if (submission.status !== "success") {
    return data<Reply>({ field: "email", error: submission.error?.email?.[0] ?? SAFETY_MESSAGES.emailInvalid }, { status: 422 });
  }
  const user = await findUserByEmail(staff.db, submission.value.email);
  if (!user) return data<Reply>({ field: "email", error: SAFETY_MESSAGES.noSuchUser }, { status: 422 });
  if (link.workspaceId === user.id) return data<Reply>({ field: "email", error: SAFETY_MESSAGES.sameWorkspace }, { status: 422 });
  await moveLink(safetyStores(staff), staff.actor, link.id, user, target);
  return redirect(`${page}?notice=moved`);
}

export default function KioskAlias(props: Route.ComponentProps) {
  const location = useLocation();
  return <KioskAliasPage key={location.key} {...props} />;
}

function ClicksChart({ daily }: { daily: { day: string; clicks: number }[] }) {
  const max = Math.max(1, ...daily.map((d) => d.clicks));
  const width = 600;
  const height = 120;
  const bar = width / daily.length;
  return (
    <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label="Clicks per day, last 30 days" className="h-40 w-full">
      {daily.map((d, i) => {
        const h = (d.clicks / max) * height;
        return (
          <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h} className="fill-indigo-500">
            <title>{`${d.day}: ${d.clicks}`}</title>
          </rect>
        );
      })}
      <line x1={0} y1={height} x2={width} y2={height} className="stroke-slate-300" />
      <text x={0} y={height + 15} className="fill-slate-500 text-[11px]">
        {daily[0]?.day}
      </text>
      <text x={width} y={height + 15} textAnchor="end" className="fill-slate-500 text-[11px]">
        {daily[daily.length - 1]?.day}
      </text>
    </svg>
  );
}

function KioskAliasPage({ loaderData, actionData }: Route.ComponentProps) {
  const { link, owner, workspace, history, daily, totals, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const rows: [string, React.ReactNode][] = [
    ["Destination", <span className="break-all">{link.url}</span>],
    ["Status", link.held ? <span className="font-semibold text-red-700">{link.held}</span> : link.status],
    [
      "Owner",
      owner ? (
        <Link to={`/app/kiosk/user/${encodeURIComponent(owner.id)}`} className="text-indigo-700 hover:underline">
          {owner.email}
          {owner.terminated ? " (account terminated)" : ""}
        </Link>
      ) : (
        "Guest"
      ),
    ],
    ["Workspace", workspace],
    ["Created", <DateTime iso={link.createdAt} />],
    ["Expires", link.expiresAt ? <ExpiryTime iso={link.expiresAt} /> : "Never"],
    ["Clicks", `${totals.clicks} (${totals.uniques} unique, ${totals.botClicks} bots)`],
  ];
  const deleted = link.status === "deleted";
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply && !reply.field ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard id="link" title={`${link.domain}/${link.alias}`}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </KioskCard>

      <KioskCard id="actions" title="Actions">
        {deleted ? (
          <p className="text-sm text-slate-600">The link is deleted: nothing can be changed.</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            {link.terminated ? (
              <Form method="post" className="space-y-2">
                <p className="text-sm text-slate-700">
                  Terminated on {link.terminated.at.slice(0, 10)}: {link.terminated.reason}
                </p>
                <button type="submit" name="intent" value="restore" className={settingsButton}>
                  Restore link
                </button>
              </Form>
            ) : (
              <Form method="post" className="space-y-2" noValidate>
                <label htmlFor="terminate-reason" className="block text-sm font-semibold text-slate-800">
                  Reason for terminating
                </label>
                <input
                  id="terminate-reason"
                  name="reason"
                  type="text"
                  aria-invalid={reply?.field === "reason" || undefined}
                  aria-describedby={reply?.field === "reason" ? "terminate-reason-error" : undefined}
                  className={`${kioskInput} ${reply?.field === "reason" ? "border-red-500" : "border-slate-300"}`}
                />
                {reply?.field === "reason" ? (
                  <p id="terminate-reason-error" className="text-sm text-red-600">
                    {reply.error}
                  </p>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="terminate"
                  className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
                >
                  Terminate link
                </button>
              </Form>
            )}
            <Form method="post" className="space-y-2" noValidate>
              <label htmlFor="move-email" className="block text-sm font-semibold text-slate-800">
                Move to the workspace of (email)
              </label>
              <input
                id="move-email"
                name="email"
                type="email"
                aria-invalid={reply?.field === "email" || undefined}
                aria-describedby={reply?.field === "email" ? "move-email-error" : undefined}
                className={`${kioskInput} ${reply?.field === "email" ? "border-red-500" : "border-slate-300"}`}
              />
              {reply?.field === "email" ? (
                <p id="move-email-error" className="text-sm text-red-600">
                  {reply.error}
                </p>
              ) : null}
              <button type="submit" name="intent" value="move" className={settingsButton}>
                Move link
              </button>
            </Form>
          </div>
        )}
      </KioskCard>

      <KioskCard id="clicks" title="Clicks" description="Per day, the last 30 days (UTC), from the hourly rollups.">
        <ClicksChart daily={daily} />
      </KioskCard>

      <KioskCard
        id="history"
        title="History"
        description="What the edge received (kept a day), the organization's audit rows and the staff log, newest first."
      >
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing recorded.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="History">
            <tbody>
              {history.map((entry, i) => (
                <tr key={i} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <DateTime iso={entry.at} />
                  </td>
                  <td className="py-2 pr-4 capitalize">{entry.source}</td>
                  <td className="py-2 pr-4">{entry.what}</td>
                  <td className="py-2 break-all text-slate-600">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </KioskCard>
    </div>
  );
}
