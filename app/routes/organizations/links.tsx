/**
 * The link pages of an organization (issue 16, docs/decisions/027), one module for three routes:
 * - /app/organizations/{org}/dashboard (organization.dashboard: owner or supervisor): every link of
 *   the organization across its teams and personal workspaces, filtered by team and searched;
 * - /app/organizations/{org}/me (organization.personal: a role, or admin or member of a team): the
 *   user's own links in the organization;
 * - /app/organizations/{org}/team/{team} (team.open): the team's links (viewers read only).
 * Each shows the create and bulk forms with the team selector (spec 02 §2, §5) when the user may
 * create somewhere here; the forms post to this page's action, which re-checks the chosen team on
 * the server (a viewer's team, a team of another organization: refused, nothing written). After a
 * create the page opens with `alias` and `team` (spec 02 §2) and shows the result view.
 */
import { useFormValues } from "../../components/form-fields";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "../../lib/blocked-addresses.server";
import { BLOCK_LABELS } from "../../../domain/trust-safety";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getUserLinkByDomainAlias, listUserLinks } from "../../../db/dashboard.server";
import { listLinkTags } from "../../../db/tags.server";
import { findTeamBySlug, listTeams } from "../../../db/organizations.server";
import { ensureMemberWorkspace, ensureTeamWorkspace, findMemberWorkspace } from "../../../db/workspaces.server";
import { DASHBOARD_PAGE_SIZE, parseLinkSearch } from "../../../domain/link-search";
import { MESSAGES } from "../../../domain/messages";
import { teamOption, visibleTeams } from "../../../domain/permissions";
import { teamAreaPath } from "../../../domain/teams";
import { CopyButton } from "../../components/copy-button";
import { CreateLinkForm, LinkResult } from "../../components/create-link-form";
import { getCloudflare } from "../../context.server";
import type { BulkReply } from "../../forms/bulk";
import { createLinkSchema, type CreateReply, type TeamOptionData } from "../../forms/create-link";
import { popoverClientLoader } from "../../forms/create-link-rules";
import { bulkUploadAction } from "../../lib/bulk.server";
import {
  createWebLink,
  errorsOnShownFields,
  formFieldsShown,
  linkResultView,
  loadCreateForm,
  refusalReply,
  webFormPreflight,
} from "../../lib/create-link.server";
import { analyticsPath, destinationContext, shortUrl } from "../../lib/links.server";
import { memberLinksPath, teamLinksPath } from "../../lib/organizations/analytics.server";
import { organizationCreator, workspaceSubject } from "../../lib/organization-links.server";
import { can } from "../../../domain/entitlements";
import {
  allows,
  loadOrganizationAccess,
  requireOrganizationAccess,
  requireTeamAccess,
  type OrganizationAccess,
} from "../../lib/organizations/access.server";
import type { Route } from "./+types/links";
import { requestFormData } from "../../lib/form-body.server";
import { pagePathname } from "../../lib/page-url";

type PageScope = "organization" | "personal" | "team";

const PIXELS_NEED_A_TEAM = "Pixel scripts belong to a team. Choose a team to fire its pixels, or untick the box.";

export function scopeOf(args: { params: Record<string, string | undefined>; request: Request }): PageScope {
  if (args.params.team) return "team";
  return pagePathname(args.request).replace(/\/+$/, "").endsWith("/me") ? "personal" : "organization";
}

function pagePath(slug: string, scope: PageScope, team?: string): string {
  const base = `/app/organizations/${encodeURIComponent(slug)}`;
  return scope === "team" ? `${base}/team/${encodeURIComponent(team!)}` : scope === "personal" ? `${base}/me` : `${base}/dashboard`;
}

/** The page's guard: organization.dashboard, organization.personal or team.open (decision 026). */
async function guard(
  args: Route.LoaderArgs | Route.ActionArgs,
  scope: PageScope,
): Promise<OrganizationAccess & { team?: { id: string; slug: string; name: string } }> {
  if (scope === "team") return requireTeamAccess(args, "team.open");
  return requireOrganizationAccess(args, scope === "personal" ? "organization.personal" : "organization.dashboard");
}

/** The team selector's options: "Personal" when the user may create a personal link here, then the teams they may open. */
async function teamOptions(
  access: OrganizationAccess,
): Promise<{ options: TeamOptionData[]; teams: { id: string; slug: string; name: string }[] }> {
  const teams = visibleTeams(await listTeams(access.db, access.organization.id));
  const options: TeamOptionData[] = [];
  if (allows(access, "organization.link.create")) options.push({ value: "personal", label: "Personal", disabled: false });
  for (const team of teams) {
    const option = teamOption(access.actor, access.standing, team);
    if (option) options.push({ value: team.slug, label: option.label, disabled: option.disabled });
  }
  return { options, teams };
}

