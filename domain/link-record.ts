/**
 * What the hot path needs to answer a short link: the record stored in KV under
 * `linkKey(domain, alias)`, written through on every create, edit and delete.
 */
import type { LinkStatus } from "./link-status";
import { parseStoredPixels, type PixelTag } from "./pixels";
import { parseStoredRoutes, pickRoute, ROUTE_FALLBACK, type CompactRoute, type VisitSource } from "./redirect-routes";

export interface LinkRecord {
  id: string;
  url: string;
  status: LinkStatus;
  /** epoch milliseconds, or null for no expiry */
  expiresAt: number | null;
  /**
   * Redirect routes (docs/decisions/037): present only while the owner's plan has redirect_routes,
   * so the hot path applies whatever it finds here and looks nothing else up.
   */
  routes?: CompactRoute[];
  /** epoch milliseconds after which `routes` are no longer applied (a cancelled plan's end). */
  routesUntil?: number;
  /**
   * Pixel scripts (docs/decisions/047): present only for a link that opts in and whose workspace
   * has pixels; a human visitor then gets the page that fires them instead of the plain 302.
   */
  pixels?: PixelTag[];
  /**
   * Capped links (docs/decisions/038): epoch milliseconds until which the link's clicks are not
   * sent to the queue (it reached its plan's max_trackable_clicks, so the consumer would drop
   * them). Past it, clicks flow again and the consumer decides anew under the plan then in force.
   */
  untrackedUntil?: number;
}

/** The capped-link part of a record from a link's `clicks_capped_until` (absent: its clicks are sent). */
export function recordUntracked(until: number | null | undefined): Pick<LinkRecord, "untrackedUntil"> {
  return until == null ? {} : { untrackedUntil: until };
}

/** Does the edge send this visit's click to the queue? (No lookup: the record says.) */
export function sendsClicks(record: LinkRecord, now: number): boolean {
  return record.untrackedUntil === undefined || record.untrackedUntil <= now;
}

/** The pixels part of a record from a link's stored `pixels` column (null: the link does not opt in). */
export function recordPixels(stored: string | null | undefined): Pick<LinkRecord, "pixels"> {
  const pixels = parseStoredPixels(stored);
  return pixels.length === 0 ? {} : { pixels };
}

/**
 * The routes part of a record from a link's stored columns: the rules only when they are applied
 * (the owner's plan has redirect_routes), with their end if the plan has one.
 */
export function recordRoutes(stored: string | null, on: boolean, until: number | null): Pick<LinkRecord, "routes" | "routesUntil"> {
  if (!on) return {};
  const routes = parseStoredRoutes(stored);
  if (routes.length === 0) return {};
  return until === null ? { routes } : { routes, routesUntil: until };
}

export function linkKey(domain: string, alias: string): string {
  return `link:${domain.toLowerCase()}/${alias}`;
}

export type Resolution =
  /** `route`: the matched rule's id, ROUTE_FALLBACK when the link has rules and none matched, null without rules. */
  | { kind: "redirect"; url: string; route: string | null }
  | { kind: "expired" }
  | { kind: "archived" }
  | { kind: "deleted" }
  | { kind: "terminated" }
  | { kind: "not-found" };

/** The rules a record applies at a moment: none once past `routesUntil`. */
export function liveRoutes(record: LinkRecord, now: number): CompactRoute[] | null {
  const routes = record.routes;
  if (!routes || routes.length === 0) return null;
  return record.routesUntil !== undefined && record.routesUntil <= now ? null : routes;
}

/**
 * Decides what a visitor gets for a link record at a moment. `visit` describes the request for
 * the record's routes; it is only read when the record has live routes.
 */
export function resolveLink(record: LinkRecord | null, now: number, visit?: VisitSource): Resolution {
  if (!record) return { kind: "not-found" };
  if (record.status === "deleted") return { kind: "deleted" };
  // Trust and safety held it (docs/decisions/036): staff terminated it, its account, or its domain.
  if (record.status === "terminated") return { kind: "terminated" };
  if (record.status === "archived") return { kind: "archived" };
  if (record.expiresAt !== null && record.expiresAt <= now) return { kind: "expired" };
  const routes = visit ? liveRoutes(record, now) : null;
  if (!routes) return { kind: "redirect", url: record.url, route: null };
  const matched = pickRoute(routes, visit!);
  return matched ? { kind: "redirect", url: matched[3], route: matched[0] } : { kind: "redirect", url: record.url, route: ROUTE_FALLBACK };
}
