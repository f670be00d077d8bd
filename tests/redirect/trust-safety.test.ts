/**
 * Trust and safety at the edge (decision 036): a link staff terminate, a link to a domain staff
 * ban, and every link of an account staff terminate stop redirecting at this isolate's next
 * change-feed poll (no purge reaching it), answering the "link disabled" page; restoring brings
 * them back the same way.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { linkIdsByDestination } from "../../db/kiosk-links.server";
import { createLink, type LinkStores } from "../../db/links.server";
import { banDomain, moveLink, setAccountTerminated, setLinksTerminated, unbanDomain } from "../../db/trust-safety.server";
import { hostKey } from "../../domain/host-record";
import { linkKey } from "../../domain/link-record";
import { createRedirectApp, type RedirectDeps } from "../../workers/redirect/src/app";
import { HOST, ORIGIN, recordingQueue, testEnv, uniqueAlias, testDeps } from "./helpers";

const db = getDb(testEnv.DB);
/** Stores as another colo's app sees them: no purge reaching this isolate, only the feed. */
const elsewhere: LinkStores = { db, kv: testEnv.LINKS };
const staff = { id: crypto.randomUUID(), email: `staff-${Date.now()}@example.com` };

async function visit(app: ReturnType<typeof createRedirectApp>, alias: string) {
  const { queue, sent } = recordingQueue();
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}/${alias}`, { redirect: "manual" }), { ...testEnv, CLICKS: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return { response, clicks: sent.length };
}

/** Lets the poll interval pass, and visits once so the poll runs (answered from the cache). */
async function afterPoll(app: ReturnType<typeof createRedirectApp>, deps: RedirectDeps, alias: string) {
  deps.feed.nextPollAt = 0;
  await visit(app, alias);
  return visit(app, alias);
}

async function expectDisabled(result: { response: Response; clicks: number }) {
  expect(result.response.status).toBe(451);
  expect(result.response.headers.get("location")).toBeNull();
  expect(await result.response.text()).toContain("This link has been disabled");
  expect(result.clicks).toBe(0);
}

async function insertUser(id: string, email: string) {
  const now = Date.now();
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)")
    .bind(id, "Owner", email, now, now)
    .run();
}

describe("trust and safety at the edge", () => {
  beforeAll(async () => {
    await insertUser(staff.id, staff.email);
  });

  it("a terminated link stops redirecting after the poll, and restoring brings it back", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const alias = uniqueAlias("term");
    const link = await createLink(elsewhere, { domain: HOST, alias, url: "https://example.com/fine" });
    await visit(app, alias); // the first poll learns the cursor
    expect((await visit(app, alias)).response.headers.get("location")).toBe("https://example.com/fine");

    expect(await setLinksTerminated(elsewhere, staff, [link.id], "phishing", `${HOST}/${alias}`)).toBe(1);
    // Cached and fresh for minutes: only the feed tells this isolate.
    expect((await visit(app, alias)).response.status).toBe(302);
    await expectDisabled(await afterPoll(app, deps, alias));
    expect(await testEnv.LINKS.get(linkKey(HOST, alias), "json")).toMatchObject({ status: "terminated" });

    expect(await setLinksTerminated(elsewhere, staff, [link.id], null, `${HOST}/${alias}`)).toBe(1);
    expect((await afterPoll(app, deps, alias)).response.headers.get("location")).toBe("https://example.com/fine");
  });

  it("banning a destination domain holds every link to it and its subdomains, not others; lifting it releases them", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const domain = `${uniqueAlias("bad").toLowerCase()}.example`;
    const direct = uniqueAlias("dom");
    const sub = uniqueAlias("dom");
    const lookalike = uniqueAlias("dom");
    await createLink(elsewhere, { domain: HOST, alias: direct, url: `https://${domain}/login` });
    await createLink(elsewhere, { domain: HOST, alias: sub, url: `https://www.${domain}/` });
    await createLink(elsewhere, { domain: HOST, alias: lookalike, url: `https://not${domain}/?ref=${domain}` });
    await visit(app, direct);
    for (const alias of [direct, sub, lookalike]) expect((await visit(app, alias)).response.status).toBe(302);

    const result = await banDomain(elsewhere, staff, domain, "malware");
    expect(result).toEqual({ ok: true, held: 2, domains: 0 });
    deps.feed.nextPollAt = 0;
    await visit(app, direct);
    await expectDisabled(await visit(app, direct));
    await expectDisabled(await visit(app, sub));
    expect((await visit(app, lookalike)).response.headers.get("location")).toBe(`https://not${domain}/?ref=${domain}`);
    expect(await banDomain(elsewhere, staff, domain, "again")).toEqual({ ok: false });

    // A cold isolate (nothing cached, the KV record read) answers the same.
    const cold = createRedirectApp(testDeps());
    await expectDisabled(await visit(cold, sub));

    expect(await unbanDomain(elsewhere, staff, domain)).toEqual({ links: 2, domains: 0 });
    expect((await afterPoll(app, deps, direct)).response.headers.get("location")).toBe(`https://${domain}/login`);
    expect((await visit(app, sub)).response.status).toBe(302);
  });

  it("lifting staff's ban on a domain the deployment also bans (BANNED_DOMAINS) keeps its links disabled", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const domain = `${uniqueAlias("both").toLowerCase()}.example`;
    const configured = { ...elsewhere, env: { BANNED_DOMAINS: `other.example, ${domain}` } };
    const alias = uniqueAlias("bo");
    await createLink(elsewhere, { domain: HOST, alias, url: `https://${domain}/offer` });
    await visit(app, alias);
    // Staff ban it, then the deployment adds it to BANNED_DOMAINS.
    expect(await banDomain(elsewhere, staff, domain, "staff first")).toEqual({ ok: true, held: 1, domains: 0 });
    expect(await unbanDomain(configured, staff, domain)).toEqual({ links: 0, domains: 0 });
    await expectDisabled(await afterPoll(app, deps, alias));
    expect((await testEnv.DB.prepare("SELECT blocked FROM links WHERE alias = ?").bind(alias).first())?.blocked).toBe("domain");
    // Without the deployment's ban, lifting staff's releases the link.
    expect(await banDomain(elsewhere, staff, domain, "again")).toEqual({ ok: true, held: 0, domains: 0 });
    expect(await unbanDomain(elsewhere, staff, domain)).toEqual({ links: 1, domains: 0 });
    expect((await afterPoll(app, deps, alias)).response.headers.get("location")).toBe(`https://${domain}/offer`);
  });

  it("banning a domain a ban already covers is refused and writes nothing: the shipped list, BANNED_DOMAINS, staff's, or a domain above it", async () => {
    const domain = `${uniqueAlias("cov").toLowerCase()}.example`;
    const configured = { ...elsewhere, env: { BANNED_DOMAINS: `other.example, ${domain}` } };
    const staffs = `${uniqueAlias("stf").toLowerCase()}.example`;
    expect(await banDomain(elsewhere, staff, staffs, "malware")).toEqual({ ok: true, held: 0, domains: 0 });
    for (const [stores, covered] of [
      [elsewhere, "phishing.example"],
      [elsewhere, "login.phishing.example"],
      [configured, domain],
      [configured, `www.${domain}`],
      [elsewhere, staffs],
      [elsewhere, `shop.${staffs}`],
    ] as const) {
      expect(await banDomain(stores, staff, covered, "again"), covered).toEqual({ ok: false });
    }
    const rows = await testEnv.DB.prepare("SELECT domain FROM banned_domains WHERE domain LIKE ? OR domain LIKE ? OR domain LIKE ?")
      .bind("%phishing.example", `%${domain}`, `%${staffs}`)
      .all<{ domain: string }>();
    expect(rows.results.map((row) => row.domain)).toEqual([staffs]);
    // A domain above a banned one is not covered by it: it is banned.
    const wider = `${uniqueAlias("wide").toLowerCase()}.example`;
    expect(await banDomain({ ...elsewhere, env: { BANNED_DOMAINS: `shop.${wider}` } }, staff, wider, "wider")).toEqual({
      ok: true,
      held: 0,
      domains: 0,
    });
    for (const lifted of [staffs, wider]) await unbanDomain(elsewhere, staff, lifted);
  });

  it("banning a domain holds a branded domain's root and 404 redirects to it (the host's own pages instead); lifting it releases them", async () => {
    const domain = `${uniqueAlias("brd").toLowerCase()}.example`;
    const owner = crypto.randomUUID();
    await insertUser(owner, `${owner}@example.com`);
    const both = `${uniqueAlias("both").toLowerCase()}.example.com`;
    const one = `${uniqueAlias("one").toLowerCase()}.example.com`;
    const redirects = {
      [both]: { root: `https://${domain}/`, notFound: `https://www.${domain}/missing` },
      [one]: { root: "https://example.com/home", notFound: `https://shop.${domain}/missing` },
    };
    for (const [hostname, { root, notFound }] of Object.entries(redirects)) {
      await testEnv.DB.prepare(
        "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, root_redirect, not_found_redirect, created_at) VALUES (?, ?, ?, ?, 'domain', 'active', ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), owner, owner, hostname, root, notFound, Date.now())
        .run();
      // The host record as the app wrote it when the redirects were saved, before the ban.
      await testEnv.LINKS.put(hostKey(hostname), JSON.stringify({ active: true, root, notFound }));
    }
    /** What / and an unknown alias of the host answer, from a cold isolate (the KV record read). */
    const answers = async (hostname: string) => {
      const app = createRedirectApp(testDeps());
      const out: [number, string | null][] = [];
      for (const path of ["/", `/${uniqueAlias("nope")}`]) {
        const ctx = createExecutionContext();
        const response = await app.fetch(new Request(`http://${hostname}${path}`, { redirect: "manual" }), testEnv, ctx);
        await waitOnExecutionContext(ctx);
        out.push([response.status, response.headers.get("location")]);
      }
      return out;
    };
    expect(await answers(both)).toEqual([
      [302, `https://${domain}/`],
      [302, `https://www.${domain}/missing`],
    ]);

    // Both hosts' records change: `both` loses its root and 404 redirects, `one` its 404 redirect.
    expect(await banDomain(elsewhere, staff, domain, "phishing")).toEqual({ ok: true, held: 0, domains: 2 });
    expect(await testEnv.LINKS.get(hostKey(both), "json")).toEqual({ active: true, root: null, notFound: null });
    expect(await testEnv.LINKS.get(hostKey(one), "json")).toEqual({ active: true, root: "https://example.com/home", notFound: null });
    expect(await answers(both)).toEqual([
      [200, null],
      [404, null],
    ]);
    expect(await answers(one)).toEqual([
      [302, "https://example.com/home"],
      [404, null],
    ]);
    // The owner's saved values stay: lifting the ban brings them back.
    const saved = await testEnv.DB.prepare("SELECT root_redirect FROM branded_domains WHERE hostname = ?")
      .bind(both)
      .first("root_redirect");
    expect(saved).toBe(`https://${domain}/`);

    expect(await unbanDomain(elsewhere, staff, domain)).toEqual({ links: 0, domains: 2 });
    for (const [hostname, { root, notFound }] of Object.entries(redirects)) {
      expect(await testEnv.LINKS.get(hostKey(hostname), "json")).toEqual({ active: true, root, notFound });
    }
    expect(await answers(one)).toEqual([
      [302, "https://example.com/home"],
      [302, `https://shop.${domain}/missing`],
    ]);
  });

  it("banning a domain holds a link whose redirect route sends some visitors there (the whole link), and lifting it releases it", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const domain = `${uniqueAlias("route").toLowerCase()}.example`;
    const alias = uniqueAlias("rt");
    const routes = JSON.stringify([["fr", "l", ["fr"], `https://shop.${domain}/fr`]]);
    await createLink(elsewhere, { domain: HOST, alias, url: "https://example.com/home", routes, routesOn: true });
    const french = { headers: { "accept-language": "fr-FR" } };
    const frenchVisit = async () => {
      const ctx = createExecutionContext();
      const { queue } = recordingQueue();
      const response = await app.fetch(
        new Request(`${ORIGIN}/${alias}`, { redirect: "manual", ...french }),
        { ...testEnv, CLICKS: queue },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    await visit(app, alias);
    expect((await frenchVisit()).headers.get("location")).toBe(`https://shop.${domain}/fr`);

    expect(await banDomain(elsewhere, staff, domain, "phishing shop")).toEqual({ ok: true, held: 1, domains: 0 });
    deps.feed.nextPollAt = 0;
    await visit(app, alias);
    expect((await frenchVisit()).status).toBe(451);
    await expectDisabled(await visit(app, alias));
    expect((await testEnv.DB.prepare("SELECT blocked FROM links WHERE alias = ?").bind(alias).first())?.blocked).toBe("domain");

    expect(await unbanDomain(elsewhere, staff, domain)).toEqual({ links: 1, domains: 0 });
    expect((await afterPoll(app, deps, alias)).response.headers.get("location")).toBe("https://example.com/home");
    expect((await frenchVisit()).headers.get("location")).toBe(`https://shop.${domain}/fr`);
  });

  it("terminating an account holds each of its links; its new links are held from the start; restoring releases them", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const userId = crypto.randomUUID();
    await insertUser(userId, `${userId}@example.com`);
    const first = uniqueAlias("acct");
    const second = uniqueAlias("acct");
    const stranger = uniqueAlias("acct");
    await createLink(elsewhere, { domain: HOST, alias: first, url: "https://example.com/one", userId, workspaceId: userId });
    await createLink(elsewhere, { domain: HOST, alias: second, url: "https://example.org/two", userId, workspaceId: userId });
    await createLink(elsewhere, { domain: HOST, alias: stranger, url: "https://example.com/three" });
    await visit(app, first);
    for (const alias of [first, second, stranger]) expect((await visit(app, alias)).response.status).toBe(302);

    expect(await setAccountTerminated(elsewhere, staff, userId, `${userId}@example.com`, "spam")).toBe(2);
    deps.feed.nextPollAt = 0;
    await visit(app, first);
    await expectDisabled(await visit(app, first));
    await expectDisabled(await visit(app, second));
    expect((await visit(app, stranger)).response.status).toBe(302);

    const late = uniqueAlias("acct");
    await createLink(elsewhere, { domain: HOST, alias: late, url: "https://example.com/late", userId, workspaceId: userId });
    await expectDisabled(await visit(app, late));

    expect(await setAccountTerminated(elsewhere, staff, userId, `${userId}@example.com`, null)).toBe(3);
    expect((await afterPoll(app, deps, first)).response.headers.get("location")).toBe("https://example.com/one");
    expect((await visit(app, second)).response.status).toBe(302);
    expect((await visit(app, late)).response.status).toBe(302);
  });

  it("a link held for two reasons stays held until both are lifted, and every change writes a staff log row", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const domain = `${uniqueAlias("two").toLowerCase()}.example`;
    const alias = uniqueAlias("two");
    const link = await createLink(elsewhere, { domain: HOST, alias, url: `https://${domain}/` });
    await visit(app, alias);
    await setLinksTerminated(elsewhere, staff, [link.id], "reported", `${HOST}/${alias}`);
    await banDomain(elsewhere, staff, domain, "malware");
    await setLinksTerminated(elsewhere, staff, [link.id], null, `${HOST}/${alias}`);
    await expectDisabled(await afterPoll(app, deps, alias));
    await unbanDomain(elsewhere, staff, domain);
    expect((await afterPoll(app, deps, alias)).response.status).toBe(302);

    const rows = await testEnv.DB.prepare("SELECT action FROM staff_audit_log WHERE target IN (?, ?) ORDER BY id")
      .bind(domain, `${HOST}/${alias}`)
      .all<{ action: string }>();
    expect(rows.results.map((row) => row.action)).toEqual(["link.terminated", "domain.banned", "link.restored", "domain.unbanned"]);
  });

  it("long URLs: every link to one destination is terminated in one batch, and restored the same way", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const destination = `https://example.com/${uniqueAlias("dest")}`;
    const aliases = [uniqueAlias("lu"), uniqueAlias("lu"), uniqueAlias("lu")];
    for (const alias of aliases) await createLink(elsewhere, { domain: HOST, alias, url: destination });
    const other = uniqueAlias("lu");
    await createLink(elsewhere, { domain: HOST, alias: other, url: `${destination}/other` });
    await visit(app, aliases[0]!);
    for (const alias of [...aliases, other]) expect((await visit(app, alias)).response.status).toBe(302);

    const ids = await linkIdsByDestination(db, destination);
    expect(ids).toHaveLength(3);
    expect(await setLinksTerminated(elsewhere, staff, ids, "spam wave", destination)).toBe(3);
    deps.feed.nextPollAt = 0;
    await visit(app, aliases[0]!);
    for (const alias of aliases) await expectDisabled(await visit(app, alias));
    expect((await visit(app, other)).response.status).toBe(302);
    const log = await testEnv.DB.prepare("SELECT action, details FROM staff_audit_log WHERE target = ?")
      .bind(destination)
      .first<{ action: string; details: string }>();
    expect(log?.action).toBe("link.bulk-terminated");
    expect(JSON.parse(log!.details)).toMatchObject({ reason: "spam wave", links: 3 });

    expect(await setLinksTerminated(elsewhere, staff, ids, null, destination)).toBe(3);
    deps.feed.nextPollAt = 0;
    await visit(app, aliases[0]!);
    for (const alias of aliases) expect((await visit(app, alias)).response.headers.get("location")).toBe(destination);
  });

  it("moving a link to another user's workspace makes it theirs; moved to a terminated account, it is held", async () => {
    const deps = testDeps();
    const app = createRedirectApp(deps);
    deps.feed.nextPollAt = 0;
    const [from, to] = [crypto.randomUUID(), crypto.randomUUID()];
    await insertUser(from, `${from}@example.com`);
    await insertUser(to, `${to}@example.com`);
    const alias = uniqueAlias("mv");
    const link = await createLink(elsewhere, { domain: HOST, alias, url: "https://example.com/moved", userId: from, workspaceId: from });
    await visit(app, alias);
    await setAccountTerminated(elsewhere, staff, to, `${to}@example.com`, "spam");

    await moveLink(elsewhere, staff, link.id, { id: to, email: `${to}@example.com` }, `${HOST}/${alias}`);
    const row = await testEnv.DB.prepare("SELECT user_id, workspace_id, blocked FROM links WHERE id = ?").bind(link.id).first();
    expect(row).toEqual({ user_id: to, workspace_id: to, blocked: "account" });
    await expectDisabled(await afterPoll(app, deps, alias));
    const log = await testEnv.DB.prepare("SELECT details FROM staff_audit_log WHERE action = 'link.moved' AND target = ?")
      .bind(`${HOST}/${alias}`)
      .first<{ details: string }>();
    expect(JSON.parse(log!.details)).toMatchObject({ to: `${to}@example.com`, from });
  });
});
