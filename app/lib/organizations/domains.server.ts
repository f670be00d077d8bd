/**
 * The organization's domain pages (decision 044): who adds (the organization, bounded by the plan
 * in force for it and its flags: `workspaceSubject(org, null)`), its own domain by host name or 404,
 * and the audit row each change writes in its own batch. The pages ask the guard
 * (`organization.domains`) before calling any of these.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { auditInsert } from "../../../db/audit.server";
import { getBrandedDomain, type BrandedDomain } from "../../../db/branded-domains.server";
import type { Db } from "../../../db/client.server";
import type { AuditAction } from "../../../domain/audit";
import type { Subject } from "../../../domain/entitlements";
import { organizationDomainsPath } from "../../components/organizations/settings-layout";
import type { DomainAdder } from "../branded-domains.server";
import { workspaceSubject } from "../organization-links.server";
import type { OrganizationAccess } from "./access.server";

/**
 * The list page after a change, with its notice (a key of the page's notices); `at` makes each
 * answer a new page for the add form (its last errors do not outlive a change).
 */
export function organizationDomainsNotice(slug: string, notice: string): string {
  return `${organizationDomainsPath(slug)}?notice=${notice}&at=${Date.now().toString(36)}`;
}

/** The organization as the owner of what is added, and the plan in force for it. */
export async function organizationDomainAdder(access: OrganizationAccess): Promise<{ who: DomainAdder; subject: Subject }> {
  const { subject } = await workspaceSubject(access.db, access.organization, null);
  return { who: { userId: access.actor.userId, workspaceId: null, organizationId: access.organization.id, subject }, subject };
}

/** The organization's domain by name, or 404 (another owner's domain is never shown or touched). */
export async function requireOrganizationDomain(access: OrganizationAccess, hostname: string | null | undefined): Promise<BrandedDomain> {
  const domain = hostname ? await getBrandedDomain(access.db, hostname) : undefined;
  if (!domain || domain.organizationId !== access.organization.id) throw new Response("Domain not found.", { status: 404 });
  return domain;
}

type DomainAuditAction = Extract<AuditAction, `domain.${string}`>;

/** The audit row of a change to the organization's domains, for the change's batch. */
export function domainAudit(
  access: OrganizationAccess,
  action: DomainAuditAction,
  target: string,
  details?: Record<string, unknown>,
): (db: Db) => BatchItem<"sqlite"> {
  return (db) =>
    auditInsert(db, {
      organizationId: access.organization.id,
      actorUserId: access.actor.userId,
      action,
      target,
      ...(details ? { details } : {}),
    });
}
