/**
 * POST /__dev/fixtures: puts local data into states the app has no page for yet, for local runs
 * and the end-to-end tests. Answers 404 unless LOCAL_DEV is "true", so it never exists in
 * production. A JSON body, one action per call:
 *
 *   {"action": "notification", "email": "a@b.c", "title": "...", "body"?: "...", "url"?: "/app/..."}
 *   {"action": "announcement", "title": "...", "body"?: "...", "url"?: "..."}        (to everyone)
 *   {"action": "developer", "email": "a@b.c", "isDeveloper"?: true}
 *   {"action": "subscription", "email": "a@b.c", "plan"?: "pro", "interval"?: "monthly", "pastDueTrial"?: false,
 *    "organization"?: "acme", "team"?: "sales"}
 *        (the user's own subscription; with an organization slug the organization's, with a team slug too the team's)
 *   {"action": "impersonate", "by": "staff@b.c"}    (the caller's own session becomes an impersonation by that user)
 *   {"action": "status", "email": "a@b.c", "status": 16}    (the user's status bits: 16 hides invoices)
 *   {"action": "links", "email": "a@b.c", "count": 30, "aliasPrefix"?: "abc", "url"?: "https://..."}
 *        (count links owned by the user, written through to KV; aliases prefix + 01, 02 ... when a prefix is given;
 *         with "organization" and "team" slugs, in that team's workspace)
 *   {"action": "client", "country"?: "DE", "turnstile"?: true, "address"?: "203.0.113.7"}
 *        (this browser plays a visitor from that country and/or that client address (the abuse limits' key) and/or gets
 *         the bot challenge with Cloudflare's test keys; app/lib/dev-client.server.ts; an empty object turns them off)
 *
 *   {"action": "api-token", "email": "a@b.c", "name"?: "...", "permissions"?: ["read", ...], "rateLimitPerMinute"?: 3, "expiresAt"?: ISO}
 *        (an API token for the user, as Settings → API makes one; answers the plaintext token once)
 *   {"action": "api-credits", "email": "a@b.c", "used": 10000}   (the API credits used this month)
 *   {"action": "web-credits", "email": "a@b.c", "used": 100, "organization"?: "acme", "team"?: "sales"}
 *        (the web credits used this month, in the user's own workspace or the team's)
 *   {"action": "tracked-clicks", "email": "a@b.c", "linkId": "...", "tracked": 10000}   (a link's counted clicks so far)
 *   {"action": "organization", "email": owner, "slug": "acme", "name": "Acme", "archived"?: false,
 *    "roles"?: [{"name": "Auditor", "permissions": ["audit"]}], "users"?: [{"email": "a@b.c", "role": "Auditor"}],
 *    "teams"?: [{"slug": "sales", "name": "Sales", "archived"?: false, "options"?: {"require_sso": true}, "members"?: [{"email": "a@b.c", "role": "viewer"}]}]}
 *        (an organization owned by `email`, with its roles, users and teams; answers their ids)
 *
 *   {"action": "sso", "email": owner, "organization": "acme", "domains": ["acme.test"], "role": "Member"}
 *        (single sign-on configured for the owner's organization, its domains verified, new members getting
 *         that role, as settings/profile/sso does after discovery and the DNS check; the issuer answers nothing)
 *
 *   {"action": "onboarding-survey", "email": staff, "title"?: "..."}
 *        (a one-question onboarding survey turned on, as the kiosk's surveys pages do; without a title, turned off)
 *
 *   {"action": "support-answer", "id": "<support request id>", "answer": "...", "email"?: staff}
 *        (staff answer an organization's support request, as the kiosk will; db/helpdesk.server.ts)
 *
 *   {"action": "domain-age", "hostname": "links.example.com", "days": 8}
 *        (a branded domain added that many days ago, for the rules that wait on its age; decision 061)
 *
 * Answers {data: {...}} with 200, 404 {message} for an unknown email, 422 {message, errors} for a bad body.
 */
