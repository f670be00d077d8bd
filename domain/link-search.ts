/**
 * The dashboard's search box (spec 01 §3 "Search filter: type (default alias) and query"):
 * `tag:news`, `url:example.com`, `alias:abc`, or plain text, which searches aliases.
 */
export const LINK_SEARCH_TYPES = ["alias", "tag", "url"] as const;
export type LinkSearchType = (typeof LINK_SEARCH_TYPES)[number];

export interface LinkSearch {
  type: LinkSearchType;
  query: string;
}

export function parseLinkSearch(raw: string): LinkSearch | null {
  const text = raw.trim();
  if (!text) return null;
  const match = /^(alias|tag|url):\s*(.*)$/i.exec(text);
  const type = (match ? match[1]!.toLowerCase() : "alias") as LinkSearchType;
  const query = (match ? match[2]! : text).trim();
  return query ? { type, query } : null;
}

export const LINK_STATES = ["all", "active", "expired", "archived"] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const LINK_SORTS = ["newest", "oldest", "alias", "clicks"] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

export const DASHBOARD_PAGE_SIZE = 25;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export interface DashboardQuery {
  q: string;
  search: LinkSearch | null;
  state: LinkState;
  sort: LinkSort;
  page: number;
}

/** Reads the dashboard's query string; anything unknown falls back to a default, never an error. */
export function readDashboardQuery(params: URLSearchParams): DashboardQuery {
  const q = (params.get("q") ?? "").slice(0, 200);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q,
    search: parseLinkSearch(q),
    state: pick(params.get("state"), LINK_STATES, "all"),
    sort: pick(params.get("sort"), LINK_SORTS, "newest"),
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}
