/**
 * GET /app/api/state (spec 01 §7): the user, their subscriptions with the derived flags of
 * domain/subscription.ts, the preferred billing provider, and the app settings the browser needs.
 * With teams (issue 16, docs/decisions/029): `user.teams` (id, slug, name, organization slug,
 * membership.role; archived hidden, sorted by name), `user.current_team_id` (the stored current
 * team while it is still one of those, else null), `user.organizations` (slug, name,
 * status.archived, owner) and `user.team_mode`; `app.teamsAllowed` is domain/teams.ts `teamsAllowed` (guard T's rule).
 *
 * The call contract (issue 20, docs/decisions/039): every field spec 01 §3 names for the User is
 * under `user` by the spec's name (limits.limit.web and limits.used.web, options.alias_lifetime,
 * domains, last_read_announcements_at, isSurveyEnabled, subscriptions, billing_customers...), and
 * the global app state under `app` by the spec's names (flashMessages, teamsAllowed, recaptcha,
 * anti_robot, locale, locales, currency, CCPA, GDPR, surveyEnabled, operationsCosts, impersonated),
 * beside the older names the pages and tests read (antiRobot, cookiesAccepted, ccpaAccepted, the
 * top-level subscriptions). tests/e2e/state-contract.spec.ts holds the shapes.
 */
import type { RouterContextProvider } from "react-router";
import { getUserSubscriptions } from "../../db/accounts.server";
import { getDb } from "../../db/client.server";
import { listUserOrganizations } from "../../db/teams.server";
import { getUsage } from "../../db/usage.server";
import { getUserStateFields, listBillingCustomers } from "../../db/user-state.server";
import { API_CALL_COST, bulkCost } from "../../domain/api";
import { getPlan } from "../../domain/plans";
import {
  isActive,
  isFree,
  isIncomplete,
  isPastDue,
  isPastDueTrial,
  needsAction,
  onGracePeriod,
  onTrial,
  renewalDate,
  type Subscription,
} from "../../domain/subscription";
import { getCloudflare } from "../context.server";
import { readConsent } from "../cookies.server";
import type { Viewer } from "../session.server";
import { availableBillingTypes } from "./billing/select.server";
import { readDevClient } from "./dev-client.server";
import { takeFlash } from "./flash.server";
import { loadTeamMode } from "./teams/team-mode.server";
import { listBrandedDomains } from "../../db/branded-domains.server";
import { photoUrl } from "./nav.server";
import { clientIp, isWhitelisted, turnstileConfig } from "./turnstile.server";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function subscriptionJson(sub: Subscription | null, now: Date) {
  if (!sub) return null;
  return {
    name: sub.name,
    interval: sub.interval,
    amount: sub.amount,
    currency: sub.currency.toUpperCase(),
    quantity: sub.quantity,
    type: sub.type,
    billing_status: sub.billingStatus,
    ends_at: iso(sub.endsAt),
    trial_ends_at: iso(sub.trialEndsAt),
    period_starts_at: iso(sub.periodStartsAt),
    period_ends_at: iso(sub.periodEndsAt),
    created_at: iso(sub.createdAt),
    updated_at: iso(sub.updatedAt),
    renewal_date: iso(renewalDate(sub)),
    active: isActive(sub, now),
    onTrial: onTrial(sub, now),
    onGracePeriod: onGracePeriod(sub, now),
    isPastDue: isPastDue(sub),
    isIncomplete: isIncomplete(sub),
    needsAction: needsAction(sub, now),
    isFree: isFree(sub),
    isPastDueTrial: isPastDueTrial(sub),
  };
}

