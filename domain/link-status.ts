export const LINK_STATUSES = ["active", "archived", "deleted", "terminated"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
