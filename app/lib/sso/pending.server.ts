/**
 * The pending single sign-on between the redirect to the provider and the callback: state, nonce,
 * PKCE verifier, the organization, where to go after, and (from the team login page) the signed-in
 * user it is for. Kept in the browser in a `__Host-` cookie, encrypted with AUTH_SECRET (so the
 * browser can neither read nor change it), for ten minutes, and cleared by the callback whatever
 * its outcome: one attempt per cookie.
 */
import type { PendingLogin } from "./oidc.server";
import { decryptWithAuthSecret, encryptWithAuthSecret } from "./secret.server";

export const SSO_PENDING_COOKIE = "__Host-snip_sso";
export const SSO_PENDING_SECONDS = 10 * 60;

export type PendingSso = PendingLogin & {
  readonly organizationId: string;
  /** A same-site path to land on instead of the organization's default page. */
  readonly to: string | null;
  /** Set when a signed-in user started it (the team login page): the callback must sign in the same user. */
  readonly userId: string | null;
  /** Epoch ms after which the callback refuses it. */
  readonly expiresAt: number;
};

export async function pendingCookie(authSecret: string, pending: PendingSso): Promise<string> {
  const value = await encryptWithAuthSecret(authSecret, JSON.stringify(pending));
  return `${SSO_PENDING_COOKIE}=${value}; Path=/; Max-Age=${SSO_PENDING_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

export function clearPendingCookie(): string {
  return `${SSO_PENDING_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
}

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** The pending sign-in of this browser, or null when there is none, it was tampered with, or it expired. */
export async function readPending(authSecret: string, request: Request, now = Date.now()): Promise<PendingSso | null> {
  const raw = cookieValue(request, SSO_PENDING_COOKIE);
  if (!raw) return null;
  const json = await decryptWithAuthSecret(authSecret, raw);
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<PendingSso>;
    if (
      typeof value.state !== "string" ||
      typeof value.nonce !== "string" ||
      typeof value.verifier !== "string" ||
      typeof value.organizationId !== "string" ||
      typeof value.expiresAt !== "number" ||
      value.expiresAt < now
    )
      return null;
    return {
      state: value.state,
      nonce: value.nonce,
      verifier: value.verifier,
      organizationId: value.organizationId,
      to: typeof value.to === "string" ? value.to : null,
      userId: typeof value.userId === "string" ? value.userId : null,
      expiresAt: value.expiresAt,
    };
  } catch {
    return null;
  }
}
