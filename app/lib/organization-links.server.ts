/**
 * Links inside organizations (issue 16, docs/decisions/027): the workspace a team or personal
 * route writes to, the capabilities in force there, and the JSON calls of spec 02 §7 / spec 01 §7
 * (create, bulk, the paged URL lists, the alias lookup). Every call starts with the guard of
 * app/lib/organizations/access.server.ts; the workspace comes from the route's slugs, never from
 * the payload (its `team` field is ignored).
 */
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "./blocked-addresses.server";
import { BLOCK_LABELS } from "../../domain/trust-safety";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { getOwnerSubscriptions } from "../../db/accounts.server";
import type { Db } from "../../db/client.server";
import { getUserLinkByDomainAlias, listUserLinks, type LinkListState } from "../../db/dashboard.server";
import { findMemberWorkspace, ensureMemberWorkspace, ensureTeamWorkspace } from "../../db/workspaces.server";
import { organizations, teams } from "../../db/schema";
import { API_MESSAGES } from "../../domain/api-messages";
import { workspaceSubscription, type Subject } from "../../domain/entitlements";
import { isActive } from "../../domain/subscription";
import { parseLinkSearch } from "../../domain/link-search";
import type { RouterContextProvider } from "react-router";
import { getCloudflare } from "../context.server";
import type { AppEnv } from "../env.server";
import { createLinkSchema } from "../forms/create-link";
import { parseFeatures, planInForce } from "../session.server";
import { apiError, json, readBody } from "./api.server";
import { bulkUploadAction, type BulkTarget } from "./bulk.server";
import { createWebLink, type LinkCreator } from "./create-link.server";
import { destinationContext, shortUrl } from "./links.server";
import {
  requireOrganizationAccess,
  requireOrganizationAccessAny,
  requireTeamAccess,
  type OrganizationAccess,
} from "./organizations/access.server";
import type { Link } from "../../db/links.server";

type Args = {
  readonly request: Request;
  readonly context: Readonly<RouterContextProvider>;
  readonly params: Readonly<Record<string, string | undefined>>;
};

/** Which workspace of the organization a route names: a team (by slug), the viewer's own, or all of it. */
export type OrganizationScope = "team" | "personal" | "organization";

/**
 * The capabilities in force in an organization's workspace ("in an organization: per team", spec
 * 02 §5, docs/decisions/033): the plan of the team's subscription, else the organization's, else
 * the free plan, plus the team's feature flags (a team workspace) or the organization's (a
 * personal workspace inside it). Nobody's personal plan counts. `subscribed` is that
 * subscription's, for the domain rules; `source` says whose it is (the team usage page shows it).
 */
export async function workspaceSubject(
  db: Db,
  organization: { id: string; ownerUserId: string },
  teamId: string | null,
): Promise<{ subject: Subject; subscribed: boolean; source: "team" | "organization" | "free" }> {
  const [team, org, extra] = await Promise.all([
    teamId ? getOwnerSubscriptions(db, teamId) : Promise.resolve({ current: null }),
    getOwnerSubscriptions(db, organization.id),
    teamId
      ? db.select({ features: teams.features }).from(teams).where(eq(teams.id, teamId))
      : db.select({ features: organizations.features }).from(organizations).where(eq(organizations.id, organization.id)),
  ]);
  const now = new Date();
  const current = workspaceSubscription(team.current, org.current, (s) => isActive(s, now));
  const { subject, subscribed } = planInForce(current, parseFeatures(extra[0]?.features ?? "[]"), now);
  const source = current === null ? "free" : current === team.current ? "team" : "organization";
  return { subject, subscribed, source };
}

/** A guarded route's access and the workspace it writes to or reads (null: a personal workspace not made yet). */
export interface ScopedAccess {
  access: OrganizationAccess;
  teamId: string | null;
  workspaceId: string | null;
}

const GUARDS = {
  read: { team: "team.open", personal: "organization.personal", organization: "organization.dashboard" },
  create: { team: "team.link.create", personal: "organization.link.create" },
} as const;

