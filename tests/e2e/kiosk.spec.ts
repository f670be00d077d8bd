/** The kiosk (staff only): the users list, one user's page, impersonation there and back, and the developer flag. */
import { apiLogin, DEMO, loginUser, registerElsewhere, STAFF } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";
import { newDeveloper, signedIn } from "./organizations";

test("staff find a user, log in as them, and come back to their own account", async ({ page }) => {
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto("/app/kiosk");
  await expect(page).toHaveURL(`${BASE_URL}/app/kiosk/users`);

  // A search typed while the page is still hydrating on a loaded machine can be lost: type again until it holds.
  await expect(async () => {
    await page.getByLabel("Search users").fill("demo@");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=demo%40/, { timeout: 3_000 });
    await expect(page.getByRole("row")).toHaveCount(2, { timeout: 3_000 }); // the header row and the demo user
  }).toPass({ timeout: 20_000 });
  await page.getByRole("link", { name: DEMO.email }).click();
  await expect(page.getByRole("heading", { name: DEMO.email })).toBeVisible();
  await expect(page.getByText("Pro (yearly, current)")).toBeVisible();

  await page.getByRole("button", { name: "Log in as this user" }).click();
  // The homepage, which sends the subscribed demo user on to the dashboard.
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  const banner = page.getByRole("banner");
  await expect(banner).toContainText(`Impersonating ${DEMO.name}`);
  const state = (await (await page.request.get("/app/api/state")).json()) as { data: { user: { email: string } } };
  expect(state.data.user.email).toBe(DEMO.email);

  await banner.getByRole("button", { name: "Back To My Account" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/app/kiosk/users`);
  await expect(page.getByRole("banner")).not.toContainText("Impersonating");
  const back = (await (await page.request.get("/app/api/state")).json()) as { data: { user: { email: string } } };
  expect(back.data.user.email).toBe(STAFF.email);
  // It is in the staff log of the user's page (issue 19: every staff action). The list without a search is paged,
  // newest first, and users made by other specs may push the demo user off its first page: search for them.
  await page.goto("/app/kiosk/users?q=demo%40");
  await page.getByRole("link", { name: DEMO.email }).click();
  await expect(
    page.getByRole("table", { name: "Staff log" }).getByRole("row").filter({ hasText: "Logged in as this user" }).first(),
  ).toContainText(STAFF.email);
});

test("staff cannot impersonate themselves; other users cannot reach the kiosk at all", async ({ page, browser }) => {
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto("/app/kiosk/user/staff-user-000000000000000000001");
  await expect(page.getByRole("button", { name: "Log in as this user" })).toHaveCount(0);
  // An intent the page does not know (a typo, a stale form) is refused, not taken for "Log in as this user".
  const unknown = await page.request.post("/app/kiosk/user/demo-user-0000000000000000000001", {
    form: { intent: "developer-of" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(400);
  const state = (await (await page.request.get("/app/api/state")).json()) as { data: { user: { email: string } } };
  expect(state.data.user.email).toBe(STAFF.email);

  const other = await browser.newContext();
  const demo = await other.newPage();
  await loginUser(demo, DEMO);
  // The homepage sends the subscribed demo user on to the dashboard.
  await expect(demo).toHaveURL(`${BASE_URL}/dashboard`);
  const response = await demo.request.post("/app/kiosk/user/staff-user-000000000000000000001", {
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
  await other.close();
});

test("staff give a user the developer flag (kiosk and organizations open to them) and remove it again without JavaScript; no one changes their own", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await registerElsewhere(browser);
  const member = await apiContext();
  await apiLogin(member, user);
  const kioskAnswer = async () => (await member.get("/app/kiosk/users", { maxRedirects: 0 })).status();
  const organizationsAnswer = async () => (await member.get("/app/organizations/onboarding", { maxRedirects: 0 })).status();
  expect(await kioskAnswer()).toBe(302);
  expect(await organizationsAnswer()).toBe(302);

  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto(`/app/kiosk/users?q=${encodeURIComponent(user.email)}`);
  await page.getByRole("link", { name: user.email }).click();
  await expect(page.getByRole("heading", { name: user.email })).toBeVisible();
  const userPath = new URL(page.url()).pathname;

  // A user without the flag cannot give it to themselves: the guard answers before the action.
  const selfGrant = await member.post(userPath, { form: { intent: "developer-on" }, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(selfGrant.status()).toBe(302);
  expect(selfGrant.headers().location).toBe("/");
  expect(await kioskAnswer()).toBe(302);

  await page.getByRole("button", { name: "Give the developer flag" }).click();
  await expect(page.getByText("The developer flag is given: this user reaches the kiosk and the organization pages.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the developer flag" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Staff log" }).getByRole("row").filter({ hasText: "Developer flag given" })).toContainText(
    STAFF.email,
  );
  expect(await kioskAnswer()).toBe(200);
  expect(await organizationsAnswer()).toBe(200);
  // The kiosk shows the new developer "Log in as this user", and it works for them (the admin role
  // better-auth asks for goes with the flag): a session of theirs logs in as the demo user.
  const asDeveloper = await apiContext();
  await apiLogin(asDeveloper, user);
  const loginAs = await asDeveloper.post("/app/kiosk/user/demo-user-0000000000000000000001", {
    form: {},
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(loginAs.status()).toBe(302);
  expect(loginAs.headers().location).toBe("/");
  await asDeveloper.dispose();

  // The same page without JavaScript: a plain form removes it.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const staffPlain = await plain.newPage();
  await loginUser(staffPlain, STAFF);
  await expect(staffPlain).toHaveURL(`${BASE_URL}/`);
  await staffPlain.goto(userPath);
  await staffPlain.getByRole("button", { name: "Remove the developer flag" }).click();
  await expect(
    staffPlain.getByText("The developer flag is removed: this user no longer reaches the kiosk or the organization pages."),
  ).toBeVisible();
  await expect(staffPlain.getByRole("button", { name: "Give the developer flag" })).toBeVisible();
  expect(await kioskAnswer()).toBe(302);
  expect(await organizationsAnswer()).toBe(302);

  // Staff's own page has no such button, and a post there is refused.
  await staffPlain.goto("/app/kiosk/user/staff-user-000000000000000000001");
  await expect(staffPlain.getByRole("heading", { name: "Developer flag" })).toBeVisible();
  await expect(staffPlain.getByRole("button", { name: /developer flag/ })).toHaveCount(0);
  const own = await staffPlain.request.post("/app/kiosk/user/staff-user-000000000000000000001", {
    form: { intent: "developer-off" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(own.status()).toBe(422);
  await staffPlain.goto("/app/kiosk/users");
  await expect(staffPlain).toHaveURL(`${BASE_URL}/app/kiosk/users`);
  await plain.close();
  await member.dispose();
});

test("a terminated developer keeps the flag but not the kiosk: 403 until staff restore the account", async ({ page, browser }) => {
  const user = await registerElsewhere(browser);
  const member = await apiContext();
  await apiLogin(member, user);
  await loginUser(page, STAFF);
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await page.goto(`/app/kiosk/users?q=${encodeURIComponent(user.email)}`);
  await page.getByRole("link", { name: user.email }).click();
  await page.getByRole("button", { name: "Give the developer flag" }).click();
  await expect(page.getByRole("button", { name: "Remove the developer flag" })).toBeVisible();
  expect((await member.get("/app/kiosk/users", { maxRedirects: 0 })).status()).toBe(200);

  await page.getByLabel("Reason").fill("Abused the kiosk");
  await page.getByLabel("Reason").press("Enter");
  await expect(page.getByText("The account is terminated: none of its links redirect, and its owner sees why.")).toBeVisible();
  const log = page.getByRole("table", { name: "Staff log" });
  await expect(log.getByRole("row").filter({ hasText: "Account terminated" })).toContainText(STAFF.email);
  // Their kiosk pages and posts are refused by the guard, before anything is read or written.
  expect((await member.get("/app/kiosk/users", { maxRedirects: 0 })).status()).toBe(403);
  const ban = await member.post("/app/kiosk/banned_domains", {
    form: { intent: "ban", domain: "victim.example", reason: "x" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(ban.status()).toBe(403);
  expect(await (await page.request.get("/app/kiosk/banned_domains")).text()).not.toContain("victim.example");

  // Restored, the account has its kiosk again (the flag stayed).
  await page.getByRole("button", { name: "Restore account" }).click();
  await expect(page.getByText("The account is restored")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the developer flag" })).toBeVisible();
  expect((await member.get("/app/kiosk/users", { maxRedirects: 0 })).status()).toBe(200);
  await member.dispose();
});

test("a kiosk post with an intent the page does not know changes nothing: no block, ban, invitation, survey or termination by default", async ({
  request,
}) => {
  const staff = await apiContext();
  await apiLogin(staff, STAFF);
  const marker = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const destination = `https://example.com/unknown-intent-${marker}`;
  const created = await request.post(`${BASE_URL}/__dev/fixtures`, {
    data: { action: "links", email: DEMO.email, count: 1, aliasPrefix: `ui${marker}`, url: destination },
  });
  expect(created.status()).toBe(200);
  const posts: [path: string, form: Record<string, string>][] = [
    ["/app/kiosk/ips", { intent: "blok", cidr: "192.0.2.77", reason: `unknown ${marker}` }],
    ["/app/kiosk/banned_domains", { intent: "bann", domain: `unknown-${marker}.example`, reason: `unknown ${marker}` }],
    ["/app/kiosk/access-invitations", { intent: "isue", email: `unknown-${marker}@example.com`, uses: "1" }],
    ["/app/kiosk/surveys", { intent: "creat", title: `Unknown ${marker}` }],
    ["/app/kiosk/long-urls", { intent: "restor", url: destination, reason: `unknown ${marker}` }],
  ];
  for (const [path, form] of posts) {
    const response = await staff.post(path, { form, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain("Choose an action.");
  }
  // Nothing was written: no page (nor its staff log) names the marker.
  for (const path of ["/app/kiosk/ips", "/app/kiosk/banned_domains", "/app/kiosk/access-invitations", "/app/kiosk/surveys"]) {
    expect(await (await staff.get(path)).text(), path).not.toContain(marker);
  }
  const visit = await request.get(`${BASE_URL}/ui${marker}01`, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(destination);
  await staff.dispose();
});

test("staff logged in as a developer do not get the kiosk: nothing is done, or logged, in the developer's name", async () => {
  const developer = await newDeveloper("kimp");
  const own = await signedIn(developer);
  const { data } = (await (await own.get("/app/api/state")).json()) as { data: { user: { id: string } } };
  await own.dispose();

  const staff = await apiContext();
  await apiLogin(staff, STAFF);
  const login = await staff.post(`/app/kiosk/user/${data.user.id}`, { form: {}, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  const state = (await (await staff.get("/app/api/state")).json()) as { data: { user: { email: string } } };
  expect(state.data.user.email).toBe(developer.email);
  // The developer's kiosk is closed to the impersonation: pages and posts alike.
  for (const path of ["/app/kiosk/users", "/app/kiosk/ips", `/app/kiosk/user/${data.user.id}`]) {
    expect((await staff.get(path, { maxRedirects: 0 })).status(), path).toBe(403);
  }
  const block = await staff.post("/app/kiosk/ips", {
    form: { intent: "block", cidr: "203.0.113.77", reason: "in another's name" },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(block.status()).toBe(403);
  // Back to their own account, staff have the kiosk again, and nothing was blocked.
  expect((await staff.post("/app/api/stop-impersonating", { headers: SAME_ORIGIN, maxRedirects: 0 })).status()).toBeLessThan(400);
  const ips = await staff.get("/app/kiosk/ips");
  expect(ips.status()).toBe(200);
  expect(await ips.text()).not.toContain("203.0.113.77");
  await staff.dispose();
});
