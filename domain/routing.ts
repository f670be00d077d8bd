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
