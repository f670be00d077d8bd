/**
 * The dashboard (spec 01 §2 "/", "/dashboard"; spec 02 §5 tag rules): a subscriber's home,
 * the list of their own links with search, state filter and pages, and link management (edit,
 * archive, unarchive, delete) checked on the server by capability and ownership, with the short
 * link answering each change at once (KV written through).
 */
import type { Page } from "@playwright/test";
import { devFixture, giveSubscription, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { formatExpiry } from "../../domain/expiry";

const TEXT = {
  permissionDenied: "Permission denied.",
  aliasTaken: "The alias has already been taken.",
  tagTaken: "The tag has already been taken.",
  tagMin: "The tag must be at least 2 characters.",
  tagMax: "The tag must not be greater than 45 characters.",
  archived: "The link has been archived.",
  updated: "The link has been updated.",
} as const;

interface FixtureLink {
  id: string;
  alias: string;
}

/** A fresh alias prefix: letters only, unique per call. */
function prefix(): string {
  return `t${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;
}

async function addLinks(
  page: Page,
  email: string,
  count: number,
  options: { aliasPrefix?: string; url?: string } = {},
): Promise<FixtureLink[]> {
  const { data } = await devFixture(page, { action: "links", email, count, ...options });
  return data.links as FixtureLink[];
}

/** A signed-in Pro user (email not verified: the subscription is enough). */
async function proUser(page: Page): Promise<TestUser> {
  const user = await registerUser(page);
  await giveSubscription(page, user.email, { plan: "pro" });
  return user;
}

/** The answer to a visit of a short link, without following it. */
async function visit(page: Page, alias: string) {
  return page.request.get(`/${alias}`, { maxRedirects: 0 });
}

function row(page: Page, alias: string) {
  return page.getByRole("list", { name: "Links" }).locator(`li[data-alias="${alias}"]`);
}

test.describe("home and access", () => {
  test("a subscriber's homepage is the dashboard, keeping the query", async ({ page }) => {
    await proUser(page);
    await page.goto("/?alias=abcde&active=true");
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?alias=abcde&active=true`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("a subscriber shortens from the dashboard and is shown the new link", async ({ page }) => {
    await proUser(page);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The URL field is required." })).toBeVisible();
    await page.getByLabel("Long URL").fill("https://example.com/from-dashboard");
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?alias=[A-Za-z0-9]{8}&active=true$/);
    const alias = new URL(page.url()).searchParams.get("alias")!;
    // The creation form's result view, then the link in the list below.
    await expect(page.getByLabel("Your short link")).toHaveValue(`${BASE_URL}/${alias}`);
    await expect(row(page, alias)).toContainText("https://example.com/from-dashboard");
    const answer = await visit(page, alias);
    expect(answer.headers().location).toBe("https://example.com/from-dashboard");
  });

  test("a signed-in user without analytics is sent from the dashboard to My URLs", async ({ page }) => {
    await registerUser(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`${BASE_URL}/app/my-urls`);
  });

  test("a guest is asked to sign in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`${BASE_URL}/app/login?to=${encodeURIComponent("/dashboard")}`);
  });
});

