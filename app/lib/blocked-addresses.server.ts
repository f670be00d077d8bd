/**
 * Blocked client addresses (issue 19, kiosk `ips`, decision 032): one check for every anonymous
 * write staff can block — sign-up, the guest shorten form, TinyURL's legacy create call. The
 * address is the one the abuse limits count (app/lib/rate-limit.server.ts `rateLimitAddress`:
 * Cloudflare's CF-Connecting-IP; in local runs the dev client's played address). A local loopback
 * client that plays no address is never blocked, as it is never rate limited.
 */
import { listBlockedCidrs } from "../../db/blocked-addresses.server";
import { getDb } from "../../db/client.server";
import { findMatchingCidr } from "../../domain/cidr";
import type { AppEnv } from "../env.server";
import { rateLimitAddress } from "./rate-limit.server";

export const BLOCKED_ADDRESS_MESSAGE =
  "Sign-ups and new links are not accepted from your network. If you think this is a mistake, please contact customer support.";

/** The blocked range (canonical CIDR) the request's client address falls in, or null. */
export async function blockedRangeOf(env: Pick<AppEnv, "LOCAL_DEV" | "DB">, request: Request): Promise<string | null> {
  const address = await rateLimitAddress(env, request);
  if (address === null || address === "unknown") return null;
  return findMatchingCidr(await listBlockedCidrs(getDb(env.DB)), address);
}

export async function isAddressBlocked(env: Pick<AppEnv, "LOCAL_DEV" | "DB">, request: Request): Promise<boolean> {
  return (await blockedRangeOf(env, request)) !== null;
}
