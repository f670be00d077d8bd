/**
 * /dashboard (L, analytics users; others go to /app/my-urls): the creation form (a subscriber's
 * homepage redirects here, so this is where they create links) or the new link's result view,
 * then the user's links, searched with
 * `type:query` (alias by default, `tag:` and `url:`), filtered by state, sorted and paged
 * (25 a page), each with copy, analytics, edit, archive/unarchive and delete. Delete asks in a
 * <dialog> opened by invoker commands, so it works without JavaScript. Every action checks the
 * capability and the ownership on the server; someone else's link is a 404.
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getClickTotals } from "../../../db/clicks.server";
import { getDb } from "../../../db/client.server";
import { getUserLink, listUserLinks } from "../../../db/dashboard.server";
import { deleteLink, updateLink } from "../../../db/links.server";
import { getUsage } from "../../../db/usage.server";
import { atActiveAliasLimit, can } from "../../../domain/entitlements";
import {
  DASHBOARD_PAGE_SIZE,
  LINK_SORTS,
  LINK_STATES,
  readDashboardQuery,
  type LinkSort,
  type LinkState,
} from "../../../domain/link-search";
import { MESSAGES } from "../../../domain/messages";
import { CopyButton } from "../../components/copy-button";
import { Dialog } from "../../components/dialog";
import { Notice, useFormValues } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { CreateLinkForm, LinkResult } from "../../components/create-link-form";
import { ExpiryTime } from "../../components/expiry-time";
import { loadCreateForm, loadLinkResult } from "../../lib/create-link.server";
import { analyticsPath, linkStores, shortUrl } from "../../lib/links.server";
import { requireUser, type Viewer } from "../../session.server";
import { isAccountTerminated } from "../../../db/trust-safety.server";
import { ACCOUNT_TERMINATED, BLOCK_LABELS } from "../../../domain/trust-safety";
import type { Route } from "./+types/index";
import { requestFormData } from "../../lib/form-body.server";

export const DASHBOARD_NOTICES = {
  archived: "The link has been archived.",
  unarchived: "The link has been unarchived.",
  deleted: "The link has been deleted.",
  updated: "The link has been updated.",
} as const;
type DoneNotice = keyof typeof DASHBOARD_NOTICES;

const STATE_LABELS: Record<LinkState, string> = { all: "All links", active: "Active", expired: "Expired", archived: "Archived" };
const SORT_LABELS: Record<LinkSort, string> = { newest: "Newest first", oldest: "Oldest first", alias: "Alias A–Z", clicks: "Most clicks" };

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Snip" }];

/** L plus the analytics capability; other signed-in users have My URLs instead. */
function requireDashboardUser(request: Request, context: Route.LoaderArgs["context"]): Viewer {
  const viewer = requireUser(request, context);
  if (!can(viewer.subject, "use_analytics")) throw redirect("/app/my-urls");
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireDashboardUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const params = new URL(request.url).searchParams;
  const query = readDashboardQuery(params);
  const { links, total } = await listUserLinks(db, { workspaceId: viewer.user.id, ...query, pageSize: DASHBOARD_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / DASHBOARD_PAGE_SIZE));
  // Past the last page (say, after deleting its last link): the last page.
  if (links.length === 0 && query.page > pageCount) {
    params.set("page", String(pageCount));
    throw redirect(`/dashboard?${params.toString()}`);
  }
  const totals = await getClickTotals(
    env.DB,
    links.map((link) => link.id),
  );
  const now = Date.now();

  // After a create, `?alias=x&active=true` shows the new link's result view (spec 02 §2); otherwise the form.
  const result = await loadLinkResult(env, request, viewer);
  const form = result ? null : await loadCreateForm(env, request, viewer);

  const done = params.get("done");
  const terminated = await isAccountTerminated(db, viewer.user.id);
  return {
    // Spec 01 §8: the owner of a terminated account sees why (decision 036).
    accountTerminated: terminated ? ACCOUNT_TERMINATED : null,
    query: { q: query.q, state: query.state, sort: query.sort, page: query.page },
    total,
    pageCount,
    notice: done && done in DASHBOARD_NOTICES ? DASHBOARD_NOTICES[done as DoneNotice] : null,
    result,
    form,
    can: {
      update: ["update_snip_url", "change_snip_url", "use_custom_alias", "use_tags", "manage_expiration"].some((flag) =>
        can(viewer.subject, flag as Parameters<typeof can>[1]),
      ),
      archive: can(viewer.subject, "archive_snip_url"),
      delete: can(viewer.subject, "delete_snip_url"),
    },
    links: links.map((link) => ({
      id: link.id,
      alias: link.alias,
      shortUrl: shortUrl(env, request, link),
      analyticsPath: analyticsPath(env, link),
      longUrl: link.url,
      description: link.description,
      tags: link.tags,
      status: link.status,
      blocked: link.blocked ? BLOCK_LABELS[link.blocked] : null,
      expired: link.status === "active" && link.expiresAt !== null && link.expiresAt.getTime() <= now,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      clicks: totals.get(link.id)?.clicks ?? 0,
    })),
  };
}