test.describe("the list", () => {
  test("shows only the user's own links; searches by alias, tag and url", async ({ page, browser }) => {
    // Someone else's links, with a prefix that would match too.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const other = await proUser(otherPage);
    const shared = prefix();
    const [theirs] = await addLinks(otherPage, other.email, 1, { aliasPrefix: `${shared}x` });
    await otherContext.close();

    const user = await proUser(page);
    const mine = await addLinks(page, user.email, 3, { aliasPrefix: shared, url: "https://example.com/spring-sale" });
    const [elsewhere] = await addLinks(page, user.email, 1, { aliasPrefix: prefix(), url: "https://example.org/other" });

    await page.goto("/dashboard");
    await expect(page.getByText("Showing 1–4 of 4 links")).toBeVisible();
    for (const link of [...mine, elsewhere!]) await expect(row(page, link.alias)).toBeVisible();
    await expect(row(page, theirs!.alias)).toHaveCount(0);

    // Plain text searches aliases (theirs matches the text but is not listed).
    await page.getByLabel("Search links").fill(shared);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Showing 1–3 of 3 links")).toBeVisible();
    await expect(row(page, elsewhere!.alias)).toHaveCount(0);

    // url: searches destinations; LIKE wildcards are literal.
    await page.goto(`/dashboard?q=${encodeURIComponent("url:example.org")}`);
    await expect(page.getByText("Showing 1–1 of 1 link")).toBeVisible();
    await expect(row(page, elsewhere!.alias)).toBeVisible();
    await page.goto(`/dashboard?q=${encodeURIComponent("url:%")}`);
    await expect(page.getByText("No links match your search.")).toBeVisible();

    // tag: after tagging one link in the editor.
    await page.goto(`/dashboard/edit/${mine[1]!.id}`);
    await page.getByLabel("Tags").fill("Spring Sale, news");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    await expect(row(page, mine[1]!.alias).getByRole("list", { name: "Tags" })).toHaveText(/#news.*#springsale/);
    await page.getByLabel("Search links").fill("tag:springsale");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Showing 1–1 of 1 link")).toBeVisible();
    await expect(row(page, mine[1]!.alias)).toBeVisible();
    // A tag on a row links to the tag search.
    await row(page, mine[1]!.alias).getByRole("link", { name: "#news" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?q=${encodeURIComponent("tag:news")}`);
    await expect(page.getByText("Showing 1–1 of 1 link")).toBeVisible();
    // The search box shows the search of the page shown, after a link and after Back, not the one typed before.
    await expect(page.getByLabel("Search links")).toHaveValue("tag:news");
    await page.goBack();
    await expect(page.getByLabel("Search links")).toHaveValue("tag:springsale");
  });

  test("a search for a whole pasted URL answers, longer than a LIKE pattern may be", async ({ page }) => {
    const user = await proUser(page);
    const url = "https://shop.example.com/campaigns/2026/black-friday/landing?utm_source=newsletter&utm_medium=email";
    const [long] = await addLinks(page, user.email, 1, { aliasPrefix: prefix(), url });
    await page.goto("/dashboard");
    await page.getByLabel("Search links").fill(`url:${url}`);
    await page.getByLabel("Search links").press("Enter");
    await expect(page.getByText("Showing 1–1 of 1 link")).toBeVisible();
    await expect(row(page, long!.alias)).toBeVisible();
    // Plain text searches aliases: a long one matches nothing, and says so.
    await page.getByLabel("Search links").fill(url);
    await page.getByLabel("Search links").press("Enter");
    await expect(page.getByText("No links match your search.")).toBeVisible();
  });

  test("pages of 25", async ({ page }) => {
    const user = await proUser(page);
    const links = await addLinks(page, user.email, 30, { aliasPrefix: prefix() });
    await page.goto("/dashboard");
    await expect(page.getByText("Showing 1–25 of 30 links")).toBeVisible();
    await expect(page.getByRole("list", { name: "Links" }).locator(":scope > li")).toHaveCount(25);
    // Newest first: the last created is on top.
    await expect(page.getByRole("list", { name: "Links" }).locator(":scope > li").first()).toHaveAttribute("data-alias", links[29]!.alias);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?page=2`);
    await expect(page.getByText("Showing 26–30 of 30 links")).toBeVisible();
    await expect(page.getByRole("list", { name: "Links" }).locator(":scope > li")).toHaveCount(5);
    await expect(row(page, links[0]!.alias)).toBeVisible();

    // Past the last page: the last page.
    await page.goto("/dashboard?page=9");
    await expect(page).toHaveURL(`${BASE_URL}/dashboard?page=2`);

    await page.goto("/dashboard?sort=oldest");
    await expect(page.getByRole("list", { name: "Links" }).locator(":scope > li").first()).toHaveAttribute("data-alias", links[0]!.alias);
    // Nonsense in the query falls back to defaults rather than failing.
    const response = await page.goto("/dashboard?page=-3&sort=zzz&state=nope");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Showing 1–25 of 30 links")).toBeVisible();
  });
});

test.describe("managing a link", () => {
  test("archive answers the archived page at once; unarchive redirects again", async ({ page }) => {
    const user = await proUser(page);
    const [link] = await addLinks(page, user.email, 1, { aliasPrefix: prefix(), url: "https://example.com/a" });
    expect((await visit(page, link!.alias)).status()).toBe(302);

    await page.goto("/dashboard");
    await row(page, link!.alias)
      .getByRole("button", { name: `Archive ${link!.alias}` })
      .click();
    await expect(page.getByText(TEXT.archived)).toBeVisible();
    await expect(row(page, link!.alias).getByText("Archived", { exact: true })).toBeVisible();
    expect((await visit(page, link!.alias)).status()).toBe(410);

    await page.goto("/dashboard?state=archived");
    await expect(row(page, link!.alias)).toBeVisible();
    await row(page, link!.alias)
      .getByRole("button", { name: `Unarchive ${link!.alias}` })
      .click();
    await expect(page.getByText("The link has been unarchived.")).toBeVisible();
    await expect(page).toHaveURL(/state=archived/);
    const again = await visit(page, link!.alias);
    expect(again.status()).toBe(302);
    expect(again.headers().location).toBe("https://example.com/a");
  });

  test("a new destination is answered at once; a new alias replaces the old one", async ({ page }) => {
    const user = await proUser(page);
    const [link, taken] = await addLinks(page, user.email, 2, { aliasPrefix: prefix(), url: "https://example.com/old" });
    await page.goto("/dashboard");
    await row(page, link!.alias)
      .getByRole("link", { name: `Edit ${link!.alias}` })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/edit/${link!.id}`);

    await page.getByLabel("Destination URL").fill("https://example.com/new?x=1");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    const moved = await visit(page, link!.alias);
    expect(moved.status()).toBe(302);
    expect(moved.headers().location).toBe("https://example.com/new?x=1");

    // A taken alias is refused next to the field.
    await page.goto(`/dashboard/edit/${link!.id}`);
    await page.getByLabel("Alias").fill(taken!.alias);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TEXT.aliasTaken })).toBeVisible();
    // A reserved or malformed one too.
    await page.getByLabel("Alias").fill("dashboard");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This alias is reserved." })).toBeVisible();

    const renamed = `${prefix()}new`;
    await page.getByLabel("Alias").fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    await expect(row(page, renamed)).toBeVisible();
    expect((await visit(page, link!.alias)).status()).toBe(404);
    const fresh = await visit(page, renamed);
    expect(fresh.status()).toBe(302);
    expect(fresh.headers().location).toBe("https://example.com/new?x=1");
  });

  test("delete asks first, then the short link goes to the deleted page", async ({ page }) => {
    const user = await proUser(page);
    const [link] = await addLinks(page, user.email, 1, { aliasPrefix: prefix() });
    await page.goto("/dashboard");
    await row(page, link!.alias)
      .getByRole("button", { name: `Delete ${link!.alias}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete this link?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await visit(page, link!.alias)).status()).toBe(302);

    await row(page, link!.alias)
      .getByRole("button", { name: `Delete ${link!.alias}` })
      .click();
    await dialog.getByRole("button", { name: "Delete link" }).click();
    await expect(page.getByText("The link has been deleted.")).toBeVisible();
    await expect(row(page, link!.alias)).toHaveCount(0);
    const gone = await visit(page, link!.alias);
    expect(gone.status()).toBe(302);
    expect(gone.headers().location).toBe(`${BASE_URL}/app/deleted`);
    // A deleted link can no longer be edited.
    expect((await page.goto(`/dashboard/edit/${link!.id}`))?.status()).toBe(404);
  });

  test("someone else's link is a 404 for the editor and every action", async ({ page, browser }) => {
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const other = await proUser(otherPage);
    const [theirs] = await addLinks(otherPage, other.email, 1, { aliasPrefix: prefix(), url: "https://example.com/theirs" });
    await otherContext.close();

    await proUser(page);
    expect((await page.goto(`/dashboard/edit/${theirs!.id}`))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    const edit = await page.request.post(`/dashboard/edit/${theirs!.id}`, {
      headers: SAME_ORIGIN,
      form: { url: "https://example.com/mine-now" },
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(404);
    for (const intent of ["archive", "delete"]) {
      const response = await page.request.post("/dashboard", { headers: SAME_ORIGIN, form: { intent, id: theirs!.id }, maxRedirects: 0 });
      expect(response.status(), intent).toBe(404);
    }
    const still = await visit(page, theirs!.alias);
    expect(still.status()).toBe(302);
    expect(still.headers().location).toBe("https://example.com/theirs");
  });

  test("without change_snip_url (Free) the destination cannot change", async ({ page }) => {
    const user = await registerUser(page);
    const [link] = await addLinks(page, user.email, 1, { aliasPrefix: prefix(), url: "https://example.com/kept" });
    await page.goto(`/dashboard/edit/${link!.id}`);
    await expect(page.getByLabel("Destination URL")).toBeDisabled();
    const response = await page.request.post(`/dashboard/edit/${link!.id}`, {
      headers: SAME_ORIGIN,
      form: { url: "https://example.com/changed" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(TEXT.permissionDenied);
    expect((await visit(page, link!.alias)).headers().location).toBe("https://example.com/kept");
    // Nor can the Free user archive or delete.
    for (const intent of ["archive", "delete"]) {
      const action = await page.request.post("/dashboard", { headers: SAME_ORIGIN, form: { intent, id: link!.id }, maxRedirects: 0 });
      expect(action.status(), intent).not.toBe(200);
    }
    expect((await visit(page, link!.alias)).status()).toBe(302);
  });

  test("tag rules: spaces removed, lower-cased, 2 to 45 characters, no duplicates", async ({ page }) => {
    const user = await proUser(page);
    const [link] = await addLinks(page, user.email, 1, { aliasPrefix: prefix() });
    const save = async (tags: string) => {
      await page.goto(`/dashboard/edit/${link!.id}`);
      await page.getByLabel("Tags").fill(tags);
      await page.getByRole("button", { name: "Save changes" }).click();
    };
    await save("news, NEWS");
    await expect(page.getByRole("alert")).toHaveText(TEXT.tagTaken);
    await save("a");
    await expect(page.getByRole("alert")).toHaveText(TEXT.tagMin);
    await save("x".repeat(46));
    await expect(page.getByRole("alert")).toHaveText(TEXT.tagMax);
    await save("  Big Deal , , ok ");
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    await expect(row(page, link!.alias).getByRole("list", { name: "Tags" })).toHaveText(/#bigdeal.*#ok/);
  });

  test("expiry: bounds are checked; a set expiry is listed", async ({ page }) => {
    const user = await proUser(page);
    const [link] = await addLinks(page, user.email, 1, { aliasPrefix: prefix() });
    // Hydrated first: a value typed before React takes over the form can be reset by it (a loaded machine showed it).
    await page.goto(`/dashboard/edit/${link!.id}`, { waitUntil: "networkidle" });
    const soon = new Date(Date.now() + 60_000);
    const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel("Expires at").fill(local(soon));
    await expect(page.getByLabel("Expires at")).toHaveValue(local(soon));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toHaveText("The expiry must be at least 5 minutes from now.");
    const later = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    await page.getByLabel("Expires at").fill(local(later));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    await expect(row(page, link!.alias).getByText(/Expires/)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("archive, delete and edit work as plain forms", async ({ page }) => {
    const user = await proUser(page);
    const [link, doomed] = await addLinks(page, user.email, 2, { aliasPrefix: prefix(), url: "https://example.com/nojs" });
    await page.goto("/dashboard");
    await page.getByLabel("Long URL").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Only http and https links can be shortened." })).toBeVisible();
    await page.getByLabel("Long URL").fill("https://example.com/made-without-js");
    await page.getByRole("button", { name: "Shorten", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?alias=[A-Za-z0-9]{8}&active=true$/);
    await expect(page.getByLabel("Your short link")).toBeVisible();
    await row(page, link!.alias)
      .getByRole("button", { name: `Archive ${link!.alias}` })
      .click();
    await expect(page.getByText(TEXT.archived)).toBeVisible();
    expect((await visit(page, link!.alias)).status()).toBe(410);
    await row(page, link!.alias)
      .getByRole("button", { name: `Unarchive ${link!.alias}` })
      .click();
    expect((await visit(page, link!.alias)).status()).toBe(302);

    // The confirm dialog opens through invoker commands, without scripts.
    await row(page, doomed!.alias)
      .getByRole("button", { name: `Delete ${doomed!.alias}` })
      .click();
    await page.getByRole("dialog", { name: "Delete this link?" }).getByRole("button", { name: "Delete link" }).click();
    await expect(page.getByText("The link has been deleted.")).toBeVisible();

    await page.goto(`/dashboard/edit/${link!.id}`);
    await expect(page.getByText("Time in UTC.", { exact: false })).toBeVisible();
    await page.getByLabel("Destination URL").fill("https://example.com/nojs-new");
    await page.getByLabel("Tags").fill("a");
    // A refused post shows every typed value again, the expiry too.
    const typedExpiry = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString().slice(0, 16);
    await page.getByLabel("Expires at").fill(typedExpiry);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toHaveText(TEXT.tagMin);
    await expect(page.getByLabel("Destination URL")).toHaveValue("https://example.com/nojs-new");
    await expect(page.getByLabel("Expires at")).toHaveValue(typedExpiry);
    await page.getByLabel("Tags").fill("ok");
    // Without JavaScript the expiry is read as UTC.
    const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    await page.getByLabel("Expires at").fill(inTwoDays.toISOString().slice(0, 16));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.updated)).toBeVisible();
    // Listed as every expiry is shown (spec 02 §9 "MMM DD, YYYY hh:mm A"), in UTC: the result view's format too.
    await expect(row(page, link!.alias).locator("time").last()).toHaveText(`${formatExpiry(inTwoDays)} UTC`);
    await expect(row(page, link!.alias).locator("time").last()).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M UTC$/);
    expect((await visit(page, link!.alias)).headers().location).toBe("https://example.com/nojs-new");
  });
});
