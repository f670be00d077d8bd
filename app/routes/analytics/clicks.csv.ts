/**
 * GET /app/analytics/{hash}/clicks.csv (download_logs, issue 20; docs/decisions/038), and a team
 * link's at /app/organizations/{org}/team/{team}/analytics/{hash}/clicks.csv and a user's own in an
 * organization at /app/organizations/{org}/me/analytics/{hash}/clicks.csv (decision 062): the click
 * log of one of the viewer's links (on another domain than the default: `?domain=`, as the page), one line per hour with clicks, within the plan's analytics
 * period, streamed from the hourly rollup. Another's or an unknown link is not found; a plan
 * without the capability is refused with the reason.
 */
import { findOwnedLink, listClickLogPage } from "../../../db/analytics.server";
import { isAliasShaped } from "../../../domain/alias";
import { durationHours, HOUR_MS } from "../../../domain/analytics";
import { can, mayDownloadLogs, type Subject } from "../../../domain/entitlements";
import { getPlan } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { clickLogStream } from "../../lib/click-log.server";
import { analyticsDomainOf } from "../../lib/links.server";
import { requireWorkspaceAnalytics } from "../../lib/organizations/analytics.server";
import { requireUser } from "../../session.server";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/clicks.csv";

export const DOWNLOAD_LOGS_NOT_IN_PLAN = "Downloading the click log is not included in your plan.";

function plain(message: string, status: number): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * Whose link and with which plan: the viewer's own, or (docs/decisions/062) a link of a team the
 * viewer may open, with the team's plan, or the viewer's own in an organization, with its plan.
 */
async function ownerOf(args: Route.LoaderArgs): Promise<{ workspaceId: string | null; subject: Subject }> {
  if (args.params.org !== undefined) return requireWorkspaceAnalytics(args);
  const viewer = requireUser(args.request, args.context);
  return { workspaceId: viewer.user.id, subject: viewer.subject };
}

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const { workspaceId, subject } = await ownerOf(args);
  const { env } = getCloudflare(context);
  const alias = params.hash;
  const domain = analyticsDomainOf(env, request);
  const link =
    can(subject, "use_analytics") && isAliasShaped(alias) && domain !== null && workspaceId !== null
      ? await findOwnedLink(env.DB, { workspaceId, domain, alias })
      : null;
  if (!link) return plain("Not Found", 404);
  if (!mayDownloadLogs(subject)) return plain(DOWNLOAD_LOGS_NOT_IN_PLAN, 403);

  // As far back as the plan's analytics reach (no bound: the whole log).
  const planPeriod = getPlan(subject.plan).options.analytics_period;
  const reach = planPeriod ? durationHours(planPeriod) : null;
  const nowHour = Math.floor(Date.now() / HOUR_MS);
  const afterHour = reach === null ? -1 : nowHour - Math.ceil(reach);
  const body = clickLogStream((after, limit) => listClickLogPage(env.DB, link.id, after, limit), afterHour);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="clicks-${link.alias}.csv"`,
      "cache-control": "no-store",
    },
  });
}

/** GET only: another method is 405 with Allow, rather than React Router's "no action" error (logged, and answered "Unexpected Server Error"). */
export const action = methodNotAllowed("GET");