import { z } from "zod";
import { findOrganizationBySlug, findTeamBySlug, listRoles } from "../../../db/organizations.server";
import { markSsoDomainVerified, saveSsoSettings } from "../../../db/sso.server";
import { encryptWithAuthSecret } from "../../lib/sso/secret.server";
import { getDb } from "../../../db/client.server";
import {
  markSessionImpersonated,
  putCurrentSubscription,
  putOrganization,
  setUserDeveloper,
  setUserStatus,
} from "../../../db/dev-fixtures.server";
import { findUserIdByEmail } from "../../../db/users.server";
import { createApiToken } from "../../../db/api-tokens.server";
import { getBrandedDomain, updateBrandedDomain } from "../../../db/branded-domains.server";
import { answerSupportRequest } from "../../../db/helpdesk.server";
import { addSurveyQuestion, createSurvey, setOnboardingSurvey } from "../../../db/surveys.server";
import { createLink } from "../../../db/links.server";
import { setMeteredUsed } from "../../../db/usage.server";
import { API_PERMISSIONS, API_TOKEN_NAME_MAX_LENGTH } from "../../../domain/api";
import { createAnnouncement, createNotification } from "../../../db/notifications.server";
import { API_MESSAGES } from "../../../domain/api-messages";
import { activePrice, getPlan, PLANS, type PlanName } from "../../../domain/plans";
import { getCloudflare } from "../../context.server";
import { apiError, json, methodNotAllowed, requireApiViewer, validateBody } from "../../lib/api.server";
import { devClientCookie, devClientSchema } from "../../lib/dev-client.server";
import { generateApiToken } from "../../lib/api-tokens.server";
import { linkStores } from "../../lib/links.server";
import type { Route } from "./+types/fixtures";

const email = z.email().max(254);
const message = {
  title: z.string().trim().min(1).max(200),
  body: z.string().max(2_000).optional(),
  url: z.string().max(2_000).optional(),
};
const billablePlans = PLANS.filter((plan) => plan.billable).map((plan) => plan.name) as [PlanName, ...PlanName[]];

const fixtureSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("notification"), email, ...message }),
  z.object({ action: z.literal("announcement"), ...message }),
  z.object({ action: z.literal("onboarding-survey"), email, title: z.string().min(1).max(120).optional() }),
  z.object({ action: z.literal("developer"), email, isDeveloper: z.boolean().default(true) }),
  z.object({
    action: z.literal("subscription"),
    email,
    plan: z.enum(billablePlans).default("pro"),
    interval: z.enum(["monthly", "yearly"]).default("monthly"),
    pastDueTrial: z.boolean().default(false),
    /** A past-due subscription that is not a trial (its renewal payment failed). */
    pastDue: z.boolean().default(false),
    organization: z.string().min(1).max(100).optional(),
    team: z.string().min(1).max(100).optional(),
  }),
  z.object({ action: z.literal("impersonate"), by: email }),
  devClientSchema.extend({ action: z.literal("client") }),
  z.object({ action: z.literal("status"), email, status: z.number().int().min(0).max(255) }),
  z.object({
    action: z.literal("api-token"),
    email,
    name: z.string().min(1).max(API_TOKEN_NAME_MAX_LENGTH).default("Fixture token"),
    permissions: z.array(z.enum(API_PERMISSIONS)).default([...API_PERMISSIONS]),
    rateLimitPerMinute: z.number().int().min(1).max(1_000_000).optional(),
    expiresAt: z.iso.datetime().optional(),
  }),
  z.object({ action: z.literal("api-credits"), email, used: z.number().int().min(0).max(1_000_000_000) }),
  z.object({
    action: z.literal("web-credits"),
    email,
    used: z.number().int().min(0).max(1_000_000_000),
    // A team's workspace instead of the user's own (decision 052): the organization's slug and the team's.
    organization: z.string().min(1).max(100).optional(),
    team: z.string().min(1).max(100).optional(),
  }),
  // Clicks options (issue 20): a link's counted clicks so far (links.tracked_clicks)
  z.object({ action: z.literal("tracked-clicks"), email, linkId: z.string().min(1), tracked: z.number().int().min(0).max(1_000_000_000) }),
  // A URL-reputation hit on the user's own link, as the reputation job records one (decision 036).
  z.object({ action: z.literal("reputation-hit"), email, linkId: z.string().min(1), threatType: z.string().min(1).max(60) }),
  z.object({
    action: z.literal("organization"),
    email,
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,47}$/),
    name: z.string().trim().min(1).max(100),
    archived: z.boolean().default(false),
    roles: z
      .array(z.object({ name: z.string().min(1).max(60), permissions: z.array(z.string()).max(20) }))
      .max(20)
      .default([]),
    users: z
      .array(z.object({ email, role: z.string() }))
      .max(50)
      .default([]),
    teams: z
      .array(
        z.object({
          slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,47}$/),
          name: z.string().trim().min(1).max(100),
          archived: z.boolean().default(false),
          options: z.record(z.string(), z.unknown()).default({}),
          members: z
            .array(z.object({ email, role: z.enum(["admin", "member", "viewer"]) }))
            .max(50)
            .default([]),
        }),
      )
      .max(20)
      .default([]),
  }),
  z.object({
    action: z.literal("sso"),
    email,
    organization: z.string().min(1).max(100),
    domains: z.array(z.string().min(3).max(253)).min(1).max(5),
    role: z.string().min(1).max(60),
  }),
  z.object({ action: z.literal("domain-age"), hostname: z.string().min(4).max(253), days: z.number().int().min(0).max(3_650) }),
  z.object({
    action: z.literal("support-answer"),
    id: z.string().min(1).max(100),
    answer: z.string().trim().min(1).max(5_000),
    email: email.optional(),
  }),
  z.object({
    action: z.literal("links"),
    email,
    count: z.number().int().min(1).max(100),
    aliasPrefix: z
      .string()
      .regex(/^[A-Za-z0-9_-]{3,20}$/)
      .optional(),
    url: z.url().max(2_000).default("https://example.com/"),
    // A team's workspace instead of the user's own (decision 052).
    organization: z.string().min(1).max(100).optional(),
    team: z.string().min(1).max(100).optional(),
  }),
]);

