/**
 * Search boxes against the real D1: a pasted URL is longer than the 50 bytes D1 allows a LIKE
 * pattern, and every search (the dashboard and the REST API's lists, the kiosk's users, links and
 * destinations) must still answer, match any ASCII case, and take `%`, `_` and `\` literally.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { listUserLinks } from "../../db/dashboard.server";
import { searchDestinations, searchLinks } from "../../db/kiosk-links.server";
import { listUsers } from "../../db/users.server";
import { newUser, run } from "./seed";

const db = getDb((env as unknown as { DB: D1Database }).DB);

const LONG_PATH = "/campaigns/2026/black-friday/landing-page?utm_source=newsletter&utm_medium=email";
const LONG_URL = `https://shop.example.com${LONG_PATH}`;

async function link(owner: string, alias: string, url: string) {
  await run(
    `INSERT INTO links (id, domain, alias, url, status, user_id, workspace_id, created_at, updated_at)
     VALUES (?, 'snip.test', ?, ?, 'active', ?, ?, 1, 1)`,
    crypto.randomUUID(),
    alias,
    url,
    owner,
    owner,
  );
}

describe("searching with a long or literal text", () => {
  it("finds links by a pasted URL longer than a LIKE pattern may be, in any ASCII case", async () => {
    const owner = await newUser("searcher");
    await link(owner, "bf-landing", LONG_URL);
    await link(owner, "other", "https://example.com/");
    const list = async (type: "url" | "alias", query: string) =>
      (
        await listUserLinks(db, { workspaceId: owner, search: { type, query }, state: "all", sort: "newest", page: 1, pageSize: 25 })
      ).links.map((l) => l.alias);
    expect(LONG_URL.length).toBeGreaterThan(50);
    expect(await list("url", LONG_URL)).toEqual(["bf-landing"]);
    expect(await list("url", LONG_URL.toUpperCase())).toEqual(["bf-landing"]);
    expect(await list("url", `${LONG_URL}-not-there`)).toEqual([]);
    expect(await list("alias", "a".repeat(200))).toEqual([]);
    expect(await list("alias", "BF-LAND")).toEqual(["bf-landing"]);
  });

  it("takes %, _ and \\ as plain characters", async () => {
    const owner = await newUser("literal");
    await link(owner, "pct", "https://example.com/50%_off\\now");
    await link(owner, "plain", "https://example.com/50xxoff");
    const list = async (query: string) =>
      (
        await listUserLinks(db, { workspaceId: owner, search: { type: "url", query }, state: "all", sort: "newest", page: 1, pageSize: 25 })
      ).links.map((l) => l.alias);
    expect(await list("50%_off\\")).toEqual(["pct"]);
    expect(await list("50__off")).toEqual([]);
    expect(await list("%")).toEqual(["pct"]);
  });

  it("answers the kiosk's searches for a long text", async () => {
    const owner = await newUser("kiosk-target");
    await link(owner, "kiosk-long", `${LONG_URL}&kiosk=1`);
    const links = await searchLinks(db, `${LONG_URL}&kiosk=1`, 1);
    expect(links.rows.map((r) => r.alias)).toEqual(["kiosk-long"]);
    const destinations = await searchDestinations(db, ` ${LONG_URL.toUpperCase()}&KIOSK=1 `, 1);
    expect(destinations.rows.map((r) => r.url)).toEqual([`${LONG_URL}&kiosk=1`]);
    const users = await listUsers(db, { query: `${owner}@example.com`, page: 1 });
    expect(users.rows.map((u) => u.id)).toEqual([owner]);
    expect((await listUsers(db, { query: "x".repeat(300), page: 1 })).rows).toEqual([]);
  });
});
