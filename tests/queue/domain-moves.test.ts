/**
 * A bought domain moves to an organization (docs/decisions/053), against the real migrations in
 * workerd's D1: the buyer's registered line makes it "bought", the move and its audit row happen
 * together or not at all (someone else's domain, a second post), the renewal stays the buyer's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { moveDomainToOrganization } from "../../db/branded-domains.server";
import { getDb } from "../../db/client.server";
import { listDomainTeams, listOrganizationDomains } from "../../db/branded-domains.server";
import { createOrderFromCart, isDomainBoughtBy, listDomainsBoughtBy, markOrderItem, listOrderItems } from "../../db/orders.server";
import { createOrganization } from "../../db/organizations.server";
import { priceCart } from "../../domain/orders";

const DB = (env as unknown as { DB: D1Database }).DB;
const db = getDb(DB);
const now = new Date("2026-11-27T01:00:00Z");

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

/** A personal branded domain of the user's workspace, and (bought) a registered line of their order naming it. */
async function personalDomain(userId: string, bought: boolean): Promise<{ id: string; hostname: string }> {
  const hostname = `moved${crypto.randomUUID().slice(0, 8)}.com`;
  const id = crypto.randomUUID();
  await DB.prepare(
    "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, created_at) VALUES (?, ?, ?, ?, 'domain', 'active', ?)",
  )
    .bind(id, userId, userId, hostname, now.getTime())
    .run();
  if (bought) {
    const orderId = await createOrderFromCart(
      db,
      userId,
      priceCart([{ domain: hostname, price: 1200, years: 1, premium: false }], 0),
      0,
      null,
    );
    const [item] = await listOrderItems(db, [orderId]);
    expect(await markOrderItem(db, item!.id, "registered")).toBe(true);
  }
  return { id, hostname };
}

async function organizationOf(ownerUserId: string): Promise<string> {
  const made = await createOrganization(db, { ownerUserId, slug: `mv-${crypto.randomUUID().slice(0, 8)}`, name: "Movers" }, now);
  if (!made.ok) throw new Error("not created");
  return made.id;
}

async function movedInRows(organizationId: string): Promise<{ target: string; actor_user_id: string }[]> {
  const { results } = await DB.prepare(
    "SELECT target, actor_user_id FROM audit_log WHERE organization_id = ? AND action = 'domain.moved-in'",
  )
    .bind(organizationId)
    .all<{ target: string; actor_user_id: string }>();
  return results;
}

const audit = (actorUserId: string, target: string) => ({
  actorUserId,
  action: "domain.moved-in",
  target,
  details: { from: "account" },
  at: now,
});

describe("moving a bought domain to an organization", () => {
  it("knows a domain as bought only from a registered line of the user's own order", async () => {
    const buyer = await newUser();
    const other = await newUser();
    const bought = await personalDomain(buyer, true);
    const byHand = await personalDomain(buyer, false);
    expect(await isDomainBoughtBy(db, buyer, bought.hostname)).toBe(true);
    expect(await isDomainBoughtBy(db, buyer, byHand.hostname)).toBe(false);
    expect(await isDomainBoughtBy(db, other, bought.hostname)).toBe(false);
    expect([...(await listDomainsBoughtBy(db, buyer, [bought.hostname, byHand.hostname]))]).toEqual([bought.hostname]);
  });

  it("moves the row and writes its audit row together; a second move finds nothing and writes nothing", async () => {
    const buyer = await newUser();
    const organizationId = await organizationOf(buyer);
    const domain = await personalDomain(buyer, true);
    expect(await moveDomainToOrganization(db, domain.id, buyer, organizationId, audit(buyer, domain.hostname))).toBe(true);
    const row = await DB.prepare("SELECT workspace_id, organization_id, for_all_teams, status FROM branded_domains WHERE id = ?")
      .bind(domain.id)
      .first();
    expect(row).toEqual({ workspace_id: null, organization_id: organizationId, for_all_teams: 0, status: "active" });
    expect((await listOrganizationDomains(db, organizationId)).map((d) => d.hostname)).toEqual([domain.hostname]);
    expect((await listDomainTeams(db, organizationId)).size).toBe(0);
    expect(await movedInRows(organizationId)).toEqual([{ target: domain.hostname, actor_user_id: buyer }]);

    expect(await moveDomainToOrganization(db, domain.id, buyer, organizationId, audit(buyer, domain.hostname))).toBe(false);
    expect(await movedInRows(organizationId)).toHaveLength(1);
  });

  it("someone else's domain named as the mover's own: no change, no audit row", async () => {
    const buyer = await newUser();
    const thief = await newUser();
    const organizationId = await organizationOf(thief);
    const domain = await personalDomain(buyer, true);
    expect(await moveDomainToOrganization(db, domain.id, thief, organizationId, audit(thief, domain.hostname))).toBe(false);
    const row = await DB.prepare("SELECT workspace_id, organization_id FROM branded_domains WHERE id = ?").bind(domain.id).first();
    expect(row).toEqual({ workspace_id: buyer, organization_id: null });
    expect(await movedInRows(organizationId)).toEqual([]);
  });
});
