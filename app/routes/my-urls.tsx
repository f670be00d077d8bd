import { Link } from "react-router";
import { getClickTotals } from "../../db/clicks.server";
import { getDb } from "../../db/client.server";
import { listGuestLinks } from "../../db/links.server";
import { CopyButton } from "../components/copy-button";
import { Notice } from "../components/form-fields";
import { getCloudflare } from "../context.server";
import { readGuestId } from "../cookies.server";
import { GUEST_MAX_RECENT_URLS } from "../../domain/limits";
import { shortUrl } from "../lib/links.server";
import type { Route } from "./+types/my-urls";

/** Notices after a redirect to this page. */
const NOTICES = { analytics: "Link analytics are part of the paid plans. Upgrade your plan to see who clicks your links." } as const;

function noticeOf(request: Request): string | null {
  const key = new URL(request.url).searchParams.get("notice");
  return key && key in NOTICES ? NOTICES[key as keyof typeof NOTICES] : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const notice = noticeOf(request);
  const guestId = await readGuestId(request);
  if (!guestId) return { links: [], notice };
  const links = await listGuestLinks(getDb(env.DB), guestId, GUEST_MAX_RECENT_URLS);
  const totals = await getClickTotals(
    env.DB,
    links.map((l) => l.id),
  );
  return {
    notice,
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
  const { links, notice } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      {notice ? (
        <div className="mb-6">
          <Notice tone="info">{notice}</Notice>
        </div>
      ) : null}
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">My URLs</h1>
          <p className="mt-2 text-slate-600">The links you shortened in this browser, newest first (up to {GUEST_MAX_RECENT_URLS}).</p>
        </div>
        {links.length > 0 ? (
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
          <p className="mt-2 text-slate-600">Links you shorten appear here, in this browser.</p>
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