/** Where to go back to after an action: the dashboard with the query it was posted from. */
function backTo(formData: FormData, done: DoneNotice): string {
  const raw = String(formData.get("back") ?? "");
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : "");
  params.delete("done");
  params.delete("created");
  params.delete("alias");
  params.delete("active");
  params.set("done", done);
  return `/dashboard?${params.toString()}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireDashboardUser(request, context);
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const formData = await requestFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const link = id ? await getUserLink(db, viewer.user.id, id) : undefined;
  if (!link) throw data("Not Found", { status: 404 });
  const stores = linkStores(env);

  switch (intent) {
    case "archive":
      if (!can(viewer.subject, "archive_snip_url")) return data({ error: MESSAGES.permissionDenied }, { status: 403 });
      if (link.status === "active") await updateLink(stores, link.id, { status: "archived" });
      return redirect(backTo(formData, "archived"));
    case "unarchive": {
      if (!can(viewer.subject, "archive_snip_url")) return data({ error: MESSAGES.permissionDenied }, { status: 403 });
      if (link.status === "archived") {
        const usage = await getUsage(db, viewer.user.id);
        if (atActiveAliasLimit(viewer.subject, usage.activeAliases, false)) {
          return data({ error: `${MESSAGES.planLimitTitle}. ${MESSAGES.planLimitBody}` }, { status: 403 });
        }
        await updateLink(stores, link.id, { status: "active" });
      }
      return redirect(backTo(formData, "unarchived"));
    }
    case "delete":
      if (!can(viewer.subject, "delete_snip_url")) return data({ error: MESSAGES.permissionDenied }, { status: 403 });
      await deleteLink(stores, link.id);
      return redirect(backTo(formData, "deleted"));
    default:
      return data({ error: MESSAGES.generic }, { status: 400 });
  }
}

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const smallButton = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50";

function pageHref(query: Route.ComponentProps["loaderData"]["query"], page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.state !== "all") params.set("state", query.state);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/dashboard?${search}` : "/dashboard";
}

type Row = Route.ComponentProps["loaderData"]["links"][number];

