/**
 * Flash messages on the server (domain/flash.ts): `flashRedirect` leaves one for the next page
 * load in a short-lived cookie; the root middleware reads it once per request, and whoever shows
 * it (the root loader's error dialog, GET state's `flashMessages`) takes it, which clears the
 * cookie on that response. A request that does not show it (a data request of another route, an
 * asset) leaves it for the next page load.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { flashTexts, parseFlashKeys, type FlashKey } from "../../domain/flash";
import { isSecureRequest } from "../cookies.server";

const COOKIE = "snip_flash";
/** Long enough for the redirect that follows; a message never outlives a few minutes. */
const MAX_AGE_SECONDS = 300;

interface FlashState {
  keys: FlashKey[];
  taken: boolean;
}

const flashContext = createContext<FlashState>({ keys: [], taken: false });

function readCookie(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== COOKIE) continue;
    // A malformed value (a cookie set by hand or by a sibling host) is no flash, never a failed page.
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

function cookieHeader(request: Request, value: string, maxAge: number): string {
  return `${COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureRequest(request) ? "; Secure" : ""}`;
}

/** A redirect that leaves a flash message for the next page load (added to any waiting one). */
export function flashRedirect(request: Request, to: string, key: FlashKey, init: ResponseInit = {}): Response {
  const keys = parseFlashKeys([readCookie(request), key].filter(Boolean).join(","));
  const headers = new Headers(init.headers);
  headers.append("set-cookie", cookieHeader(request, keys.join(","), MAX_AGE_SECONDS));
  return redirect(to, { ...init, headers });
}

/** Reads the waiting messages; after the response is made, clears them if someone showed them. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const state: FlashState = { keys: parseFlashKeys(readCookie(request)), taken: false };
  (context as RouterContextProvider).set(flashContext, state);
  const response = await next();
  // A redirect shows nothing (a subscriber's homepage is the dashboard: the messages wait for it),
  // and a response that set a new message keeps it (flashRedirect's cookie).
  const redirected = response.status >= 300 && response.status < 400;
  if (state.taken && !redirected && !response.headers.get("set-cookie")?.includes(`${COOKIE}=`)) {
    response.headers.append("set-cookie", cookieHeader(request, "", 0));
  }
  return response;
};

/** The waiting messages' texts, taken: the response clears them. */
export function takeFlash(context: Readonly<RouterContextProvider>): string[] {
  const state = context.get(flashContext);
  if (state.keys.length === 0) return [];
  state.taken = true;
  return flashTexts(state.keys);
}
