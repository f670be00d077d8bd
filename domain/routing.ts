/**
 * How the front door tells a short link from an app path (docs/decisions/003):
 * a GET or HEAD of exactly one path segment, in the alias charset, that is not a
 * reserved word. Everything else (/, /dashboard, /app/..., /openapi/..., assets) is the app's.
 */
import { isAliasShaped } from "./alias";

export function shortLinkAlias(method: string, pathname: string): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isAliasShaped(segment) ? segment : null;
}

/** The path of an absolute URL string, without parsing the whole URL (hot path). */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  let end = url.length;
  const query = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (query !== -1) end = query;
  if (hash !== -1 && hash < end) end = hash;
  return url.slice(start, end);
}