export const meta: Route.MetaFunction = () => [{ title: "Organization links — Snip" }];

export async function loader(args: Route.LoaderArgs) {
  const scope = scopeOf(args);
  const access = await guard(args, scope);
  const { env } = getCloudflare(args.context);
  const { db, organization } = access;
  const params = new URL(args.request.url).searchParams;
  const { options, teams } = await teamOptions(access);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));

  // Whose links: the team's, the user's own here, or the whole organization (optionally one team's).
  const filterTeam = scope === "organization" ? (params.get("team") ?? "") : "";
  const filtered = filterTeam ? teams.find((t) => t.slug === filterTeam) : undefined;
  const workspaceId =
    scope === "team"
      ? access.team!.id
      : scope === "personal"
        ? await findMemberWorkspace(db, organization.id, access.viewer.user.id)
        : filtered
          ? filtered.id
          : null;
  const q = (params.get("q") ?? "").slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const listed =
    scope !== "organization" && !workspaceId
      ? { links: [], total: 0 }
      : await listUserLinks(db, {
          workspaceId: workspaceId ?? { organizationId: organization.id },
          search: parseLinkSearch(q),
          state: "all",
          sort: "newest",
          page,
          pageSize: DASHBOARD_PAGE_SIZE,
        });

  // The create forms: where the user may create here, the selected team first.
  const creatable = options.filter((o) => !o.disabled);
  const preferred = scope === "team" ? access.team!.slug : scope === "personal" ? "personal" : (creatable[0]?.value ?? "");
  const selected = creatable.some((o) => o.value === preferred) ? preferred : null;
  let form = null;
  if (selected) {
    const team = selected === "personal" ? null : teams.find((t) => t.slug === selected)!;
    const creator = await organizationCreator({ access, teamId: team?.id ?? null, workspaceId: "" });
    form = await loadCreateForm(env, args.request, access.viewer, new Date(), {
      creator,
      organization: {
        action: pagePath(organization.slug, scope, access.team?.slug),
        teams: options,
        selected,
        // Pixel scripts (docs/decisions/047): the opt-in, where a team of the selector may be chosen.
        pixels: creatable.some((o) => o.value !== "personal")
          ? { manage: team ? teamAreaPath(organization.slug, team.slug, "pixel-scripts") : null }
          : null,
      },
    });
  }

  // After a create: `?alias=x&team=slug` shows the new link (spec 02 §2), in a workspace the user may read.
  let result = null;
  const alias = params.get("alias");
  const createdIn = params.get("team");
  if (alias && createdIn) {
    const team = createdIn === "personal" ? null : teams.find((t) => t.slug === createdIn);
    const readable = team ? allows(access, "team.open", { ...team, organizationId: organization.id, archived: false }) : true;
    const ws = team ? team.id : await findMemberWorkspace(db, organization.id, access.viewer.user.id);
    // A link on a branded domain names its host (decision 044); only a link of that workspace is shown.
    const host = (params.get("domain") ?? env.SHORT_HOST).toLowerCase().slice(0, 253);
    const link = readable && ws ? await getUserLinkByDomainAlias(db, ws, host, alias) : undefined;
    if (link) result = await linkResultView(env, args.request, link, await listLinkTags(db, link.id), false);
  }

  // Analytics (decision 062): of the links of the teams on this page the user may open, and of the
  // user's own here, where that workspace's plan has analytics.
  const analyticsBases = new Map<string, string>();
  const listedTeams = teams.filter((t) => listed.links.some((link) => link.workspaceId === t.id));
  const ownWorkspace =
    scope === "personal"
      ? workspaceId
      : scope === "organization" && allows(access, "organization.personal")
        ? await findMemberWorkspace(db, organization.id, access.viewer.user.id)
        : null;
  await Promise.all([
    ...listedTeams.map(async (team) => {
      if (!allows(access, "team.open", { ...team, organizationId: organization.id, archived: false })) return;
      const { subject } = await workspaceSubject(db, organization, team.id);
      if (can(subject, "use_analytics")) analyticsBases.set(team.id, `${teamLinksPath(organization.slug, team.slug)}/analytics`);
    }),
    (async () => {
      if (!ownWorkspace || !listed.links.some((link) => link.workspaceId === ownWorkspace)) return;
      const { subject } = await workspaceSubject(db, organization, null);
      if (can(subject, "use_analytics")) analyticsBases.set(ownWorkspace, `${memberLinksPath(organization.slug)}/analytics`);
    })(),
  ]);

  return {
    scope,
    organization: { slug: organization.slug, name: organization.name },
    team: access.team ? { slug: access.team.slug, name: access.team.name } : null,
    filterTeams: scope === "organization" ? teams.map((t) => ({ slug: t.slug, name: t.name })) : [],
    query: { q, team: filtered?.slug ?? "", page },
    total: listed.total,
    pageCount: Math.max(1, Math.ceil(listed.total / DASHBOARD_PAGE_SIZE)),
    form,
    result,
    links: listed.links.map((link) => ({
      id: link.id,
      alias: link.alias,
      shortUrl: shortUrl(env, args.request, link),
      longUrl: link.url,
      description: link.description,
      tags: link.tags,
      archived: link.status === "archived",
      // Trust and safety (decision 036): why the link is held, as the personal dashboard says it.
      blocked: link.blocked ? BLOCK_LABELS[link.blocked] : null,
      createdAt: link.createdAt.toISOString(),
      workspace: link.workspaceId && teamName.has(link.workspaceId) ? teamName.get(link.workspaceId)! : "Personal",
      analyticsPath:
        link.workspaceId && analyticsBases.has(link.workspaceId)
          ? analyticsPath(env, link, "", analyticsBases.get(link.workspaceId)!)
          : null,
    })),
  };
}

