/**
 * The signed-in creation form on the server: what the form needs to render (capabilities, domains,
 * the default expiry, saved presets), the create action shared by every page that shows the form,
 * and the result view of a created link.
 */
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "./blocked-addresses.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getDb } from "../../db/client.server";
import { AliasTakenError, createLink, getLinkById, getUserLinkByAlias, type Link } from "../../db/links.server";
import { linkTagsAddition, listLinkTags } from "../../db/tags.server";
import { listPixels, pixelsJson } from "../../db/pixels.server";
import { countLinksToUrls, getUsage, refundMetered, spendMetered } from "../../db/usage.server";
import { creationLimitMessage, creationLimitReached, WEB_CREDIT_COST, webCreditsMessage } from "../../domain/creation-limits";
import { getOveragesEnabled } from "../../db/users.server";
import { getWorkspaceOverages } from "../../db/overages.server";
import { listUtmPresets } from "../../db/utm-presets.server";
import { canBulkCreate } from "../../domain/bulk";
import { listBrandedDomains, listTeamUsableDomains, countLinksOnHostsSince } from "../../db/branded-domains.server";
import { brandedAliasRefusal } from "../../domain/branded-domains";
import {
  brandedShortDomain,
  creatableDomains,
  domainLock,
  domainLockMessage,
  domainOptions,
  DOMAIN_MESSAGES,
  findDomain,
  initialDomain,
  parseShortDomains,
  type DomainChooser,
  type ShortDomain,
} from "../../domain/domains";
import { atActiveAliasLimit, can, limitOf, routesApplication, routesLimit, type Subject } from "../../domain/entitlements";
import { toCompactRoutes, type RouteRule } from "../../domain/redirect-routes";
import { ROUTE_MESSAGES, routesTooMany } from "../forms/link-routes";
import { OVERAGE_REPORT_JOB } from "../../domain/overage";
import { addIsoDuration, expiryBounds, toUtcInputValue } from "../../domain/expiry";
import { safeReturnPath as sameSitePath } from "../../domain/return-path";
import { MESSAGES } from "../../domain/messages";
import { getPlan } from "../../domain/plans";
import { hasUtm, SAMPLE_UTM_PRESETS } from "../../domain/utm";
import type { AppEnv } from "../env.server";
import {
  CREATE_LINK_PATH,
  createLinkSchema,
  readCreatePrefill,
  type CreateFormData,
  type CreateReply,
  type LinkResultData,
  type OrganizationFormTarget,
} from "../forms/create-link";
import type { Viewer } from "../session.server";
import { destinationContext, linkStores, shortUrl } from "./links.server";
import { qrCodeSvg } from "./qr.server";

/** The common short domains: the default host and SHORT_DOMAINS (domain/domains.ts). */
export function shortDomainsOf(env: Pick<AppEnv, "SHORT_HOST" | "SHORT_DOMAINS">): ShortDomain[] {
  return creatableDomains(env.SHORT_HOST, parseShortDomains(env.SHORT_DOMAINS));
}

/**
 * The domains a creator may choose from (docs/decisions/035): the common ones plus, when the plan
 * allows branded domains, the workspace's own verified branded domains and vanity subdomains
 * (type "organization"). Unverified, lapsed and other workspaces' domains are not in the list, so
 * the server refuses them like any unknown domain.
 */
export async function domainsFor(
  env: AppEnv,
  creator: Pick<LinkCreator, "workspaceId" | "subject" | "organizationId" | "teamId">,
): Promise<ShortDomain[]> {
  const common = parseShortDomains(env.SHORT_DOMAINS);
  if (!can(creator.subject, "use_branded_domains")) return creatableDomains(env.SHORT_HOST, common);
  const db = getDb(env.DB);
  // A team's workspace also gets its organization's domains for all teams and those assigned to it (decision 044).
  const teamId = creator.organizationId ? (creator.teamId ?? null) : null;
  const [own, organization] = await Promise.all([
    listBrandedDomains(db, teamId ?? creator.workspaceId),
    teamId ? listTeamUsableDomains(db, creator.organizationId!, teamId) : Promise.resolve([]),
  ]);
  // A domain stopped by Snip staff (decision 045) serves nothing, so nothing new is made on it.
  const hosts = [...own.filter((d) => d.status === "active" && !d.disabledAt), ...organization].map((d) => brandedShortDomain(d.hostname));
  return creatableDomains(env.SHORT_HOST, [...common, ...hosts]);
}

