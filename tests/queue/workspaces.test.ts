/**
 * Workspaces in D1 (docs/decisions/027): a team's workspace comes with the team, a link's audit
 * row is written in the same batch as the link (both or neither), the organization list reads every
 * workspace of the organization, and closing an account leaves the team's links live.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditInsert } from "../../db/audit.server";
import { startBulkImport } from "../../db/bulk-imports.server";
import { getDb } from "../../db/client.server";
import { listUserLinks } from "../../db/dashboard.server";
import { AliasTakenError, createLink, deleteLink, deleteUserLinks, updateLink, type LinkStores } from "../../db/links.server";
import { auditLog, links, organizations, teams, users, workspaces } from "../../db/schema";
import { ensureMemberWorkspace } from "../../db/workspaces.server";

const testEnv = env as unknown as { DB: D1Database; LINKS: KVNamespace };
const db = getDb(testEnv.DB);
const now = new Date("2026-11-25T09:00:00Z");

async function newUser(label: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, name: label, email: `${label}-${id}@example.com`, createdAt: now, updatedAt: now });
  return id;
}

async function seed() {
  const ownerId = await newUser("owner");
  const memberId = await newUser("member");
  const orgId = crypto.randomUUID();
  await db
    .insert(organizations)
    .values({ id: orgId, slug: `ws-${orgId.slice(0, 8)}`, name: "Acme", ownerUserId: ownerId, createdAt: now, updatedAt: now });
  const teamId = crypto.randomUUID();
  await db.insert(teams).values({ id: teamId, organizationId: orgId, slug: "alpha", name: "Alpha", createdAt: now, updatedAt: now });
  return { ownerId, memberId, orgId, teamId };
}

function auditedStores(organizationId: string, userId: string): LinkStores {
  return {
    db,
    kv: testEnv.LINKS,
    audit: (kind, link) =>
      auditInsert(db, { organizationId, actorUserId: userId, action: `link.${kind}`, target: `${link.domain}/${link.alias}` }),
  };
}

describe("workspaces", () => {
  it("a user and a team get their workspace with the row that creates them; a member's is made once", async () => {
    const s = await seed();
    const rows = await db.select().from(workspaces).where(eq(workspaces.organizationId, s.orgId));
    expect(rows).toEqual([expect.objectContaining({ id: s.teamId, kind: "team", teamId: s.teamId })]);
    expect((await db.select().from(workspaces).where(eq(workspaces.id, s.memberId)))[0]).toMatchObject({
      kind: "personal",
      userId: s.memberId,
    });
    const first = await ensureMemberWorkspace(db, s.orgId, s.memberId);
    expect(await ensureMemberWorkspace(db, s.orgId, s.memberId)).toBe(first);
    // A team workspace of another organization cannot be stored.
    const other = await seed();
    await expect(
      db
        .insert(workspaces)
        .values({ id: crypto.randomUUID(), kind: "team", organizationId: other.orgId, teamId: s.teamId, createdAt: now }),
    ).rejects.toThrow();
  });

  it("writes a team link and its audit row in one batch; a taken alias writes neither", async () => {
    const s = await seed();
    const stores = auditedStores(s.orgId, s.memberId);
    const alias = `ws${crypto.randomUUID().slice(0, 8)}`;
    const link = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/a",
      alias,
      userId: s.memberId,
      workspaceId: s.teamId,
    });
    expect(link.workspaceId).toBe(s.teamId);
    await expect(
      createLink(stores, { domain: "localhost:8787", url: "https://example.com/b", alias, userId: s.memberId, workspaceId: s.teamId }),
    ).rejects.toBeInstanceOf(AliasTakenError);
    const trail = await db.select().from(auditLog).where(eq(auditLog.organizationId, s.orgId));
    expect(trail.map((row) => [row.action, row.target, row.actorUserId])).toEqual([
      ["link.created", `localhost:8787/${alias}`, s.memberId],
    ]);
    // An edit and a delete write theirs with the change.
    await updateLink(stores, link.id, { url: "https://example.com/changed" });
    await deleteLink(stores, link.id);
    const after = await db.select().from(auditLog).where(eq(auditLog.organizationId, s.orgId)).orderBy(auditLog.id);
    expect(after.map((row) => row.action)).toEqual(["link.created", "link.updated", "link.deleted"]);
  });

  it("an import into a team writes its links.imported row in the same batch as the import", async () => {
    const s = await seed();
    const input = {
      userId: s.memberId,
      workspaceId: s.teamId,
      fileHash: crypto.randomUUID(),
      fileName: "team.csv",
      format: "csv" as const,
      domain: "localhost:8787",
      withHeader: true,
      total: 2,
    };
    const audit = () =>
      auditInsert(db, {
        organizationId: s.orgId,
        actorUserId: s.memberId,
        action: "links.imported",
        target: "team.csv",
        details: { total: 2 },
      });
    const { bulkImport, schedule } = await startBulkImport(db, input, now, audit());
    expect(schedule).toBe(true);
    expect(bulkImport.workspaceId).toBe(s.teamId);
    const trail = await db.select().from(auditLog).where(eq(auditLog.organizationId, s.orgId));
    expect(trail.map((row) => [row.action, row.target])).toEqual([["links.imported", "team.csv"]]);
  });

  it("lists every workspace of the organization, one team's, and closing an account leaves the team's links live", async () => {
    const s = await seed();
    const stores: LinkStores = { db, kv: testEnv.LINKS };
    const member = await ensureMemberWorkspace(db, s.orgId, s.memberId);
    const teamLink = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/team",
      userId: s.memberId,
      workspaceId: s.teamId,
    });
    const ownLink = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/own",
      userId: s.memberId,
      workspaceId: member,
    });
    const personal = await createLink(stores, {
      domain: "localhost:8787",
      url: "https://example.com/p",
      userId: s.memberId,
      workspaceId: s.memberId,
    });
    const list = async (workspaceId: string | { organizationId: string }) =>
      (await listUserLinks(db, { workspaceId, search: null, state: "all", sort: "newest", page: 1, pageSize: 25 })).links
        .map((l) => l.id)
        .sort();
    expect(await list({ organizationId: s.orgId })).toEqual([teamLink.id, ownLink.id].sort());
    expect(await list(s.teamId)).toEqual([teamLink.id]);
    expect(await list(s.memberId)).toEqual([personal.id]);

    await db.delete(users).where(eq(users.id, s.memberId));
    await deleteUserLinks(stores, s.memberId);
    const after = await db
      .select({ id: links.id, status: links.status, workspaceId: links.workspaceId })
      .from(links)
      .where(eq(links.userId, s.memberId));
    expect(Object.fromEntries(after.map((l) => [l.id, [l.status, l.workspaceId]]))).toEqual({
      [teamLink.id]: ["active", s.teamId],
      [ownLink.id]: ["deleted", null],
      [personal.id]: ["deleted", null],
    });
  });
});
