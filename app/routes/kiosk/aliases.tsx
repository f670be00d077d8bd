/**
 * /app/kiosk/aliases (L and developer; issue 19, decision 036): every link of every workspace,
 * searched by alias, destination, owner email or domain (paged), each linking to its kiosk page;
 * above them, the URL-reputation hits waiting for staff (terminate the link, or dismiss the hit).
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getOpenReputationHit, KIOSK_PAGE_SIZE, listOpenReputationHits, searchLinks } from "../../../db/kiosk-links.server";
import { getLinkById } from "../../../db/links.server";
import { dismissReputationHit, resolveReputationHits, setLinksTerminated } from "../../../db/trust-safety.server";
import { BLOCK_LABELS, kioskLinkHref } from "../../../domain/trust-safety";
import { Notice, useFormValues } from "../../components/form-fields";
import { KioskCard, kioskSmallButton, kioskSmallDanger, StaffLog } from "../../components/kiosk";
import { DateTime } from "../../components/settings";
import { SAFETY_MESSAGES } from "../../forms/trust-safety";
import { safetyStores } from "../../lib/kiosk/safety.server";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/aliases";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Aliases | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const querySchema = z.object({
  q: z.string().trim().max(2048).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const { q, page } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [{ rows, total }, log, hits, reviewLog] = await Promise.all([
    searchLinks(db, q, page),
    staffLog(db, "link"),
    listOpenReputationHits(db),
    staffLog(db, "reputation"),
  ]);
  return {
    notice: noticeOf(request, {
      terminated: "The link is terminated: it stops redirecting within seconds.",
      dismissed: "The hit is dismissed: the link keeps redirecting.",
    }),
    hits: hits.map((hit) => ({ ...hit, checkedAt: hit.checkedAt.toISOString(), href: kioskLinkHref(hit.domain, hit.alias) })),
    q,
    page,
    total,
    pages: Math.max(1, Math.ceil(total / KIOSK_PAGE_SIZE)),
    links: rows.map((row) => ({
      ...row,
      held: row.blocked ? BLOCK_LABELS[row.blocked] : null,
      createdAt: row.createdAt.toISOString().slice(0, 10),
    })),
    log: [...log, ...reviewLog].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 25),
  };
}

const hitSchema = z.object({ id: z.string().min(1).max(64), intent: z.enum(["terminate", "dismiss"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const parsed = hitSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  const hit = parsed.success ? await getOpenReputationHit(staff.db, parsed.data.id) : null;
  const link = hit ? await getLinkById(staff.db, hit.linkId) : undefined;
  if (!parsed.success || !hit || !link) return data({ error: SAFETY_MESSAGES.notFound }, { status: 404 });
  const target = `${link.domain}/${link.alias}`;
  if (parsed.data.intent === "dismiss") {
    await dismissReputationHit(staff.db, staff.actor, hit, target);
    return redirect("/app/kiosk/aliases?notice=dismissed");
  }
  const reason = `URL reputation: ${hit.threatType} (${hit.provider})`;
  await setLinksTerminated(safetyStores(staff), staff.actor, [link.id], reason, target, new Date(), [
    resolveReputationHits(staff.db, link.id, "terminated"),
  ]);
  return redirect("/app/kiosk/aliases?notice=terminated");
}

export default function KioskAliases({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page, pages, total, links, log, hits, notice } = loaderData;
  const searchForm = useFormValues({ q });
  const pageHref = (n: number) => `/app/kiosk/aliases?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <KioskCard
        id="reputation"
        title="Reputation review"
        description="Destinations the URL-reputation provider flagged, checked when a link is created or changed and again in the background. Terminate the link, or dismiss a false positive."
      >
        {hits.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing to review.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Reputation hits">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Short link</th>
                <th className="py-2 pr-4">Destination</th>
                <th className="py-2 pr-4">Threat</th>
                <th className="py-2 pr-4">Provider</th>
                <th className="py-2 pr-4">Checked</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {hits.map((hit) => (
                <tr key={hit.id} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <Link to={hit.href} className="font-semibold text-indigo-700 hover:underline">
                      {hit.domain}/{hit.alias}
                    </Link>
                  </td>
                  <td className="max-w-xs py-2 pr-4 break-all">{hit.url}</td>
                  <td className="py-2 pr-4 font-semibold text-red-700">{hit.threatType}</td>
                  <td className="py-2 pr-4">{hit.provider}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <DateTime iso={hit.checkedAt} />
                  </td>
                  <td className="py-2">
                    <Form method="post" className="flex justify-end gap-2">
                      <input type="hidden" name="id" value={hit.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="terminate"
                        className={kioskSmallDanger}
                        aria-label={`Terminate ${hit.alias}`}
                      >
                        Terminate
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="dismiss"
                        className={kioskSmallButton}
                        aria-label={`Dismiss the hit on ${hit.alias}`}
                      >
                        Dismiss
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </KioskCard>
      <KioskCard
        id="aliases"
        title="Aliases"
        description="Every link of every workspace. Search by alias, destination, owner email or domain."
      >
        <Form ref={searchForm} method="get" className="mb-4 flex gap-2" role="search">
          <label htmlFor="aliases-q" className="sr-only">
            Search links
          </label>
          <input
            id="aliases-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Alias, destination, owner email or domain"
            className="flex-1 rounded-lg border border-slate-300 px-3 py-2"
          />
          <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
            Search
          </button>
        </Form>
        <p className="mb-2 text-sm text-slate-600">
          {total} link{total === 1 ? "" : "s"}
        </p>
        {links.length === 0 ? (
          <p className="text-sm text-slate-600">No link matches.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Links">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Short link</th>
                  <th className="py-2 pr-4">Destination</th>
                  <th className="py-2 pr-4">Owner</th>
                  <th className="py-2 pr-4">Status</th>
                  <th className="py-2">Created</th>
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <tr key={link.id} className="border-t border-slate-100 align-top">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <Link to={kioskLinkHref(link.domain, link.alias)} className="font-semibold text-indigo-700 hover:underline">
                        {link.domain}/{link.alias}
                      </Link>
                    </td>
                    <td className="max-w-xs truncate py-2 pr-4" title={link.url}>
                      {link.url}
                    </td>
                    <td className="py-2 pr-4">{link.email ?? "Guest"}</td>
                    <td className="py-2 pr-4">
                      {link.held ? <span className="font-semibold text-red-700">{link.held}</span> : link.status}
                    </td>
                    <td className="py-2 whitespace-nowrap">{link.createdAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label="Pagination" className="mt-4 flex gap-3 text-sm">
            {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={pageHref(page + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
