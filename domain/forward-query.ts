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
  const joiner = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${joiner}${query}${fragment}`;
}
