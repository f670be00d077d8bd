/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /**
   * false: the page needs no JavaScript, so the root ships none for it (islands-style), unless
   * its loader answers a `refresh` (PageRefresh): a waiting page is hydrated while it waits.
   */
  hydrate?: boolean;
}

/**
 * A page waiting for something to happen elsewhere (a provider's event, docs/decisions/064)
 * answers where it goes next and when; components/waiting-refresh.tsx goes there.
 */
export interface PageRefresh {
  /** The address to load next: the page itself, or the next try of it. */
  to: string;
  seconds: number;
}

/** The refresh a loader's data asks for, if any. */
export function refreshOf(data: unknown): PageRefresh | null {
  const refresh = (data as { refresh?: PageRefresh | null } | null | undefined)?.refresh;
  return refresh && typeof refresh.to === "string" ? refresh : null;
}

/**
 * What a route's loader may answer to serve this request without React (decision 001): `island`
 * is the URL of a module script (app/islands) that adds the page's JavaScript on its own; the root
 * then renders no React Router scripts. null: hydrate as usual.
 */
export interface IslandData {
  island: string | null;
}