export function loader() {
  return apiError(404, API_MESSAGES.notFound);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  if (env.LOCAL_DEV !== "true") return apiError(404, API_MESSAGES.notFound);
  if (request.method !== "POST") return methodNotAllowed("POST")();
  const db = getDb(env.DB);
  const input = await validateBody(request, fixtureSchema);

  if (input.action === "announcement") {
    return json({ data: { id: await createAnnouncement(db, input) } });
  }
  if (input.action === "client") {
    const { action: _action, ...client } = input;
    return json({ data: client }, { headers: { "set-cookie": await devClientCookie.serialize(client) } });
  }
  if (input.action === "impersonate") {
    const viewer = requireApiViewer(context);
    const staffId = await findUserIdByEmail(db, input.by);
    if (!staffId) return apiError(404, `No user with the email ${input.by}.`);
    await markSessionImpersonated(db, viewer.session.id, staffId);
    return json({ data: { sessionId: viewer.session.id, impersonatedBy: staffId } });
  }

  if (input.action === "onboarding-survey") {
    // A one-question onboarding survey turned on by the staff member `email`; without a title, the onboarding survey off.
    const staffId = await findUserIdByEmail(db, input.email);
    if (!staffId) return apiError(404, `No user with the email ${input.email}.`);
    const staff = { id: staffId, email: input.email };
    if (!input.title) {
      await setOnboardingSurvey(db, staff, null);
      return json({ data: { on: null } });
    }
    const survey = { id: await createSurvey(db, staff, input.title), title: input.title };
    await addSurveyQuestion(db, staff, survey, { kind: "text", prompt: "What will you use Snip for?", options: [], required: false });
    await setOnboardingSurvey(db, staff, survey);
    return json({ data: { on: survey.id } });
  }

  if (input.action === "domain-age") {
    const createdAt = new Date(Date.now() - input.days * 86_400_000);
    const domain = await getBrandedDomain(db, input.hostname.toLowerCase());
    if (!domain) return apiError(404, `No branded domain ${input.hostname}.`);
    await updateBrandedDomain(db, domain.id, { createdAt });
    return json({ data: { hostname: domain.hostname, createdAt: createdAt.toISOString() } });
  }

  if (input.action === "support-answer") {
    const staffId = input.email ? await findUserIdByEmail(db, input.email) : null;
    const answered = await answerSupportRequest(db, { id: input.id, answeredByUserId: staffId, answer: input.answer });
    if (!answered) return apiError(404, `No support request ${input.id}.`);
    return json({ data: { id: input.id } });
  }

  const userId = await findUserIdByEmail(db, input.email);
  if (!userId) return apiError(404, `No user with the email ${input.email}.`);
  switch (input.action) {
    case "notification":
      return json({ data: { id: await createNotification(db, userId, input) } });
    case "developer":
      await setUserDeveloper(db, userId, input.isDeveloper);
      return json({ data: { userId, isDeveloper: input.isDeveloper } });
    case "status":
      await setUserStatus(db, userId, input.status);
      return json({ data: { userId, status: input.status } });
    case "subscription": {
      const amount = activePrice(getPlan(input.plan), input.interval)?.amount ?? 0;
      const organization = input.organization ? await findOrganizationBySlug(db, input.organization) : null;
      if (input.organization && !organization) return apiError(404, `No organization ${input.organization}.`);
      const team = organization && input.team ? await findTeamBySlug(db, organization.id, input.team) : null;
      if (input.team && !team) return apiError(404, `No team ${input.team}.`);
      const owner = team
        ? { ownerId: team.id, userId: null, organizationId: organization!.id, teamId: team.id }
        : organization
          ? { ownerId: organization.id, userId: null, organizationId: organization.id, teamId: null }
          : { ownerId: userId, userId, organizationId: null, teamId: null };
      await putCurrentSubscription(db, owner, {
        plan: input.plan,
        interval: input.interval,
        amount,
        pastDueTrial: input.pastDueTrial,
        pastDue: input.pastDue,
      });
      return json({ data: { userId, ownerId: owner.ownerId, plan: input.plan, pastDueTrial: input.pastDueTrial } });
    }
    case "api-token": {
      const { token, tokenHash, prefix } = await generateApiToken();
      const created = await createApiToken(db, {
        userId,
        workspaceId: userId,
        name: input.name,
        prefix,
        tokenHash,
        permissions: input.permissions,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        rateLimitPerMinute: input.rateLimitPerMinute ?? null,
      });
      return json({ data: { userId, id: created.id, token, prefix } });
    }
    case "organization": {
      const ids = new Map<string, string>();
      for (const address of [...input.users.map((u) => u.email), ...input.teams.flatMap((t) => t.members.map((m) => m.email))]) {
        const id = await findUserIdByEmail(db, address);
        if (!id) return apiError(404, `No user with the email ${address}.`);
        ids.set(address, id);
      }
      const unknownRole = input.users.find((u) => !input.roles.some((r) => r.name === u.role));
      if (unknownRole) return apiError(422, `No role named ${unknownRole.role}.`);
      const made = await putOrganization(db, {
        ownerUserId: userId,
        slug: input.slug,
        name: input.name,
        archived: input.archived,
        roles: input.roles,
        users: input.users.map((u) => ({ userId: ids.get(u.email)!, role: u.role })),
        teams: input.teams.map((t) => ({ ...t, members: t.members.map((m) => ({ userId: ids.get(m.email)!, role: m.role })) })),
      });
      return json({ data: { userId, ...made } });
    }
    case "sso": {
      const organization = await findOrganizationBySlug(db, input.organization);
      if (!organization || organization.ownerUserId !== userId)
        return apiError(404, `No organization ${input.organization} of this owner.`);
      const role = (await listRoles(db, organization.id)).find((r) => r.name === input.role);
      if (!role) return apiError(422, `No role named ${input.role}.`);
      await saveSsoSettings(db, {
        organizationId: organization.id,
        actorUserId: userId,
        issuer: "https://idp.invalid",
        clientId: "fixture-client",
        clientSecret: await encryptWithAuthSecret(env.AUTH_SECRET, "fixture-secret"),
        defaultRoleId: role.id,
        domains: input.domains,
        newToken: () => crypto.randomUUID().replaceAll("-", ""),
      });
      for (const domain of input.domains) await markSsoDomainVerified(db, organization.id, domain, userId);
      return json({ data: { userId, organizationId: organization.id } });
    }
    case "api-credits":
      await setMeteredUsed(db, userId, "api_credits", input.used);
      return json({ data: { userId, used: input.used } });
    case "web-credits": {
      const workspaceId = await fixtureWorkspace(db, userId, input);
      if (!workspaceId) return apiError(404, `No team ${input.team} in ${input.organization}.`);
      await setMeteredUsed(db, workspaceId, "web_credits", input.used);
      return json({ data: { userId, workspaceId, used: input.used } });
    }
    case "tracked-clicks":
      // Only the user's own link (issue 20, clicks options).
      await env.DB.prepare("UPDATE links SET tracked_clicks = ? WHERE id = ? AND workspace_id = ?")
        .bind(input.tracked, input.linkId, userId)
        .run();
      return json({ data: { userId, linkId: input.linkId, tracked: input.tracked } });
    case "reputation-hit": {
      const id = crypto.randomUUID();
      const inserted = await env.DB.prepare(
        `INSERT INTO reputation_hits (id, link_id, url, provider, threat_type, checked_at)
         SELECT ?, id, url, 'google-safe-browsing', ?, ? FROM links WHERE id = ? AND user_id = ?`,
      )
        .bind(id, input.threatType, Date.now(), input.linkId, userId)
        .run();
      if ((inserted.meta.changes ?? 0) === 0) return apiError(404, `No link ${input.linkId} of ${input.email}.`);
      return json({ data: { id } });
    }
    case "links": {
      const workspaceId = await fixtureWorkspace(db, userId, input);
      if (!workspaceId) return apiError(404, `No team ${input.team} in ${input.organization}.`);
      const stores = linkStores(env);
      const created: { id: string; alias: string }[] = [];
      const start = Date.now() - input.count * 1_000;
      for (let i = 1; i <= input.count; i++) {
        const alias = input.aliasPrefix ? `${input.aliasPrefix}${String(i).padStart(2, "0")}` : undefined;
        // One second apart, so "newest first" has a definite order.
        const link = await createLink(
          stores,
          { domain: env.SHORT_HOST, url: input.url, alias, userId, workspaceId },
          new Date(start + i * 1_000),
        );
        created.push({ id: link.id, alias: link.alias });
      }
      return json({ data: { userId, links: created } });
    }
  }
}

/** The workspace a fixture writes to: the user's own, or the named team's (null: no such team). */
async function fixtureWorkspace(
  db: ReturnType<typeof getDb>,
  userId: string,
  input: { organization?: string | undefined; team?: string | undefined },
): Promise<string | null> {
  if (!input.organization || !input.team) return userId;
  const organization = await findOrganizationBySlug(db, input.organization);
  const team = organization ? await findTeamBySlug(db, organization.id, input.team) : null;
  return team?.id ?? null;
}
