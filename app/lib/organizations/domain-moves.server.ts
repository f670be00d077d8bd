/**
 * A bought domain moves to an organization (issue 18, docs/decisions/053). The organization and
 * the mover's standing in it are read from D1 by the route's guard (`organization.domains`); here
 * the domain must be the mover's own personal domain and bought through one of their orders. The
 * row changes owner with the organization's audit row in one batch (both or neither); then the KV host record is
 * written through from the moved row. Links on the host are not touched: they keep redirecting.
 */
import { getBrandedDomain, moveDomainToOrganization, type BrandedDomain } from "../../../db/branded-domains.server";
import type { Db } from "../../../db/client.server";
import { listUserOrganizations, loadStanding } from "../../../db/organizations.server";
import { isDomainBoughtBy } from "../../../db/orders.server";
import type { AuditAction } from "../../../domain/audit";
import { moveRefusal } from "../../../domain/domain-moves";
import { can } from "../../../domain/permissions";
import type { AppEnv } from "../../env.server";
import type { Viewer } from "../../session.server";
import { writeHostRecord } from "../branded-domains.server";
import { actorOf, type OrganizationAccess } from "./access.server";

const MOVED_IN: AuditAction = "domain.moved-in";

/** The organizations the viewer may move a domain into now: not archived, and `organization.domains` held there. */
export async function organizationsTakingDomains(db: Db, viewer: Viewer): Promise<{ slug: string; name: string }[]> {
  // Organizations are behind the developer flag (guard D, decision 026): without it, none.
  if (!viewer.user.isDeveloper) return [];
  const actor = actorOf(viewer);
  const organizations = (await listUserOrganizations(db, viewer.user.id)).filter((o) => !o.archived);
  const standings = await Promise.all(organizations.map((o) => loadStanding(db, viewer.user.id, o)));
  return organizations
    .filter((_, i) => can(actor, "organization.domains", { kind: "organization", standing: standings[i]! }))
    .map((o) => ({ slug: o.slug, name: o.name }));
}

/**
 * The viewer's own personal domain that they bought, by host name, or a 404 answer (someone
 * else's, an organization's, a domain added by hand, or no such host: one answer for all).
 */
export async function requireMovableDomain(access: OrganizationAccess, hostname: string): Promise<BrandedDomain> {
  const domain = await getBrandedDomain(access.db, hostname);
  const refusal = moveRefusal({
    domainWorkspaceId: domain ? domain.workspaceId : null,
    personalWorkspaceId: access.viewer.user.id,
    boughtByMover: domain ? await isDomainBoughtBy(access.db, access.viewer.user.id, domain.hostname) : false,
    // The route's guard has just checked `organization.domains` in this organization from D1.
    holdsPermission: true,
    organizationArchived: access.organization.archived,
  });
  if (refusal === "forbidden") throw new Response("Permission denied.", { status: 403 });
  if (!domain || refusal) throw new Response("Domain not found.", { status: 404 });
  return domain;
}

/** Moves the domain (already checked by requireMovableDomain) into the organization. False: it had moved already. */
export async function moveBoughtDomain(env: AppEnv, access: OrganizationAccess, domain: BrandedDomain): Promise<boolean> {
  const moved = await moveDomainToOrganization(access.db, domain.id, access.viewer.user.id, access.organization.id, {
    actorUserId: access.actor.userId,
    action: MOVED_IN,
    target: domain.hostname,
    details: { from: "account", kind: domain.kind },
    at: new Date(),
  });
  if (!moved) return false;
  // The host record is the host's, not its owner's: written through again from the moved row (same serving state).
  const after = await getBrandedDomain(access.db, domain.hostname);
  if (after) await writeHostRecord(env, after);
  return true;
}
