/**
 * How the kiosk names a domain's owner and state (issue 19 kiosk domains, decision 045).
 */
export type DomainWorkspaceKind = "personal" | "team" | "member" | null;

export interface DomainOwnerNames {
  workspaceKind: DomainWorkspaceKind;
  ownerEmail: string | null;
  organizationName: string | null;
  teamName: string | null;
}

/** "User a@b.example", "Team Ops of Acme", "Own links of a@b.example in Acme", "Organization Acme". */
export function domainOwnerLabel(row: DomainOwnerNames): string {
  if (row.workspaceKind === "team") return `Team ${row.teamName ?? "?"} of ${row.organizationName ?? "?"}`;
  if (row.workspaceKind === "member") return `Own links of ${row.ownerEmail ?? "?"} in ${row.organizationName ?? "?"}`;
  if (row.workspaceKind === "personal") return `User ${row.ownerEmail ?? "?"}`;
  // An organization's own domain (decision 044) has no workspace: the organization holds it.
  if (row.organizationName) return `Organization ${row.organizationName}`;
  return "No workspace";
}

/** A branded domain's state as staff read it: staff disabling it wins over what verification says. */
export function kioskDomainState(status: string, disabledAt: Date | string | null): string {
  return disabledAt ? `disabled by staff (${status})` : status;
}

export function kioskDomainHref(hostname: string): string {
  return `/app/kiosk/domain/${encodeURIComponent(hostname)}`;
}