/** The guard of a team, personal or organization-wide link route; a write makes the workspace if it is missing. */
export async function requireScope(args: Args, scope: OrganizationScope, mode: "read" | "create", page = false): Promise<ScopedAccess> {
  const options = { json: !page };
  if (scope === "team") {
    const access = await requireTeamAccess(args, mode === "read" ? GUARDS.read.team : GUARDS.create.team, options);
    // A team's workspace id is the team's id; a write makes sure its row exists.
    const workspaceId = mode === "create" ? await ensureTeamWorkspace(access.db, access.organization.id, access.team.id) : access.team.id;
    return { access, teamId: access.team.id, workspaceId };
  }
  if (scope === "personal") {
    const access = await requireOrganizationAccess(args, mode === "read" ? GUARDS.read.personal : GUARDS.create.personal, options);
    const workspaceId =
      mode === "create"
        ? await ensureMemberWorkspace(access.db, access.organization.id, access.viewer.user.id)
        : await findMemberWorkspace(access.db, access.organization.id, access.viewer.user.id);
    return { access, teamId: null, workspaceId };
  }
  // The Restore Organization dialog counts an archived organization's links with this list too.
  // (The JSON list only: the dashboard page of an archived organization stays refused.)
  const access = page
    ? await requireOrganizationAccess(args, GUARDS.read.organization, options)
    : await requireOrganizationAccessAny(args, [GUARDS.read.organization, "organization.unarchive"], options);
  return { access, teamId: null, workspaceId: null };
}

/** Who creates in this workspace, with its capabilities; changes are audited in the organization. */
export async function organizationCreator(scoped: ScopedAccess): Promise<LinkCreator> {
  const { access, teamId, workspaceId } = scoped;
  const { subject, subscribed } = await workspaceSubject(access.db, access.organization, teamId);
  return {
    userId: access.viewer.user.id,
    workspaceId: workspaceId!,
    organizationId: access.organization.id,
    teamId,
    subject,
    subscribed,
    emailVerified: access.viewer.user.emailVerified,
  };
}

/** One link in the create response of spec 02 §3: url and its aliases. */
export function createdItem(env: AppEnv, request: Request, link: Link, tags: readonly string[]) {
  return {
    url: link.url,
    aliases: [
      {
        id: link.id,
        domain: link.domain,
        alias: link.alias,
        tiny_url: shortUrl(env, request, link),
        is_main: true,
        tags: [...tags],
        affiliates: [],
      },
    ],
  };
}

const CREATE_TEXT_FIELDS = ["url", "domain", "alias", "description", "expires_at"] as const;

/**
 * The payload's fields that are there but of the wrong type (an alias sent as a number, a tag as
 * an object...): refused by name, never dropped, so a create cannot quietly ignore what was asked.
 */
function wrongTypes(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const key of CREATE_TEXT_FIELDS) {
    const value = body[key];
    if (value !== undefined && value !== null && typeof value !== "string") errors[key] = [API_MESSAGES.notAString(key)];
  }
  const tags = body.tags;
  if (Array.isArray(tags))
    tags.forEach((tag, index) => {
      if (typeof tag !== "string") errors[`tags.${index}`] = [API_MESSAGES.notAString(`tags.${index}`)];
    });
  else if (tags !== undefined && tags !== null && typeof tags !== "string") errors.tags = [API_MESSAGES.notAString("tags")];
  return errors;
}

/** The creation payload of spec 02 §3 (JSON or form) in the create form's shape: expires_at turns expiry on. */
function asFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const key of CREATE_TEXT_FIELDS) {
    const value = body[key];
    if (typeof value === "string" && value !== "") form.set(key, value);
  }
  if (typeof body.expires_at === "string" && body.expires_at !== "") form.set("expires", "on");
  const tags = body.tags;
  if (Array.isArray(tags)) for (const tag of tags) if (typeof tag === "string") form.append("tags", tag);
  if (typeof tags === "string") form.set("tags", tags);
  return form;
}

/** POST .../team/{t}/url/create and .../personal/url/create: the single create form's rules, then the create response. */
export async function organizationCreateCall(args: Args, scope: "team" | "personal"): Promise<Response> {
  if (args.request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  const scoped = await requireScope(args, scope, "create");
  return createLinkCall(getCloudflare(args.context).env, args.request, await organizationCreator(scoped));
}

/**
 * The create call of spec 02 §7 for a creator (POST url/create and its organization variants):
 * the creation payload (JSON or form) through the single create form's rules, then
 * `{data: [{url, aliases: [...]}]}`; a refusal is {message, errors} with its status.
 */
export async function createLinkCall(env: AppEnv, request: Request, creator: LinkCreator): Promise<Response> {
  const body = await readBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return apiError(422, API_MESSAGES.invalidData, { body: [API_MESSAGES.bodyNotObject] });
  const mistyped = wrongTypes(body as Record<string, unknown>);
  if (Object.keys(mistyped).length > 0) return apiError(422, Object.values(mistyped)[0]![0]!, mistyped);
  const now = new Date();
  const submission = parseWithZod(asFormData(body as Record<string, unknown>), {
    schema: createLinkSchema(await destinationContext(env, request), now),
  });
  if (submission.status !== "success") {
    // A list item's error under "tags.N" (spec 02 §5), as the JSON calls name paths; the form library writes "tags[N]".
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {})
        .filter((entry): entry is [string, string[]] => !!entry[1])
        .map(([key, messages]) => [key.replace(/\[(\d+)\]/g, ".$1"), messages]),
    );
    return apiError(422, Object.values(errors)[0]?.[0] ?? API_MESSAGES.invalidData, errors);
  }
  if (await isAddressBlocked(env, request)) return apiError(403, BLOCKED_ADDRESS_MESSAGE);
  const outcome = await createWebLink(env, creator, submission.value, now);
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : undefined);
  return json({ data: [createdItem(env, request, outcome.link, outcome.tags)] });
}

