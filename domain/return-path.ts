/**
 * The one rule for every "go back to" value a client sends (`to`, `redirectTo`, `return_to`):
 * a path on this site, never an open redirect. Browser-safe (no zod), used by the app's loaders,
 * actions and forms alike.
 */

/** A fixed origin to resolve against; only a result on this same origin is a path on this site. */
const BASE = "https://return-path.invalid";

/**
 * The value as a same-origin path (`pathname + search + hash`), normalised the way a browser
 * would read it, or `fallback`. Normalising comes first: `/.//evil.example/x` resolves to
 * `//evil.example/x`, which a browser reads as another host, so the normalised path is checked
 * again. Refused besides: anything not starting with `/`, backslashes and control characters
 * (browsers read `\` as `/` and drop tabs and newlines), and encoded slashes or backslashes in
 * the path.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  const path = sameOriginPath(value);
  if (path === null || path.startsWith("//") || /%(2f|5c)/i.test(path.split(/[?#]/, 1)[0] ?? "")) return fallback;
  // A second pass must change nothing: the browser resolves the result once more.
  return sameOriginPath(path) === path ? path : fallback;
}

function sameOriginPath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.username !== "" || url.password !== "") return null;
  return url.pathname + url.search + url.hash;
}
