/**
 * Where the browser loads the guest pages' island from (decision 001): Vite bundles
 * `guest-pages.ts` on its own (no imports left, so one request) under a content-hashed name in
 * the client assets, and this module hands the server render its URL. A module script from our
 * own origin, so the Content-Security-Policy's `script-src 'self'` admits it.
 */
import guestPagesUrl from "./guest-pages.ts?worker&url";

export const GUEST_ISLAND_URL: string = guestPagesUrl;
