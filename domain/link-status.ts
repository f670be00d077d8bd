export const LINK_STATUSES = ["active", "archived", "deleted", "terminated"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/**
 * The link's status as the REST API and the webhooks name it (spec 01 §3 Alias status): a link
 * staff hold (terminated itself, its account terminated, or its destination's domain banned)
 * answers 451 to visitors whatever its own status, so it is "terminated", never "active".
 */
export function publicLinkStatus(link: { status: string; blocked: string | null }): LinkStatus {
  if (link.status === "deleted") return "deleted";
  if (link.blocked) return "terminated";
  return link.status === "archived" ? "archived" : "active";
}
