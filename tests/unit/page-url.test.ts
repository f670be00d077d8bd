/**
 * React Router's single fetch: a client-side navigation, a revalidation or a form posted with
 * JavaScript on reaches the loaders and actions as `{path}.data?_routes=…`, and React Router hands
 * them that request as it came. Loaders and actions that tell pages apart by their path, or send
 * the path on, must read the page's path (app/lib/page-url.ts), or a page answers as another one.
 */
import { expect, test } from "vitest";
import { pagePathname, pageUrl } from "../../app/lib/page-url";
import { scopeOf } from "../../app/routes/organizations/links";
import { immediate } from "../../app/routes/settings/subscription.cancel";
import { viewOf } from "../../app/routes/team/api";
import { requestTarget } from "../../app/session.server";
import { pastDueRefusal } from "../../app/lib/past-due.server";

const ORIGIN = "http://localhost:8787";
/** The request a client-side navigation to `path` makes (single fetch). */
const navigation = (path: string, routes = "root,routes/x") => {
  const url = new URL(path, ORIGIN);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  url.searchParams.set("_routes", routes);
  return new Request(url);
};
/** The request a form posted with JavaScript on makes. */
const post = (path: string) => new Request(new URL(`${path}.data`, ORIGIN), { method: "POST" });

test("the page's path and query, without the single-fetch suffix and _routes", () => {
  expect(pagePathname(navigation("/app/settings/api/new"))).toBe("/app/settings/api/new");
  expect(pagePathname(navigation("/app/kiosk/"))).toBe("/app/kiosk/");
  expect(pagePathname(navigation("/"))).toBe("/");
  expect(pagePathname(`${ORIGIN}/_root.data`)).toBe("/");
  const url = pageUrl(navigation("/dashboard?q=a%20b&page=2"));
  expect(url.pathname + url.search).toBe("/dashboard?q=a+b&page=2");
  // A document request is left as it is, its query untouched.
  const plain = pageUrl(new Request(`${ORIGIN}/dashboard?q=a%20b`));
  expect(plain.pathname + plain.search).toBe("/dashboard?q=a%20b");
});

test("the login's `to` is the page a signed-out client-side navigation was going to, not its data request", () => {
  expect(requestTarget(navigation("/app/settings/security"))).toBe("/app/settings/security");
  expect(requestTarget(navigation("/app/settings/api?notice=saved"))).toBe("/app/settings/api?notice=saved");
  expect(requestTarget(new Request(`${ORIGIN}/app/settings/security`))).toBe("/app/settings/security");
});

test("a team's new API token form posted with JavaScript on is the new-token page, not the list", () => {
  const path = "/app/organization/acme/team/sales/api/new";
  expect(viewOf({ params: { org: "acme", team: "sales" }, request: post(path) })).toBe("new");
  expect(viewOf({ params: { org: "acme", team: "sales" }, request: navigation(path) })).toBe("new");
  expect(viewOf({ params: { org: "acme", team: "sales" }, request: navigation("/app/organization/acme/team/sales/api") })).toBe("list");
  expect(viewOf({ params: { org: "acme", team: "sales", tokenId: "t1" }, request: post(`${path}/../edit/t1`) })).toBe("edit");
});

test("an organization's 'me' page reached by a link is the user's own links, not the organization's dashboard", () => {
  expect(scopeOf({ params: { org: "acme" }, request: navigation("/app/organizations/acme/me") })).toBe("personal");
  expect(scopeOf({ params: { org: "acme" }, request: navigation("/app/organizations/acme/dashboard") })).toBe("organization");
});

test("/app/settings/subscription/cancel/now reached by a link is the immediate cancel", () => {
  expect(immediate(navigation("/app/settings/subscription/cancel/now"))).toBe(true);
  expect(immediate(navigation("/app/settings/subscription/cancel"))).toBe(false);
});

test("a past-due user's client-side navigation to the past-due page or another page it allows is let through, not sent there again", () => {
  expect(pastDueRefusal(navigation("/app/subscribe"))).toBeNull();
  expect(pastDueRefusal(post("/app/subscribe"))).toBeNull();
  expect(pastDueRefusal(navigation("/app/pricing"))).toBeNull();
  expect(pastDueRefusal(navigation("/app/terms"))).toBeNull();
  const elsewhere = pastDueRefusal(navigation("/app/settings/security"));
  expect(elsewhere?.status).toBe(302);
  expect(elsewhere?.headers.get("location")).toBe("/app/subscribe");
  expect(pastDueRefusal(new Request(`${ORIGIN}/app/subscribe`))).toBeNull();
});

test("the bar's return address is the page's, also for a path ending in a slash asked through its data request", async () => {
  const { returnToOf } = await import("../../app/lib/nav.server");
  expect(returnToOf(new URL(navigation("/app/kiosk/").url))).toBe("/app/kiosk/");
  expect(returnToOf(new URL(navigation("/").url))).toBe("/");
  expect(returnToOf(new URL(navigation("/dashboard?q=news&invitations=1").url))).toBe("/dashboard?q=news");
  expect(returnToOf(new URL(`${ORIGIN}/app/settings/api?x=1`))).toBe("/app/settings/api?x=1");
});