/** POST .../team/{t}/bulk/csv and .../personal/bulk/csv: the bulk upload (multipart) into that workspace. */
export async function organizationBulkCall(args: Args, scope: "team" | "personal"): Promise<Response> {
  if (args.request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  const scoped = await requireScope(args, scope, "create");
  const creator = await organizationCreator(scoped);
  const target: BulkTarget = {
    workspaceId: creator.workspaceId,
    organizationId: scoped.access.organization.id,
    subject: creator.subject,
    subscribed: creator.subscribed,
    teamId: scoped.teamId,
  };
  const { status, reply } = await bulkUploadAction(getCloudflare(args.context).env, args.request, scoped.access.viewer, target);
  if (reply.errors) {
    const errors = Object.fromEntries(Object.entries(reply.errors).filter(([key]) => key !== "form"));
    return apiError(
      status,
      reply.errors.form?.[0] ?? Object.values(reply.errors)[0]?.[0] ?? API_MESSAGES.generic,
      Object.keys(errors).length ? errors : undefined,
    );
  }
  return json({ total: reply.total });
}

/** Links a page of the organization URL lists holds. */
export const ORGANIZATION_URLS_PAGE_SIZE = 25;
const LIST_STATES: readonly LinkListState[] = ["available", "active", "expired", "archived", "all"];

export function toListedLink(env: AppEnv, request: Request, link: Link & { tags: string[] }) {
  return {
    id: link.id,
    domain: link.domain,
    alias: link.alias,
    url: link.url,
    tiny_url: shortUrl(env, request, link),
    description: link.description,
    tags: link.tags,
    archived: link.status === "archived",
    // Trust and safety (decision 036): why the link is held from redirecting, as the dashboard says it; null when it is not.
    blocked: link.blocked ? BLOCK_LABELS[link.blocked] : null,
    expires_at: link.expiresAt ? link.expiresAt.toISOString() : null,
    created_at: link.createdAt.toISOString(),
    workspace_id: link.workspaceId,
  };
}

/**
 * GET .../urls/{state} (organization, team or personal): state 'available' by default, `?page=`,
 * `?search=type:query`; answers {data, next} where next is the next page number or null.
 */
export async function organizationUrlsCall(args: Args, scope: OrganizationScope): Promise<Response> {
  if (args.request.method !== "GET") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET" });
  const scoped = await requireScope(args, scope, "read");
  const state = (args.params.state ?? "available") as LinkListState;
  if (!LIST_STATES.includes(state)) return apiError(404, API_MESSAGES.notFound);
  const params = new URL(args.request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const search = parseLinkSearch(params.get("search") ?? "");
  const env = getCloudflare(args.context).env;
  if (scope !== "organization" && !scoped.workspaceId) return json({ data: [], next: null });
  const { links, total } = await listUserLinks(scoped.access.db, {
    workspaceId: scope === "organization" ? { organizationId: scoped.access.organization.id } : scoped.workspaceId!,
    search,
    state,
    sort: "newest",
    page,
    pageSize: ORGANIZATION_URLS_PAGE_SIZE,
  });
  const next = page * ORGANIZATION_URLS_PAGE_SIZE < total ? page + 1 : null;
  return json({ data: links.map((link) => toListedLink(env, args.request, link)), next });
}

/** GET .../team/{t}/alias/{alias} and .../personal/alias/{alias}: one link of the workspace on the default domain (404 otherwise). */
export async function organizationAliasCall(args: Args, scope: "team" | "personal"): Promise<Response> {
  if (args.request.method !== "GET") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "GET" });
  const scoped = await requireScope(args, scope, "read");
  const env = getCloudflare(args.context).env;
  const alias = args.params.alias ?? "";
  const domain = new URL(args.request.url).searchParams.get("domain") ?? env.SHORT_HOST;
  const link = scoped.workspaceId ? await getUserLinkByDomainAlias(scoped.access.db, scoped.workspaceId, domain, alias) : undefined;
  if (!link) return apiError(404, API_MESSAGES.notFound);
  return json({ data: toListedLink(env, args.request, link) });
}
