/**
 * The signed-in creation form on the server: what the form needs to render (capabilities, domains,
 * the default expiry, saved presets), the create action shared by every page that shows the form,
 * and the result view of a created link.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getDb } from "../../db/client.server";
import { AliasTakenError, createLink, getLinkById, getUserLinkByAlias, type Link } from "../../db/links.server";
import { listLinkTags, setLinkTags } from "../../db/tags.server";
import { getUsage } from "../../db/usage.server";
import { getOveragesEnabled } from "../../db/users.server";
import { listUtmPresets } from "../../db/utm-presets.server";
import { canBulkCreate } from "../../domain/bulk";
import {
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
import { atActiveAliasLimit, can } from "../../domain/entitlements";
import { addIsoDuration, expiryBounds, toUtcInputValue } from "../../domain/expiry";
import { MESSAGES } from "../../domain/messages";
import { getPlan } from "../../domain/plans";
import { hasUtm, SAMPLE_UTM_PRESETS } from "../../domain/utm";
import type { AppEnv } from "../env.server";
import { CREATE_LINK_PATH, createLinkSchema, type CreateFormData, type CreateReply, type LinkResultData } from "../forms/create-link";
import type { Viewer } from "../session.server";
import { destinationContext, linkStores, shortUrl } from "./links.server";
import { qrCodeSvg } from "./qr.server";

/** The common short domains: the default host and SHORT_DOMAINS (domain/domains.ts). */
export function shortDomainsOf(env: Pick<AppEnv, "SHORT_HOST" | "SHORT_DOMAINS">): ShortDomain[] {
  return creatableDomains(env.SHORT_HOST, parseShortDomains(env.SHORT_DOMAINS));
}

export function userChooser(viewer: Viewer): DomainChooser {
  return { kind: "user", emailVerified: viewer.user.emailVerified, subscribed: viewer.subscribed };
}

/**
 * The posted domain checked against the table for this chooser: the domain, or the message to
 * show under the domain field (spec 02 §5, §8). An empty value is the form's starting domain.
 */
export function resolveDomain(
  env: Pick<AppEnv, "SHORT_HOST" | "SHORT_DOMAINS">,
  chooser: DomainChooser,
  posted: string | null | undefined,
): { domain: ShortDomain } | { error: string } {
  const domains = shortDomainsOf(env);
  const domain = posted ? findDomain(domains, posted) : initialDomain(domains, chooser, env.SHORT_HOST);
  if (!domain) return { error: posted ? DOMAIN_MESSAGES.invalid : DOMAIN_MESSAGES.notFound };
  const lock = domainLock(domain, chooser);
  return lock ? { error: domainLockMessage(lock) } : { domain };
}

/** QR code size on screen (spec 02 §9). */
export const QR_SCREEN_SIZE = 127;

/** Pages the form may return to after the UTM builder or an error; anything else is the homepage. */
const RETURN_PATHS = ["/", "/dashboard", CREATE_LINK_PATH] as const;

export function safeReturnPath(value: unknown): string {
  return RETURN_PATHS.find((path) => path === value) ?? "/";
}

/**
 * Custom aliases need the capability and, for users without a subscription, a verified email
 * (spec 02 §6); the reason a user may not choose one, or null when they may.
 */
export function customAliasLock(viewer: Viewer): "plan" | "verify" | null {
  if (!can(viewer.subject, "use_custom_alias")) return "plan";
  if (!viewer.user.emailVerified && !viewer.subscribed) return "verify";
  return null;
}

