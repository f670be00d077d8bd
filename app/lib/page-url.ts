/**
 * The address of the page a request is for. A client-side navigation, a revalidation or a form
 * posted with JavaScript on asks the loaders and actions through React Router's single fetch,
 * `{path}.data` (`{path}/_.data` for a path ending in a slash, `/_.data` for the homepage) with
 * `_routes` in the query, and React Router passes that request to them as it came. A loader or
 * action that tells pages apart by the path (`/api/new`, `/me`, `/cancel/now`), or sends the path
 * on (the login's `to`), reads it here, as React Router itself does to match the routes
 * (`getNormalizedPath` in react-router's server runtime).
 */

/** The request's URL with the single-fetch suffix and the `_routes` query value taken off. */
export function pageUrl(request: Request | URL | string): URL {
  const url = new URL(request instanceof Request ? request.url : request);
  const { pathname } = url;
  if (pathname === "/_root.data") url.pathname = "/";
  else if (pathname.endsWith("/_.data")) url.pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) url.pathname = pathname.slice(0, -".data".length);
  // Only when present: deleting re-serialises the query, which would change a page's own values.
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return url;
}

/** The page's path, without the single-fetch suffix. */
export function pagePathname(request: Request | URL | string): string {
  return pageUrl(request).pathname;
}
