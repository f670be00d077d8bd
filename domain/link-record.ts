/**
 * What the hot path needs to answer a short link: the record stored in KV under
 * `linkKey(domain, alias)`, written through on every create, edit and delete.
 */
import type { LinkStatus } from "./link-status";

export interface LinkRecord {
  id: string;
  url: string;
  status: LinkStatus;
  /** epoch milliseconds, or null for no expiry */
  expiresAt: number | null;
}

export function linkKey(domain: string, alias: string): string {
  return `link:${domain.toLowerCase()}/${alias}`;
}

export type Resolution =
  | { kind: "redirect"; url: string }
  | { kind: "expired" }
  | { kind: "archived" }
  | { kind: "deleted" }
  | { kind: "terminated" }
  | { kind: "not-found" };

/** Decides what a visitor gets for a link record at a moment. */
export function resolveLink(record: LinkRecord | null, now: number): Resolution {
  if (!record) return { kind: "not-found" };
  if (record.status === "deleted") return { kind: "deleted" };
  // Trust and safety held it (docs/decisions/036): staff terminated it, its account, or its domain.
  if (record.status === "terminated") return { kind: "terminated" };
  if (record.status === "archived") return { kind: "archived" };
  if (record.expiresAt !== null && record.expiresAt <= now) return { kind: "expired" };
  return { kind: "redirect", url: record.url };
}
