/**
 * The kiosk's staff log by target (decisions 032, 036): a user's page reads the rows naming them
 * (not the area's newest rows filtered afterwards), and a link's history shows the staff actions
 * that reached it without naming it (long-urls on its destination, its owner's account).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { getLinkHistory } from "../../db/kiosk-links.server";
import { createLink } from "../../db/links.server";
import { listStaffAudit, staffAuditInsert } from "../../db/staff-audit.server";
import { setAccountTerminated, setLinksTerminated } from "../../db/trust-safety.server";
import type { QueueEnv } from "../../workers/queue/src/env";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const stores = { db, kv: testEnv.LINKS };

async function insertUser(id: string, email: string) {
  const now = Date.now();
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)")
    .bind(id, "Someone", email, now, now)
    .run();
}

describe("the staff log by target", () => {
  it("a user's termination stays on their page after 25 other account actions", async () => {
    const staff = { id: crypto.randomUUID(), email: "staff-log@example.com" };
    await insertUser(staff.id, staff.email);
    const userId = crypto.randomUUID();
    const email = `${userId}@example.com`;
    await insertUser(userId, email);
    await setAccountTerminated(stores, staff, userId, email, "spam", new Date(Date.now() - 60_000));
    for (let i = 0; i < 30; i++) {
      await db.batch([staffAuditInsert(db, { staff, action: "account.impersonated", target: `other-${i}@example.com` })]);
    }
    expect((await listStaffAudit(db, "account")).some((row) => row.target === email)).toBe(false);
    expect((await listStaffAudit(db, "account", 25, email)).map((row) => row.action)).toEqual(["account.terminated"]);
  });

  it("a link's history shows its termination through long-urls and through its owner's account", async () => {
    const staff = { id: crypto.randomUUID(), email: "staff-history@example.com" };
    await insertUser(staff.id, staff.email);
    const userId = crypto.randomUUID();
    const email = `${userId}@example.com`;
    await insertUser(userId, email);
    const url = `https://example.com/history-${userId.slice(0, 8)}`;
    const link = await createLink(stores, { domain: "localhost:8787", url, userId, workspaceId: userId });
    const other = await createLink(stores, { domain: "localhost:8787", url, userId, workspaceId: userId });
    await setLinksTerminated(stores, staff, [link.id, other.id], "phishing", url, new Date(Date.now() - 2_000));
    await setAccountTerminated(stores, staff, userId, email, "spam", new Date(Date.now() - 1_000));

    const staffRows = (history: Awaited<ReturnType<typeof getLinkHistory>>) =>
      history.filter((entry) => entry.source === "staff").map((entry) => entry.what);
    expect(staffRows(await getLinkHistory(db, link.domain, link.alias))).toEqual([]);
    const history = await getLinkHistory(db, link.domain, link.alias, 50, { url, ownerEmail: email });
    expect(staffRows(history)).toEqual(["Account terminated", "Every link to a destination terminated"]);
  });
});
