/**
 * Browser-side state kept in cookies: the guest's id (their recent links), cookie consent,
 * and the do-not-sell choice. `Secure` whenever the request is https.
 */
import { createCookie } from "react-router";
import { safeReturnPath } from "../domain/return-path";

const YEAR_SECONDS = 365 * 24 * 3600;
/** "Never expires": browsers cap lifetimes at 400 days, so the far date is for them to clamp. */
const NEVER = new Date("9999-12-31T23:59:59Z");

export const guestCookie = createCookie("snip_guest", { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR_SECONDS });
export const consentCookie = createCookie("cookies_accepted", { httpOnly: false, sameSite: "lax", path: "/", maxAge: YEAR_SECONDS });
export const doNotSellCookie = createCookie("do_not_sell", { httpOnly: false, sameSite: "lax", path: "/" });

/** Strict privacy (spec 02 §3): true loads no advertising at all; it never expires (docs/decisions/041). */
export const strictPrivateCookie = createCookie("strict_private", { httpOnly: false, sameSite: "lax", path: "/" });

export function serializeStrictPrivate(choice: boolean, request: Request): Promise<string> {
  return strictPrivateCookie.serialize(choice, { secure: isSecureRequest(request), expires: NEVER });
}

/** Serializes the do-not-sell choice; it never expires. */
export function serializeDoNotSell(choice: boolean, request: Request): Promise<string> {
  return doNotSellCookie.serialize(choice, { secure: isSecureRequest(request), expires: NEVER });
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export async function readGuestId(request: Request): Promise<string | null> {
  const value: unknown = await guestCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

/** The guest id, minting one if the browser has none; `setCookie` is non-null when minted. */
export async function ensureGuestId(request: Request): Promise<{ guestId: string; setCookie: string | null }> {
  const existing = await readGuestId(request);
  if (existing) return { guestId: existing, setCookie: null };
  const guestId = crypto.randomUUID();
  return { guestId, setCookie: await guestCookie.serialize(guestId, { secure: isSecureRequest(request) }) };
}

export async function readConsent(request: Request) {
  const header = request.headers.get("cookie");
  return {
    cookiesAccepted: (await consentCookie.parse(header)) === true,
    doNotSell: (await doNotSellCookie.parse(header)) === true,
    strictPrivate: (await strictPrivateCookie.parse(header)) === true,
  };
}

/** A same-site path to go back to after a form post, never an open redirect (domain/return-path.ts). */
export function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  return safeReturnPath(value, fallback);
}

/** The coupon remembered for the session (spec 01 §2: a coupon query value on any page). */
export const couponCookie = createCookie("snip_coupon", { httpOnly: true, sameSite: "lax", path: "/" });

export async function readCouponCode(request: Request): Promise<string | null> {
  const value: unknown = await couponCookie.parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : null;
}

/** When the promo banner was last closed (epoch ms); it comes back 24 hours later. */
export const promoClosedCookie = createCookie("promo_closed_at", { httpOnly: false, sameSite: "lax", path: "/", maxAge: 7 * 24 * 3600 });

export async function readPromoClosedAt(request: Request): Promise<number | null> {
  const value: unknown = await promoClosedCookie.parse(request.headers.get("cookie"));
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** When the trial reminder was last closed (epoch ms); it comes back 24 hours later. */
export const trialReminderClosedCookie = createCookie("trial_reminder_closed_at", {
  httpOnly: false,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 24 * 3600,
});

export async function readTrialReminderClosedAt(request: Request): Promise<number | null> {
  const value: unknown = await trialReminderClosedCookie.parse(request.headers.get("cookie"));
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * The guest's agreement to the terms, privacy and cookie policies (spec 02 §4: after every create
 * attempt the terms are marked accepted); once set, the agreement is not asked again.
 */
export const termsAcceptedCookie = createCookie("terms_accepted", { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR_SECONDS });

export async function readTermsAccepted(request: Request): Promise<boolean> {
  return (await termsAcceptedCookie.parse(request.headers.get("cookie"))) === true;
}