/** Links created on branded hosts this calendar month (UTC) against max_branded_aliases_per_month. */
async function brandedAliasLimitRefusal(env: AppEnv, creator: LinkCreator, domains: ShortDomain[], now: Date): Promise<string | null> {
  const hosts = domains.filter((d) => d.type === "organization").map((d) => d.domain);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return brandedAliasRefusal(creator.subject, await countLinksOnHostsSince(getDb(env.DB), creator.workspaceId, hosts, monthStart));
}

export function userChooser(viewer: Viewer | LinkCreator): DomainChooser {
  const who = "user" in viewer ? creatorOf(viewer) : viewer;
  return { kind: "user", emailVerified: who.emailVerified, subscribed: who.subscribed };
}

/**
 * The posted domain checked against the table for this chooser: the domain, or the message to
 * show under the domain field (spec 02 §5, §8). An empty value is the form's starting domain.
 */
export function resolveDomain(
  env: Pick<AppEnv, "SHORT_HOST" | "SHORT_DOMAINS">,
  chooser: DomainChooser,
  posted: string | null | undefined,
  domains: ShortDomain[] = shortDomainsOf(env),
): { domain: ShortDomain } | { error: string } {
  const domain = posted ? findDomain(domains, posted) : initialDomain(domains, chooser, env.SHORT_HOST);
  if (!domain) return { error: posted ? DOMAIN_MESSAGES.invalid : DOMAIN_MESSAGES.notFound };
  const lock = domainLock(domain, chooser);
  return lock ? { error: domainLockMessage(lock) } : { domain };
}

/** QR code size on screen (spec 02 §9). */
export const QR_SCREEN_SIZE = 127;

/**
 * Pages the form may return to after the UTM builder or an error: the pages that show it (an
 * organization's dashboard, the user's own page there and a team's page too); anything else is the
 * homepage.
 */