async function appSettings(
  request: Request,
  context: Readonly<RouterContextProvider>,
  viewer: Viewer | null,
  surveyEnabled: boolean,
  teamsAllowed = false,
) {
  const consent = await readConsent(request);
  const { env } = getCloudflare(context);
  const turnstile = turnstileConfig(env, await readDevClient(env, request));
  const antiRobot = { site_key: turnstile?.siteKey ?? null, whitelist: turnstile ? isWhitelisted(turnstile, clientIp(request)) : false };
  return {
    /** Messages an action or a guard left for this load (domain/flash.ts), taken: shown once. */
    flashMessages: takeFlash(context),
    teamsAllowed,
    locale: "en",
    locales: ["en"],
    currency: "USD",
    /** GDPR: cookies accepted through the banner. */
    cookiesAccepted: consent.cookiesAccepted,
    /** CCPA: accepted (true) unless the visitor chose "Do Not Sell My Personal Information". */
    ccpaAccepted: !consent.doNotSell,
    surveyEnabled,
    impersonated: viewer?.session.impersonatedBy != null,
    /** The bot challenge (spec 02 §3): its site key (null when off) and whether this client skips it. */
    antiRobot,
    // The spec's names (spec 01 §3 Global app state).
    /** The bot challenge is Turnstile (anti_robot); there is no reCAPTCHA. */
    recaptcha: null,
    anti_robot: antiRobot,
    /** Accepted unless the visitor chose "Do Not Sell My Personal Information". */
    CCPA: !consent.doNotSell,
    /** Cookies accepted through the banner. */
    GDPR: consent.cookiesAccepted,
    /** API credits an operation costs (domain/api.ts): a call, and a bulk call per link in it. */
    operationsCosts: { call: API_CALL_COST, bulk_per_link: bulkCost(1) },
  };
}

export async function buildState(request: Request, context: Readonly<RouterContextProvider>, viewer: Viewer | null) {
  if (!viewer) {
    return {
      user: null,
      subscriptions: { current: null, future: null },
      billing: { preferred: availableBillingTypes(getCloudflare(context).env)[0] ?? null },
      app: await appSettings(request, context, null, false),
    };
  }
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const now = new Date();
  const [fields, subs, teamMode, usage, customers, brandedDomains] = await Promise.all([
    getUserStateFields(db, viewer.user.id),
    getUserSubscriptions(db, viewer.user.id),
    loadTeamMode(db, viewer, request),
    getUsage(db, viewer.user.id, now),
    listBillingCustomers(db, viewer.user.id),
    listBrandedDomains(db, viewer.user.id),
  ]);
  const plan = getPlan(viewer.subject.plan);
  const subscriptions = { current: subscriptionJson(subs.current, now), future: subscriptionJson(subs.future, now) };
  const organizations = teamMode.teamsAllowed ? await listUserOrganizations(db, viewer.user.id) : [];
  const { user } = viewer;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      // Verification records its time (auth.server.ts hook); an account verified before that has none, so its creation stands in.
      email_verified_at: user.emailVerified ? iso(fields.emailVerifiedAt ?? user.createdAt) : null,
      photo_url: photoUrl(user),
      isDeveloper: user.isDeveloper,
      uses_two_factor_auth: user.twoFactorEnabled,
      active_two_factor_backup_codes_count: user.twoFactorEnabled ? fields.activeBackupCodes : 0,
      features: user.features,
      status: user.status,
      teams: teamMode.teams.map((team) => ({
        id: team.id,
        slug: team.slug,
        name: team.name,
        organization: team.organizationSlug,
        membership: { role: team.role },
      })),
      current_team_id: teamMode.currentTeam?.id ?? null,
      team_mode: teamMode.teamMode,
      organizations: organizations
        .map((org) => ({ slug: org.slug, name: org.name, status: { archived: org.archived }, owner: org.ownerUserId === user.id }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" })),
      /** Web credits: the plan's max_web_credits (null: unlimited) and the credits spent this calendar month (UTC): links created through the web app. */
      limits: { limit: { web: plan.options.max_web_credits }, used: { web: usage.webCredits } },
      options: { alias_lifetime: plan.options.alias_lifetime },
      /** The personal workspace's domains (docs/decisions/035): its own domains and subdomains (owned), its vanity subdomains (personal). */
      domains: {
        owned: brandedDomains.filter((d) => d.kind !== "vanity").map((d) => d.hostname),
        personal: brandedDomains.filter((d) => d.kind === "vanity").map((d) => d.hostname),
      },
      last_read_announcements_at: iso(user.lastReadAnnouncementsAt),
      isSurveyEnabled: fields.surveyEnabled,
      subscriptions,
      billing_customers: customers.map((c) => ({
        billing_type: c.billingType,
        billing_id: c.billingId,
        pm_type: c.pmType,
        pm_last_four: c.pmLastFour,
        pm_expiration: c.pmExpiration,
        pm_country: c.pmCountry,
      })),
    },
    subscriptions,
    billing: { preferred: availableBillingTypes(env)[0] ?? null },
    app: await appSettings(request, context, viewer, fields.surveyEnabled, teamMode.teamsAllowed),
  };
}
