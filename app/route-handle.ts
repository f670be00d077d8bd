/** What a route module may declare in its `handle` export. */
export interface RouteHandle {
  /** false: the page needs no JavaScript, so the root ships none for it (islands-style). */
  hydrate?: boolean;
}