export async function loadCreateForm(env: AppEnv, request: Request, viewer: Viewer, now = new Date()): Promise<CreateFormData> {
  const canExpiry = can(viewer.subject, "manage_expiration");
  const lifetime = getPlan(viewer.subject.plan).options.alias_lifetime;
  const defaultExpiry = canExpiry && lifetime ? addIsoDuration(now, lifetime) : null;
  const bounds = expiryBounds(now);
  const own = canExpiry ? await listUtmPresets(getDb(env.DB), viewer.user.id) : [];
  const params = new URL(request.url).searchParams;
  const url = params.get("url") ?? "";
  const domains = shortDomainsOf(env);
  const chooser = userChooser(viewer);
  const bulk = canBulkCreate(viewer.subject) && !viewer.pastDueTrial;
  return {
    domains: domainOptions(domains, chooser),
    defaultDomain: initialDomain(domains, chooser, env.SHORT_HOST)?.domain ?? null,
    siteHost: new URL(request.url).host,
    aliasLock: customAliasLock(viewer),
    canTags: can(viewer.subject, "use_tags"),
    canExpiry,
    defaultExpiry: defaultExpiry ? toUtcInputValue(defaultExpiry) : null,
    expiryMin: toUtcInputValue(bounds.min),
    expiryMax: toUtcInputValue(bounds.max),
    presets: [...SAMPLE_UTM_PRESETS, ...own],
    url: url.slice(0, 4096),
    utmOn: hasUtm(url),
    canBulk: bulk,
    mode: bulk && params.get("mode") === "bulk" ? "bulk" : "single",
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

/** The create action: validation, every capability, the plan limit, then the write. */
export async function createLinkAction(env: AppEnv, request: Request, viewer: Viewer, formData: FormData, now = new Date()) {
  const submission = parseWithZod(formData, { schema: createLinkSchema(destinationContext(env, request), now) });
  if (submission.status !== "success") return reply(submission.reply(), 422);
  const value = submission.value;

  if (!can(viewer.subject, "create_snip_url")) return reply(submission.reply({ formErrors: [MESSAGES.permissionDenied] }), 403);
  if (value.alias && customAliasLock(viewer) !== null)
    return reply(submission.reply({ fieldErrors: { alias: [MESSAGES.permissionDenied] } }), 403);
  if (value.expiresAt && !can(viewer.subject, "manage_expiration"))
    return reply(submission.reply({ fieldErrors: { expires_at: [MESSAGES.permissionDenied] } }), 403);
  // Without the tags capability the tags are dropped from the payload (spec 02 §5).
  const tags = can(viewer.subject, "use_tags") ? value.tags : [];

  const chosen = resolveDomain(env, userChooser(viewer), value.domain);
  if ("error" in chosen) return reply(submission.reply({ fieldErrors: { domain: [chosen.error] } }), 422);
  const domain = chosen.domain.domain;

  const db = getDb(env.DB);
  if (await atPlanLimit(env, viewer, now))
    return reply(submission.reply({ formErrors: [`${MESSAGES.planLimitTitle}. ${MESSAGES.planLimitBody}`] }), 403, true);

  // Without the expiry capability a link gets the plan's default lifetime, if it has one.
  const lifetime = getPlan(viewer.subject.plan).options.alias_lifetime;
  const expiresAt = can(viewer.subject, "manage_expiration") ? value.expiresAt : lifetime ? addIsoDuration(now, lifetime) : null;

  let link: Link;
  try {
    link = await createLink(
      linkStores(env),
      { domain, url: value.url, alias: value.alias ?? undefined, userId: viewer.user.id, description: value.description, expiresAt },
      now,
    );
  } catch (error) {
    if (error instanceof AliasTakenError) return reply(submission.reply({ fieldErrors: { alias: [MESSAGES.aliasTaken] } }), 422);
    throw error;
  }
  await setLinkTags(db, viewer.user.id, link.id, tags, now);
  return redirect(afterCreatePath(viewer, link));
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
  if (!link || link.userId !== viewer.user.id) return null;
  const short = shortUrl(env, request, link);
  const [tags, qrSvg] = await Promise.all([listLinkTags(db, link.id), qrCodeSvg(short, QR_SCREEN_SIZE)]);
  return {
    id: link.id,
    alias: link.alias,
    longUrl: link.url,
    shortUrl: short,
    tags,
    expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
    qrSvg,
    showMyUrls: !can(viewer.subject, "use_analytics"),
  };
}