/** The navigation bar's Create loads this page's form in its popover (?popover): a refusal is its "Page not found" body. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return popoverClientLoader(request, serverLoader);
}

function createReply(result: SubmissionResult<string[]>, status: number) {
  return data<CreateReply>({ result }, { status });
}

export async function action(args: Route.ActionArgs) {
  const scope = scopeOf(args);
  // The page's own guard first: nothing is read from the form before it answers.
  if (scope === "team") await requireTeamAccess(args, "team.open");
  const access = scope === "team" ? await loadOrganizationAccess(args) : await guard(args, scope);
  const { env } = getCloudflare(args.context);
  const copy = args.request.clone() as Request;
  const formData = await requestFormData(args.request);
  const bulk = formData.has("file");
  const chosen = String(formData.get("team") ?? args.params.team ?? "personal");

  // The chosen workspace, checked on the server: a team of this organization the user may create in, or their own.
  let teamId: string | null = null;
  let refusal: { status: number; message: string } | null = null;
  if (chosen === "personal") {
    if (!allows(access, "organization.link.create")) refusal = { status: 403, message: MESSAGES.permissionDenied };
  } else {
    const team = await findTeamBySlug(access.db, access.organization.id, chosen);
    if (!team) refusal = { status: 422, message: "Unknown team." };
    else if (!allows(access, "team.link.create", team)) refusal = { status: 403, message: MESSAGES.permissionDenied };
    else teamId = team.id;
  }

  const now = new Date();
  if (bulk) {
    if (refusal) return data<BulkReply>({ errors: { team: [refusal.message] } }, { status: refusal.status });
    const workspaceId = teamId
      ? await ensureTeamWorkspace(access.db, access.organization.id, teamId)
      : await ensureMemberWorkspace(access.db, access.organization.id, access.viewer.user.id);
    const creator = await organizationCreator({ access, teamId, workspaceId });
    const { status, reply } = await bulkUploadAction(env, copy, access.viewer, {
      workspaceId,
      organizationId: access.organization.id,
      subject: creator.subject,
      subscribed: creator.subscribed,
      teamId,
    });
    return data(reply, { status });
  }

  if (refusal) {
    const submission = parseWithZod(formData, { schema: createLinkSchema(await destinationContext(env, args.request), now) });
    return createReply(submission.reply({ fieldErrors: { team: [refusal.message] } }), refusal.status);
  }
  // The capabilities in force where the link goes (its workspace is made only once the post is accepted).
  const probe = await organizationCreator({ access, teamId, workspaceId: "" });
  // The form shows the team selector, and the pixel opt-in where a team may be chosen; tags and expiry by the workspace's capabilities.
  const shown = formFieldsShown(probe.subject, ["team", "description", "pixels"]);
  const denied = webFormPreflight(probe.subject, formData);
  const submission = parseWithZod(formData, { schema: createLinkSchema(await destinationContext(env, args.request), now) });
  if (denied) return createReply(errorsOnShownFields(submission.reply({ formErrors: [denied.message] }), shown), denied.status);
  if (submission.status !== "success") return createReply(errorsOnShownFields(submission.reply(), shown), 422);
  if (await isAddressBlocked(env, args.request)) return createReply(submission.reply({ formErrors: [BLOCKED_ADDRESS_MESSAGE] }), 403);
  // Pixel scripts (docs/decisions/047): a team's link may fire the team's pixels; a personal one has none to fire.
  const pixels = formData.get("pixels") === "on";
  if (pixels && !teamId) return createReply(submission.reply({ fieldErrors: { pixels: [PIXELS_NEED_A_TEAM] } }), 422);
  const workspaceId = teamId
    ? await ensureTeamWorkspace(access.db, access.organization.id, teamId)
    : await ensureMemberWorkspace(access.db, access.organization.id, access.viewer.user.id);
  const outcome = await createWebLink(env, { ...probe, workspaceId }, { ...submission.value, pixels }, now);
  if (!outcome.ok) return createReply(refusalReply(submission, outcome, shown), outcome.status);
  const back = pagePath(access.organization.slug, scope, args.params.team);
  const query = new URLSearchParams({ alias: outcome.link.alias, team: chosen });
  if (outcome.link.domain !== env.SHORT_HOST) query.set("domain", outcome.link.domain);
  return redirect(`${back}?${query.toString()}`);
}

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const smallButton = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50";

export default function OrganizationLinks({ loaderData, actionData }: Route.ComponentProps) {
  const shownQuery = "failed" in loaderData ? null : loaderData.query;
  const searchForm = useFormValues({ q: shownQuery?.q ?? "", team: shownQuery?.team ?? "" });
  // Only the popover's load (?popover) answers this; a page never does.
  if ("failed" in loaderData) return null;
  const { scope, organization, team, query, total, pageCount, links, form, result, filterTeams } = loaderData;
  const heading = scope === "team" ? `Team ${team!.name}` : scope === "personal" ? "My links" : "Organization dashboard";
  const here = pagePath(organization.slug, scope, team?.slug);
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.team) params.set("team", query.team);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `${here}?${search}` : here;
  };
  const reply = actionData && "result" in actionData ? actionData : undefined;
  const bulkReply = actionData && !("result" in actionData) ? (actionData as BulkReply) : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm font-semibold text-indigo-700">{organization.name}</p>
      <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
      <p className="mt-1 text-slate-600">
        {scope === "team"
          ? "The team's links."
          : scope === "personal"
            ? "The links you created for yourself in this organization."
            : "Every link of the organization, across its teams and personal workspaces."}
      </p>

      {result || form ? (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="organization-create">
          {result ? (
            <LinkResult result={result} />
          ) : form ? (
            <CreateLinkForm data={form} reply={reply} bulkReply={bulkReply} returnTo={here} />
          ) : null}
        </div>
      ) : scope === "team" ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" role="note">
          You have read-only access to this team&rsquo;s links.
        </p>
      ) : null}

      <Form
        ref={searchForm}
        method="get"
        action={here}
        role="search"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
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
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {filterTeams.length > 0 ? (
          <div>
            <label htmlFor="filter-team" className="mb-1 block text-xs font-semibold text-slate-700">
              Team
            </label>
            <select id="filter-team" name="team" defaultValue={query.team} className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <option value="">All teams and personal links</option>
              {filterTeams.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800">
          Search
        </button>
      </Form>

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {total === 0 ? "No links" : `${total} ${total === 1 ? "link" : "links"}`}
      </p>
      {links.length === 0 ? (
        <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-800">{query.q || query.team ? "No links match your search." : "No links yet"}</p>
        </div>
      ) : (
        <ul aria-label="Links" className="mt-3 space-y-3">
          {links.map((link) => (
            <li key={link.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-alias={link.alias}>
              <div className="flex flex-wrap items-center gap-2">
                <a href={link.shortUrl} target="_blank" rel="noopener" className="font-semibold text-indigo-700 hover:underline">
                  {link.shortUrl.replace(/^https?:\/\//, "")}
                </a>
                {scope === "organization" ? (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700" data-testid="workspace">
                    {link.workspace}
                  </span>
                ) : null}
                {link.blocked ? (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="blocked">
                    {link.blocked}
                  </span>
                ) : null}
                {link.archived ? (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
                ) : null}
              </div>
              <p className="mt-1 truncate text-sm text-slate-600" title={link.longUrl}>
                {link.longUrl}
              </p>
              {link.description ? <p className="mt-1 text-sm text-slate-500">{link.description}</p> : null}
              {link.tags.length > 0 ? (
                <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
                  {link.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                      #{tag}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3 text-xs text-slate-500">
                <CopyButton text={link.shortUrl} className="!px-2.5 !py-1 !text-xs" />
                {link.analyticsPath ? (
                  <Link
                    to={link.analyticsPath}
                    className="rounded-md border border-slate-300 px-2.5 py-1 font-semibold text-slate-700 hover:bg-slate-50"
                  >
                    Analytics
                  </Link>
                ) : null}
                <span>
                  Created <time dateTime={link.createdAt}>{DATE.format(new Date(link.createdAt))}</time>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between">
          {query.page > 1 ? (
            <Link to={pageHref(query.page - 1)} rel="prev" className={smallButton}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            Page {Math.min(query.page, pageCount)} of {pageCount}
          </span>
          {query.page < pageCount ? (
            <Link to={pageHref(query.page + 1)} rel="next" className={smallButton}>
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
