/**
 * Marking notifications read (PUT /app/api/notifications/read, spec 01 §7) takes up to 100 ids
 * in one call. D1 binds at most 100 parameters a statement, so the call's own maximum must not
 * become one statement with a parameter per id (it answered 500). Real D1 (workerd).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { countUnreadNotifications, createNotification, markNotificationsRead } from "../../db/notifications.server";

const DB = (env as unknown as { DB: D1Database }).DB;
const db = getDb(DB);

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'T', ?, 1, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

describe("marking notifications read", () => {
  it("marks 100 notifications read in one call (the call's maximum)", async () => {
    const userId = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await createNotification(db, userId, { title: `N${i}` }));
    expect(await countUnreadNotifications(db, userId)).toBe(101);

    await markNotificationsRead(db, userId, ids.slice(0, 100));

    expect(await countUnreadNotifications(db, userId)).toBe(1);
    const left = await DB.prepare("SELECT id FROM notifications WHERE user_id = ? AND read_at IS NULL").bind(userId).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([ids[100]]);
  });

  it("ignores ids of another user's notifications", async () => {
    const owner = await newUser();
    const other = await newUser();
    const theirs = await createNotification(db, other, { title: "theirs" });
    const mine = await createNotification(db, owner, { title: "mine" });
    await markNotificationsRead(db, owner, [mine, theirs]);
    expect(await countUnreadNotifications(db, owner)).toBe(0);
    expect(await countUnreadNotifications(db, other)).toBe(1);
  });
});
