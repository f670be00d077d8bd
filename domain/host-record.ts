/**
 * What the redirect worker needs to know about a short host that is not one of Snip's own
 * (a branded domain or a vanity subdomain, docs/decisions/035): the record stored in KV under
 * `hostKey(host)`, written through by the app on every change of the domain and by the re-check.
 * The hot path reads it from KV (and its isolate cache), never from D1.
 */

export interface HostRecord {
  /** Serving short links: verified (or a vanity subdomain); false once verification lapses. */
  active: boolean;
  /** Where `/` on this host goes; null: the host's own page. */
  root: string | null;
  /** Where an unknown alias on this host goes; null: the not-found page. */
  notFound: string | null;
}

export function hostKey(host: string): string {
  return `host:${host.toLowerCase()}`;
}

const DOT = 46;

/**
 * The host of a request URL, lower-cased, without parsing the whole URL (the hot path). A fully
 * qualified name (`go.example.com.`, which browsers and resolvers accept) is the same host as
 * without its final dot, with or without a port.
 */
export function hostOfUrl(url: string): string {
  const start = url.indexOf("//") + 2;
  let end = url.indexOf("/", start);
  if (end === -1) end = url.length;
  const host = url.slice(start, end).toLowerCase();
  if (host.charCodeAt(host.length - 1) === DOT) return host.slice(0, -1);
  const port = host.lastIndexOf(".:");
  return port !== -1 && host.indexOf("]") < port ? host.slice(0, port) + host.slice(port + 1) : host;
}

/** Hosts that mean "this machine": the default host of a local run, whatever port it listens on. */
export function isLoopbackHost(host: string): boolean {
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return name === "localhost" || name === "127.0.0.1" || name === "[::1]";
}

/** The name of a vanity subdomain of the short host (`name.SHORT_HOST`), or null. */
export function vanityNameOf(host: string, shortHost: string): string | null {
  const suffix = `.${shortHost.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const name = host.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name) ? name : null;
}
