/**
 * Who is calling the REST API: a token from `Authorization: Bearer …` or the `api_token` query
 * value (never a cookie: the API takes no sessions, so there is nothing to forge cross-site),
 * its per-minute request budget, its permissions, the owner's plan, and the owner's API credits.
 */
import type { Context, MiddlewareHandler } from "hono";
import { findApiTokenByHash, recordApiTokenUse } from "../../../db/api-tokens.server";
import { getUserSubscriptions } from "../../../db/accounts.server";
import { getDb } from "../../../db/client.server";
import { refundMetered, spendMetered } from "../../../db/usage.server";
import { getUserEntitlementFields } from "../../../db/users.server";
import { API_TOKEN_SHAPE, API_V2_MESSAGES, PERMISSION_FLAGS, type ApiPermission } from "../../../domain/api";
import { can, limitOf } from "../../../domain/entitlements";
import { hashApiToken } from "../../lib/api-tokens.server";
import { parseFeatures, planInForce } from "../../session.server";
import type { ApiCaller, ApiEnv } from "./context.server";
import { ApiError, forbidden, notEnoughCredits, unauthenticated } from "./errors.server";

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
  const { subject, subscribed } = planInForce(subscriptions.current, parseFeatures(fields.features), now);
  c.set("caller", {
    token,
    owner: {
      userId: token.userId,
      workspaceId: token.workspaceId ?? token.userId,
      subject,
      subscribed,
      emailVerified: fields.emailVerified,
    },
  });
  for (const [name, value] of Object.entries(rateHeaders)) c.header(name, value);
  if (!can(subject, "use_api")) throw forbidden(API_V2_MESSAGES.apiNotInPlan);
  await next();
};

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
