/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /** false: the page needs no JavaScript, so the root ships none for it (islands-style). */
  hydrate?: boolean;
}

/**
 * What a route's loader may answer to serve this request without React (decision 001): `island`
 * is the URL of a module script (app/islands) that adds the page's JavaScript on its own; the root
 * then renders no React Router scripts. null: hydrate as usual.
 */
export interface IslandData {
  island: string | null;
}