const RETURN_PATHS = ["/", "/dashboard", CREATE_LINK_PATH] as const;
const ORGANIZATION_FORM_PAGE = /^\/app\/organizations\/[^/?#]+\/(?:dashboard|me|team\/[^/?#]+)$/;

export function safeReturnPath(value: unknown): string {
  const path = sameSitePath(value, "/");
  if (ORGANIZATION_FORM_PAGE.test(path)) return path;
  return RETURN_PATHS.find((allowed) => allowed === path) ?? "/";
}

/**
 * Custom aliases need the capability and, for users without a subscription, a verified email
 * (spec 02 §6); the reason a user may not choose one, or null when they may.
 */
export function customAliasLock(creator: Viewer | LinkCreator): "plan" | "verify" | null {
  const who = "user" in creator ? creatorOf(creator) : creator;
  if (!can(who.subject, "use_custom_alias")) return "plan";
  if (!who.emailVerified && !who.subscribed) return "verify";
  return null;
}

/**
 * Who creates a link: a signed-in viewer (the web form) or an API token's owner, and the
 * workspace the link goes to (docs/decisions/027): their personal one (its id is theirs), a
 * team's, or theirs inside an organization. `subject` holds the capabilities in force there.
 */
export interface LinkCreator {
  userId: string;
  workspaceId: string;
  /** Set when the workspace is inside an organization: its changes are audited there. */
  organizationId?: string | null;
  /** Set when the workspace is a team's: the organization's domains it may use join its list (decision 044). */
  teamId?: string | null;
  subject: Subject;
  subscribed: boolean;
  emailVerified: boolean;
  /** When the plan in force ends (a cancelled plan), for how long its redirect routes apply; null or absent: no end. */
  planEndsAt?: Date | null;
}

export function creatorOf(viewer: Viewer): LinkCreator {
  return {
    userId: viewer.user.id,
    workspaceId: viewer.user.id,
    subject: viewer.subject,
    subscribed: viewer.subscribed,
    emailVerified: viewer.user.emailVerified,
    planEndsAt: viewer.subscription?.endsAt ?? null,
  };
}

/** A create request already through its schema (the web form's or the API's). */
export interface CreateLinkInput {
  url: string;
  domain: string | null;
  alias: string | null;
  description: string | null;
  tags: string[];
  expiresAt: Date | null;
  /** Redirect routes (docs/decisions/037), already through routesSchema; needs redirect_routes. */
  routes?: RouteRule[];
  /** Pixel scripts (docs/decisions/047): the link fires its workspace's pixels; needs update_snip_url, as on the editor. */
  pixels?: boolean;
}

/** Why a create was refused: the HTTP status, the field (or none: the whole form) and the message. */
export type CreateLinkRefusal = {
  ok: false;
  status: 403 | 422;
  field: "alias" | "expires_at" | "domain" | "routes" | "pixels" | null;
  message: string;
  planLimit?: boolean;
};
export type CreateLinkOutcome = { ok: true; link: Link; tags: string[] } | CreateLinkRefusal;

const refuse = (status: 403 | 422, field: CreateLinkRefusal["field"], message: string, planLimit = false): CreateLinkRefusal => ({
  ok: false,
  status,
  field,
  message,
  planLimit,
});

/**
 * The rules every creation follows, wherever it comes from (the web form, the REST API, bulk):
 * every capability, the domain, the plan's active-alias limit, the default lifetime, then the
 * write (through to KV) and the tags.
 */
export async function createUserLink(
  env: AppEnv,
  creator: LinkCreator,
  value: CreateLinkInput,
  now = new Date(),
): Promise<CreateLinkOutcome> {
  if (!can(creator.subject, "create_snip_url")) return refuse(403, null, MESSAGES.permissionDenied);
  if (value.alias && customAliasLock(creator) !== null) return refuse(403, "alias", MESSAGES.permissionDenied);
  if (value.expiresAt && !can(creator.subject, "manage_expiration")) return refuse(403, "expires_at", MESSAGES.permissionDenied);
  if (value.routes?.length && !can(creator.subject, "redirect_routes")) return refuse(403, "routes", ROUTE_MESSAGES.notInPlan);
  if (value.routes && value.routes.length > routesLimit(creator.subject))
    return refuse(403, "routes", routesTooMany(routesLimit(creator.subject)));
  // Pixel scripts (docs/decisions/047): the same capability as opting in on the editor.
  if (value.pixels && !can(creator.subject, "update_snip_url")) return refuse(403, "pixels", MESSAGES.permissionDenied);
  // Without the tags capability the tags are dropped from the payload (spec 02 §5).
  const tags = can(creator.subject, "use_tags") ? value.tags : [];

  const domains = await domainsFor(env, creator);
  const chosen = resolveDomain(env, userChooser(creator), value.domain, domains);
  if ("error" in chosen) return refuse(422, "domain", chosen.error);
  const domain = chosen.domain.domain;
  if (chosen.domain.type === "organization") {
    const refusal = await brandedAliasLimitRefusal(env, creator, domains, now);
    if (refusal) return refuse(403, "domain", refusal, true);
  }

  const db = getDb(env.DB);
  const { usage, overages, refusal } = await creationLimits(db, creator, value.url, now);
  if (refusal) return refusal;

  // Without the expiry capability a link gets the plan's default lifetime, if it has one.
  const lifetime = getPlan(creator.subject.plan).options.alias_lifetime;
  const expiresAt = can(creator.subject, "manage_expiration") ? value.expiresAt : lifetime ? addIsoDuration(now, lifetime) : null;

  // Opting in copies the workspace's pixels as they are now (the link's own workspace, never another's).
  const pixels = value.pixels ? pixelsJson(await listPixels(db, creator.workspaceId)) : null;

  let link: Link;
  try {
    link = await createLink(
      linkStores(env, creator),
      {
        domain,
        url: value.url,
        alias: value.alias ?? undefined,
        userId: creator.userId,
        workspaceId: creator.workspaceId,
        description: value.description,
        expiresAt,
        pixels,
        ...(value.routes?.length
          ? {
              routes: JSON.stringify(toCompactRoutes(value.routes)),
              ...routesApplication(creator.subject, creator.planEndsAt ?? null),
            }
          : {}),
      },
      now,
      // The tags go in with the link: never a link without the tags it was asked with.
      (row) => linkTagsAddition(db, creator, row.id, tags, now),
    );
  } catch (error) {
    if (error instanceof AliasTakenError) return refuse(422, "alias", MESSAGES.aliasTaken);
    throw error;
  }
  if (overages) await reportOverage(env, creator, usage.activeAliases + 1);
  return { ok: true, link, tags: [...new Set(tags)].sort() };
}

/**
 * The workspace's usage and whether a plan limit on creating links refuses a link to `url`
 * (domain/creation-limits.ts; the active-link limit opens the plan-limit dialog).
 */
async function creationLimits(db: ReturnType<typeof getDb>, creator: LinkCreator, url: string, now: Date) {
  const [usage, overages, perUrl] = await Promise.all([
    getUsage(db, creator.workspaceId, now),
    overagesOn(db, creator, now),
    countLinksToUrls(db, creator.workspaceId, [url]),
  ]);
  const reached = creationLimitReached(creator.subject, usage, perUrl.get(url) ?? 0, overages);
  const refusal = reached ? refuse(403, null, creationLimitMessage(creator.subject, reached), reached === "max_active_aliases") : null;
  return { usage, overages, refusal };
}

/**
 * A create through the web app (the forms and the JSON calls of spec 02 §7; the REST API spends
 * API credits instead): one web credit against the plan's max_web_credits this month, spent
 * before the create by a conditional write (concurrent creates cannot overdraw) and given back
 * when the create is refused. With overages on, the allowance does not refuse.
 */
export async function createWebLink(
  env: AppEnv,
  creator: LinkCreator,
  value: CreateLinkInput,
  now = new Date(),
): Promise<CreateLinkOutcome> {
  const db = getDb(env.DB);
  // Overages lift the allowance as they lift the monthly limit (docs/decisions/038, 046): the
  // links past it are billed, not refused; the credits are still counted.
  const overages = await overagesOn(db, creator, now);
  const limit = overages ? null : limitOf(creator.subject, "max_web_credits");
  const spent = await spendMetered(db, creator.workspaceId, "web_credits", WEB_CREDIT_COST, limit, now);
  if (!spent) {
    // A plan limit on creating links answers first, with its dialog (spec 02 §8): on the free plan
    // the 100 web credits run out with the 100 active links.
    const { refusal } = await creationLimits(db, creator, value.url, now);
    return refusal ?? refuse(403, null, webCreditsMessage(creator.subject));
  }
  const outcome = await createUserLink(env, creator, value, now).catch(async (error: unknown) => {
    await refundMetered(db, creator.workspaceId, "web_credits", WEB_CREDIT_COST, now);
    throw error;
  });
  if (!outcome.ok) await refundMetered(db, creator.workspaceId, "web_credits", WEB_CREDIT_COST, now);
  return outcome;
}

/**
 * Whether overages are on where the creator creates (docs/decisions/052): in the personal
 * workspace the user's switch, with a subscription; in an organization's workspace the switch of
 * the paid subscription in force there (the team's, else the organization's).
 */
async function overagesOn(db: ReturnType<typeof getDb>, creator: LinkCreator, now: Date): Promise<boolean> {
  if (creator.workspaceId === creator.userId) return creator.subscribed ? getOveragesEnabled(db, creator.userId) : false;
  return (await getWorkspaceOverages(db, creator.workspaceId, now))?.on ?? false;
}

/**
 * A create past the active-alias limit with overages on: the queue reports any newly started
 * block to the card provider's meter (workers/queue/src/overage.ts). A failed send is logged,
 * never the create's failure: the next create past the limit reports what is missing.
 */
async function reportOverage(env: AppEnv, creator: LinkCreator, activeAliases: number): Promise<void> {
  const limit = limitOf(creator.subject, "max_active_aliases");
  if (!env.STRIPE_SECRET_KEY || limit === null || activeAliases <= limit) return;
  try {
    await env.JOBS.send({
      type: OVERAGE_REPORT_JOB,
      v: 1,
      id: crypto.randomUUID(),
      payload: { workspaceId: creator.workspaceId, activeLimit: limit },
    });
  } catch (error) {
    console.error("overage report not queued", error instanceof Error ? error.message : error);
  }
}

export async function loadCreateForm(
  env: AppEnv,
  request: Request,
  viewer: Viewer,
  now = new Date(),
  /** Inside an organization: the capabilities of the selected workspace and where the forms post. */
  within?: { creator: LinkCreator; organization: OrganizationFormTarget },
): Promise<CreateFormData> {
  const who: LinkCreator = within?.creator ?? creatorOf(viewer);
  const canExpiry = can(who.subject, "manage_expiration");
  const lifetime = getPlan(who.subject.plan).options.alias_lifetime;
  const defaultExpiry = canExpiry && lifetime ? addIsoDuration(now, lifetime) : null;
  const bounds = expiryBounds(now);
  const own = canExpiry ? await listUtmPresets(getDb(env.DB), viewer.user.id) : [];
  const params = new URL(request.url).searchParams;
  const url = params.get("url") ?? "";
  // Without JavaScript the UTM builder page hands back the URL and the form's other fields.
  const prefill = url ? readCreatePrefill(params) : {};
  const domains = await domainsFor(env, who);
  const chooser = userChooser(who);
  const bulk = canBulkCreate(who.subject) && !viewer.pastDueTrial;
  return {
    domains: domainOptions(domains, chooser),
    defaultDomain: initialDomain(domains, chooser, env.SHORT_HOST)?.domain ?? null,
    siteHost: new URL(request.url).host,
    aliasLock: customAliasLock(who),
    canTags: can(who.subject, "use_tags"),
    canExpiry,
    defaultExpiry: defaultExpiry ? toUtcInputValue(defaultExpiry) : null,
    expiryMin: toUtcInputValue(bounds.min),
    expiryMax: toUtcInputValue(bounds.max),
    presets: [...SAMPLE_UTM_PRESETS, ...own],
    url: url.slice(0, 4096),
    utmOn: hasUtm(url),
    prefill,
    canBulk: bulk,
    mode: bulk && params.get("mode") === "bulk" ? "bulk" : "single",
    ...(within ? { organization: within.organization } : {}),
  };
}

/** At 100% of the plan's active aliases without overages (spec 02 §4 plan-limit gate, §9). */
export async function atPlanLimit(env: AppEnv, viewer: Viewer, now = new Date()): Promise<boolean> {
  const db = getDb(env.DB);
  const [usage, overages] = await Promise.all([
    getUsage(db, viewer.user.id, now),
    viewer.subscribed ? getOveragesEnabled(db, viewer.user.id) : false,
  ]);
  return atActiveAliasLimit(viewer.subject, usage.activeAliases, overages);
}

function reply(result: SubmissionResult<string[]>, status: number, planLimit = false) {
  return data<CreateReply>({ result, planLimit }, { status });
}

/** Where the creator goes after a create: analytics users to the homepage with alias and active (spec 02 §2). */
export function afterCreatePath(viewer: Viewer, link: Link): string {
  return can(viewer.subject, "use_analytics") ? `/?alias=${encodeURIComponent(link.alias)}&active=true` : `/?created=${link.id}`;
}

/**
 * The fields the signed-in form shows for a creator (spec 02 §2, §5): the URL, domain and alias
 * always; tags and the advanced options (expiry) only with their capability; the team selector,
 * the description and the pixel opt-in where the page has them (an organization's). A message is
 * shown under one of these, or as the form's own: never under a field the form does not render.
 */
export function formFieldsShown(subject: Subject, extra: readonly string[] = []): ReadonlySet<string> {
  const shown = new Set(["url", "domain", "alias", ...extra]);
  if (can(subject, "use_tags")) shown.add("tags");
  if (can(subject, "manage_expiration")) shown.add("expires_at");
  return shown;
}

/** A reply's errors on fields the form does not show, moved to the form's own errors (so none is invisible). */
export function errorsOnShownFields(result: SubmissionResult<string[]>, shown: ReadonlySet<string>): SubmissionResult<string[]> {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = {};
  const moved: string[] = [];
  for (const [key, messages] of Object.entries(result.error)) {
    const field = key.split(/[[.]/, 1)[0]!;
    if (key === "" || shown.has(field)) error[key] = messages;
    else moved.push(...(messages ?? []));
  }
  if (moved.length === 0) return result;
  error[""] = [...new Set([...(error[""] ?? []), ...moved])];
  return { ...result, error };
}

/**
 * What the web forms ask before reading a create (spec 02 §5): without the tags capability the tags
 * are dropped from the payload; an expiry from a creator without the expiry capability (the form
 * has no such field for them: a tampered post) is refused as the form's "Permission denied.",
 * before its value is checked.
 */
export function webFormPreflight(subject: Subject, formData: FormData): { status: 403; message: string } | null {
  if (!can(subject, "use_tags")) formData.delete("tags");
  if (formData.get("expires") !== "on" || can(subject, "manage_expiration")) return null;
  // Its value is not checked: a user without the capability learns nothing of the expiry's rules.
  for (const name of ["expires", "expires_at", "expires_local"]) formData.delete(name);
  return { status: 403, message: MESSAGES.permissionDenied };
}

/** A refused create as the form shows it: under its field when the form shows that field, else as the form's own. */
export function refusalReply(
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  outcome: CreateLinkRefusal,
  shown: ReadonlySet<string>,
): SubmissionResult<string[]> {
  const errors =
    outcome.field && shown.has(outcome.field) ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
  return submission.reply(errors);
}

/** The create action: the form's schema, then the shared rules of createUserLink. */
export async function createLinkAction(env: AppEnv, request: Request, viewer: Viewer, formData: FormData, now = new Date()) {
  const creator = creatorOf(viewer);
  const shown = formFieldsShown(creator.subject);
  const denied = webFormPreflight(creator.subject, formData);
  const submission = parseWithZod(formData, { schema: createLinkSchema(await destinationContext(env, request), now) });
  if (denied) return reply(errorsOnShownFields(submission.reply({ formErrors: [denied.message] }), shown), denied.status);
  if (submission.status !== "success") return reply(errorsOnShownFields(submission.reply(), shown), 422);
  if (await isAddressBlocked(env, request)) return reply(submission.reply({ formErrors: [BLOCKED_ADDRESS_MESSAGE] }), 403);
  const outcome = await createWebLink(env, creator, submission.value, now);
  if (!outcome.ok) return reply(refusalReply(submission, outcome, shown), outcome.status, outcome.planLimit);
  return redirect(afterCreatePath(viewer, outcome.link));
}

/**
 * The result view for the link named by the query: `created={id}` or `alias={alias}&active=true`,
 * only for the viewer's own link; null otherwise.
 */
export async function loadLinkResult(env: AppEnv, request: Request, viewer: Viewer): Promise<LinkResultData | null> {
  const params = new URL(request.url).searchParams;
  const db = getDb(env.DB);
  const createdId = params.get("created");
  const alias = params.get("alias");
  let link: Link | undefined;
  if (createdId) link = await getLinkById(db, createdId);
  else if (alias && params.get("active") === "true") link = await getUserLinkByAlias(db, viewer.user.id, alias);
  if (!link || link.workspaceId !== viewer.user.id) return null;
  return linkResultView(env, request, link, await listLinkTags(db, link.id), !can(viewer.subject, "use_analytics"));
}

/** The result view of a link its creator may see (a signed-in user's, or a guest's own: spec 02 §2). */
export async function linkResultView(
  env: AppEnv,
  request: Request,
  link: Link,
  tags: string[],
  showMyUrls: boolean,
): Promise<LinkResultData> {
  const short = shortUrl(env, request, link);
  return {
    id: link.id,
    alias: link.alias,
    longUrl: link.url,
    shortUrl: short,
    tags,
    expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
    qrSvg: await qrCodeSvg(short, QR_SCREEN_SIZE),
    showMyUrls,
  };
}
