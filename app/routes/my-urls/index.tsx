import { Link, redirect } from "react-router";
import { getClickTotals } from "../../../db/clicks.server";
import { getDb } from "../../../db/client.server";
import { listGuestLinks, listUserRecentLinks, type Link as ShortLink } from "../../../db/links.server";
import { can, limitOf } from "../../../domain/entitlements";
import { CopyButton } from "../../components/copy-button";
import { getCloudflare } from "../../context.server";
import { readGuestId } from "../../cookies.server";
import { GUEST_MAX_RECENT_URLS } from "../../../domain/limits";
import { shortUrl } from "../../lib/links.server";
import { GUEST_ISLAND_URL } from "../../islands/guest-pages-url.server";
import { getViewer } from "../../session.server";
import { isAccountTerminated } from "../../../db/trust-safety.server";
import { ACCOUNT_TERMINATED } from "../../../domain/trust-safety";
import type { Route } from "./+types/index";

/** My URLs of a user whose plan has no limit on recent links: still a page, not the whole account. */
export const MY_URLS_UNLIMITED_CAP = 500;

/**
 * Guests: the links shortened in this browser (the guest cookie). Signed-in users without
 * analytics: their own links, newest first, as many as the plan's max_recent_urls. Analytics
 * users have the dashboard instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const viewer = getViewer(context);
  if (viewer && can(viewer.subject, "use_analytics")) throw redirect("/dashboard");
  let links: ShortLink[] = [];
  let limit = GUEST_MAX_RECENT_URLS;
  if (viewer) {
    limit = limitOf(viewer.subject, "max_recent_urls") ?? MY_URLS_UNLIMITED_CAP;
    links = await listUserRecentLinks(db, viewer.user.id, limit);
  } else {
    const guestId = await readGuestId(request);
    if (guestId) links = await listGuestLinks(db, guestId, limit);
  }
  const totals = await getClickTotals(
    env.DB,
    links.map((l) => l.id),
  );
  return {
    // A guest's page loads no React: the guest pages' island adds the Copy buttons (decision 001).
    island: viewer ? null : GUEST_ISLAND_URL,
    signedIn: viewer !== null,
    // Spec 01 §8: the owner of a terminated account sees why (decision 036).
    accountTerminated: viewer && (await isAccountTerminated(db, viewer.user.id)) ? ACCOUNT_TERMINATED : null,
    limit,
    links: links.map((l) => ({
      id: l.id,
      longUrl: l.url,
      shortUrl: shortUrl(env, request, l),
      createdAt: l.createdAt.toISOString(),
      clicks: totals.get(l.id)?.clicks ?? 0,
    })),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function MyUrls({ loaderData }: Route.ComponentProps) {
  const { links, signedIn, limit } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      {loaderData.accountTerminated ? (
        <div role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{loaderData.accountTerminated}</p>
          <p className="mt-1">Your links no longer redirect. If you think this is a mistake, please contact customer support.</p>
        </div>
      ) : null}
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">My URLs</h1>
          <p className="mt-2 text-slate-600">
            {signedIn ? "Your most recent links" : "The links you shortened in this browser"}, newest first (up to {limit}).
          </p>
        </div>
        {links.length > 0 && !signedIn ? (
          <Link
            to="/app/my-urls/clear-history"
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Clear history
          </Link>
        ) : null}
      </div>
      {links.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">No links yet</p>
          <p className="mt-2 text-slate-600">
            {signedIn ? "Links you shorten appear here." : "Links you shorten appear here, in this browser."}
          </p>
          <Link to="/" className="mt-6 inline-block rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
            Shorten a link
          </Link>
        </div>
      ) : (
        <ul className="space-y-4" aria-label="Recent links">
          {links.map((link) => (
            <li key={link.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="recent-link">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <a href={link.shortUrl} target="_blank" rel="noopener" className="text-lg font-bold text-indigo-700 hover:underline">
                  {link.shortUrl.replace(/^https?:\/\//, "")}
                </a>
                <div className="flex items-center gap-3">
                  <span className="text-sm text-slate-600" data-testid="clicks">
                    {link.clicks} {link.clicks === 1 ? "click" : "clicks"}
                  </span>
                  <CopyButton text={link.shortUrl} />
                </div>
              </div>
              <p className="mt-2 break-all text-sm text-slate-600">{link.longUrl}</p>
              <p className="mt-1 text-xs text-slate-500">Created {dateFormat.format(new Date(link.createdAt))} UTC</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
