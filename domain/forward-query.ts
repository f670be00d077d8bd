/**
 * Forwards the short URL's query string to the destination, as the major services do:
 * appended to the destination's own query, before any fragment, byte for byte.
 */
export function forwardQuery(destination: string, incomingSearch: string): string {
  const query = incomingSearch.startsWith("?") ? incomingSearch.slice(1) : incomingSearch;
  if (query === "") return destination;
  const hashAt = destination.indexOf("#");
  const base = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : destination.slice(hashAt);
  const queryAt = base.indexOf("?");
  // "?" only when the destination has no query; "&" unless its query is empty or already ends in "&".
  const joiner = queryAt === -1 ? "?" : queryAt === base.length - 1 || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}${query}${fragment}`;
}