function LinkRow({ link, back, allowed }: { link: Row; back: string; allowed: Route.ComponentProps["loaderData"]["can"] }) {
  const dialogId = `delete-${link.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-alias={link.alias}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <a href={link.shortUrl} target="_blank" rel="noopener" className="font-semibold text-indigo-700 hover:underline">
              {link.shortUrl.replace(/^https?:\/\//, "")}
            </a>
            {link.blocked ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{link.blocked}</span>
            ) : null}
            {link.status === "archived" ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
            ) : link.expired ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Expired</span>
            ) : null}
          </div>
          <p className="mt-1 truncate text-sm text-slate-600" title={link.longUrl}>
            {link.longUrl}
          </p>
          {link.description ? <p className="mt-1 text-sm text-slate-500">{link.description}</p> : null}
          {link.tags.length > 0 ? (
            <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
              {link.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/dashboard?q=${encodeURIComponent(`tag:${tag}`)}`}
                    className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 text-xs text-slate-500">
            Created <time dateTime={link.createdAt}>{DATE.format(new Date(link.createdAt))}</time>
            {link.expiresAt ? (
              <>
                {" · "}
                {link.expired ? "Expired" : "Expires"} <ExpiryTime iso={link.expiresAt} />
              </>
            ) : null}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-xl font-bold text-slate-900" data-testid="clicks">
            {link.clicks.toLocaleString("en-US")}
          </span>
          <span className="text-xs text-slate-500">{link.clicks === 1 ? "click" : "clicks"}</span>
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <CopyButton text={link.shortUrl} className="!px-2.5 !py-1 !text-xs" />
        <Link to={link.analyticsPath} className={smallButton}>
          Analytics
        </Link>
        {allowed.update ? (
          <Link to={`/dashboard/edit/${link.id}`} className={smallButton} aria-label={`Edit ${link.alias}`}>
            Edit
          </Link>
        ) : null}
        {allowed.archive ? (
          <Form method="post" action="/dashboard">
            <input type="hidden" name="id" value={link.id} />
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              name="intent"
              value={link.status === "archived" ? "unarchive" : "archive"}
              className={smallButton}
              aria-label={`${link.status === "archived" ? "Unarchive" : "Archive"} ${link.alias}`}
            >
              {link.status === "archived" ? "Unarchive" : "Archive"}
            </button>
          </Form>
        ) : null}
        {allowed.delete ? (
          <>
            <button
              type="button"
              commandfor={dialogId}
              command="show-modal"
              className="rounded-md border border-red-200 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
              aria-label={`Delete ${link.alias}`}
            >
              Delete
            </button>
            <Dialog id={dialogId} title="Delete this link?">
              <p>
                <strong className="break-all">{link.shortUrl}</strong> will stop working and its alias can't be used again. This cannot be
                undone.
              </p>
              <Form method="post" action="/dashboard" className="flex justify-end gap-3">
                <input type="hidden" name="id" value={link.id} />
                <input type="hidden" name="back" value={back} />
                <button type="button" commandfor={dialogId} command="close" className={smallButton}>
                  Cancel
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700"
                >
                  Delete link
                </button>
              </Form>
            </Dialog>
          </>
        ) : null}
      </div>
    </li>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, pageCount, links, notice, result, form } = loaderData;
  const navigation = useNavigation();
  const searchForm = useFormValues({ q: query.q, state: query.state, sort: query.sort });
  const back = pageHref(query, query.page).replace(/^\/dashboard/, "");
  const first = total === 0 ? 0 : (query.page - 1) * DASHBOARD_PAGE_SIZE + 1;
  const last = Math.min(total, query.page * DASHBOARD_PAGE_SIZE);
  const filtered = query.q !== "" || query.state !== "all";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-slate-600">Your links, their clicks, and everything you can change about them.</p>
        </div>
      </div>

      {loaderData.accountTerminated ? (
        <div role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">{loaderData.accountTerminated}</p>
          <p className="mt-1">Your links no longer redirect. If you think this is a mistake, please contact customer support.</p>
        </div>
      ) : null}

      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {result ? <LinkResult result={result} /> : form ? <CreateLinkForm data={form} returnTo="/dashboard" /> : null}
      </div>

      <div className="mt-3 space-y-3">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {actionData && "error" in actionData ? <Notice tone="error">{actionData.error}</Notice> : null}
      </div>

      <Form
        ref={searchForm}
        method="get"
        action="/dashboard"
        role="search"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <div className="min-w-56 flex-1">
          <label htmlFor="q" className="mb-1 block text-xs font-semibold text-slate-700">
            Search links
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={200}
            placeholder="alias, or tag:news, url:example.com"
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100"
          />
        </div>
        <div>
          <label htmlFor="state" className="mb-1 block text-xs font-semibold text-slate-700">
            Show
          </label>
          <select id="state" name="state" defaultValue={query.state} className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
            {LINK_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sort" className="mb-1 block text-xs font-semibold text-slate-700">
            Sort
          </label>
          <select id="sort" name="sort" defaultValue={query.sort} className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
            {LINK_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800">
          Search
        </button>
        {filtered ? (
          <Link to="/dashboard" className="px-1 py-2 text-sm font-semibold text-indigo-700 hover:underline">
            Clear
          </Link>
        ) : null}
      </Form>

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {total === 0 ? "No links" : `Showing ${first}–${last} of ${total} ${total === 1 ? "link" : "links"}`}
        {navigation.state === "loading" ? " …" : ""}
      </p>

      {links.length === 0 ? (
        <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">{filtered ? "No links match your search." : "No links yet"}</p>
          {!filtered ? <p className="mt-2 text-slate-600">Links you shorten while signed in appear here.</p> : null}
        </div>
      ) : (
        <ul aria-label="Links" className="mt-3 space-y-3">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} back={back} allowed={loaderData.can} />
          ))}
        </ul>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between">
          {query.page > 1 ? (
            <Link to={pageHref(query, query.page - 1)} rel="prev" className={smallButton}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Page {Math.min(query.page, pageCount)} of {pageCount}
          </span>
          {query.page < pageCount ? (
            <Link to={pageHref(query, query.page + 1)} rel="next" className={smallButton}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
