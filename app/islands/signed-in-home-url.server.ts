/**
 * Where the browser loads a signed-in user's homepage island from (decision 048), bundled on its own
 * the way the guest pages' island is (guest-pages-url.server.ts).
 */
import signedInHomeUrl from "./signed-in-home.ts?worker&url";

export const SIGNED_IN_HOME_ISLAND_URL: string = signedInHomeUrl;
