/**
 * Who is calling the REST API: a token from `Authorization: Bearer …` or the `api_token` query
 * value (never a cookie: the API takes no sessions, so there is nothing to forge cross-site),
 * its per-minute request budget, its permissions, the owner's plan, and the owner's API credits.
 */
import type { Context, MiddlewareHandler } from "hono";
import { findApiTokenByHash, recordApiTokenUse } from "../../../db/api-tokens.server";
import { getUserSubscriptions } from "../../../db/accounts.server";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "../../../db/client.server";
import { loadStanding } from "../../../db/organizations.server";
import { organizations, teams, users } from "../../../db/schema";
import { getWorkspace } from "../../../db/workspaces.server";
import { can as allowed, type Actor } from "../../../domain/permissions";
import { workspaceSubject } from "../../lib/organization-links.server";
import { refundMetered, spendMetered } from "../../../db/usage.server";
import { getUserEntitlementFields } from "../../../db/users.server";
import { API_TOKEN_SHAPE, API_V2_MESSAGES, PERMISSION_FLAGS, type ApiPermission } from "../../../domain/api";
import { can, limitOf } from "../../../domain/entitlements";
import { hashApiToken } from "../../lib/api-tokens.server";
import { parseFeatures, planInForce } from "../../session.server";
import type { ApiCaller, ApiEnv } from "./context.server";
import { ApiError, forbidden, notEnoughCredits, paymentRequired, unauthenticated } from "./errors.server";
import { isPastDueTrial } from "../../../domain/subscription";
import { READ_METHODS } from "../../../domain/access";

function presentedToken(c: Context<ApiEnv>): string | null {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : null;
  }
  return c.req.query("api_token") ?? null;
}

/** 401 unless a live token is presented; 429 over its requests a minute; 403 when the owner's plan has no API. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const raw = presentedToken(c);
  if (!raw || !API_TOKEN_SHAPE.test(raw)) throw unauthenticated();
  const db = getDb(c.env.DB);
  const now = new Date();
  const token = await findApiTokenByHash(db, await hashApiToken(raw), now);
  if (!token) throw unauthenticated();

  const limit = token.rateLimitPerMinute ?? c.env.API_RATE_LIMIT_PER_MINUTE;
  // The request is counted while the owner's plan is read: one round trip of D1 instead of two.
  const [used, fields, subscriptions] = await Promise.all([
    recordApiTokenUse(db, token.id, now),
    getUserEntitlementFields(db, token.userId),
    getUserSubscriptions(db, token.userId),
  ]);
  const resetSeconds = 60 - now.getUTCSeconds();
  const rateHeaders = {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(Math.max(0, limit - used)),
    "x-ratelimit-reset": String(resetSeconds),
  };
  if (used > limit)
    throw new ApiError("rate_limited", [API_V2_MESSAGES.rateLimited], { ...rateHeaders, "retry-after": String(resetSeconds) });

  if (!fields) throw unauthenticated();
  const personal = planInForce(subscriptions.current, parseFeatures(fields.features), now);
  const workspaceId = token.workspaceId ?? token.userId;
  // A team's token (docs/decisions/027) acts in the team with the team's capabilities, while its
  // maker may still manage the team's tokens; otherwise it answers as an unknown token.
  const within = workspaceId === token.userId ? null : await organizationWorkspaceOf(db, workspaceId, token.userId);
  if (workspaceId !== token.userId && !within) throw unauthenticated();
  const { subject, subscribed } = within ?? personal;
  c.set("caller", {
    token,
    owner: {
      userId: token.userId,
      workspaceId,
      organizationId: within?.organizationId ?? null,
      subject,
      subscribed,
      emailVerified: fields.emailVerified,
      // Redirect routes apply until a cancelled personal plan ends (docs/decisions/037).
      planEndsAt: within ? null : (personal.inForce?.endsAt ?? null),
    },
  });
  for (const [name, value] of Object.entries(rateHeaders)) c.header(name, value);
  if (!can(subject, "use_api")) throw forbidden(API_V2_MESSAGES.apiNotInPlan);
  // The past-due rule (spec 01 §2): an owner whose trial is past due reads, and writes nothing
  // with the plan's features until it is paid for (402, as the JSON calls answer).
  if (!within && personal.inForce && isPastDueTrial(personal.inForce) && !READ_METHODS.has(c.req.method)) throw paymentRequired();
  await next();
};

/** The organization workspace a token acts in, with its capabilities, when its maker may still use it there. */
async function organizationWorkspaceOf(db: Db, workspaceId: string, userId: string) {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace?.organizationId) return null;
  const [organization] = await db
    .select({ id: organizations.id, ownerUserId: organizations.ownerUserId, archived: organizations.archived })
    .from(organizations)
    .where(eq(organizations.id, workspace.organizationId));
  const [maker] = await db.select({ isDeveloper: users.isDeveloper }).from(users).where(eq(users.id, userId));
  if (!organization || !maker) return null;
  const standing = await loadStanding(db, userId, organization);
  const actor: Actor = { userId, isDeveloper: maker.isDeveloper, subject: { plan: "free" } };
  if (workspace.kind === "team") {
    const [team] = await db
      .select({ id: teams.id, organizationId: teams.organizationId, archived: teams.archived })
      .from(teams)
      .where(eq(teams.id, workspace.teamId!));
    if (!team || !allowed(actor, "team.api-tokens", { kind: "team", standing, team })) return null;
  } else if (workspace.userId !== userId || !allowed(actor, "organization.personal", { kind: "organization", standing })) return null;
  return { organizationId: organization.id, ...(await workspaceSubject(db, organization, workspace.teamId)) };
}

/** 403 unless the token has the permission and the owner's plan every capability it needs. */
export function requirePermission(permission: ApiPermission): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { token, owner } = c.get("caller");
    if (!token.permissions.includes(permission)) throw forbidden(API_V2_MESSAGES.tokenPermission);
    if (!PERMISSION_FLAGS[permission].every((flag) => can(owner.subject, flag))) throw forbidden(API_V2_MESSAGES.planFeature);
    await next();
  };
}

/**
 * Spends the operation's API credits (spec 01 §5: with a limit, the remaining credits must be at
 * least the cost), in one conditional write, so concurrent calls cannot overdraw; 402 otherwise.
 * Returns a refund for an operation that then does not happen.
 */
export async function spendCredits(c: Context<ApiEnv>, caller: ApiCaller, cost: number): Promise<(units?: number) => Promise<void>> {
  const db = getDb(c.env.DB);
  const now = new Date();
  if (cost > 0) {
    const spent = await spendMetered(
      db,
      caller.owner.workspaceId,
      "api_credits",
      cost,
      limitOf(caller.owner.subject, "max_api_credits"),
      now,
    );
    if (!spent) throw notEnoughCredits();
  }
  return (units = cost) => refundMetered(db, caller.owner.workspaceId, "api_credits", Math.min(units, cost), now);
}
