/**
 * Notifications and announcements (spec 01 §2 /app/notifications, §4, §7, §9): the page, the
 * unread dot in the navigation bar and its 2-minute refresh, the heartbeat fallback, and the
 * JSON calls behind them.
 */
import type { Locator, Page } from "@playwright/test";
import { addAnnouncement, addNotification, registerUser, TEST_PASSWORD } from "./accounts";
import { BASE_URL, expect, test } from "./fixtures";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };
const REFRESH_MS = 120_000;

function unreadDot(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" }).locator("[data-unread-dot]");
}

function item(page: Page, title: string): Locator {
  return page.getByTestId("inbox-item").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function unreadCount(page: Page): Promise<number> {
  const text = (await page.getByTestId("unread-summary").textContent()) ?? "";
  return /^(\d+) unread$/.test(text) ? Number(text.split(" ")[0]) : 0;
}

/** Marks everything read through the JSON calls, as the browser's scripts would. */
async function readEverything(page: Page): Promise<void> {
  expect((await page.request.put("/app/api/user/last-read-announcements-at", { headers: AJAX })).status()).toBe(200);
}

test("the page needs a signed-in user", async ({ page }) => {
  await page.goto("/app/notifications");
  await expect(page).toHaveURL(`${BASE_URL}/app/login?to=%2Fapp%2Fnotifications`);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("lists notifications and announcements newest first; Mark all as read clears them and the dot", async ({ page }) => {
      const user = await registerUser(page);
      const notification = unique("Your export is ready");
      const announcement = unique("New: branded QR codes");
      await addNotification(page, user.email, { title: notification, body: "Download it from My URLs.", url: "/app/my-urls" });
      await addAnnouncement(page, { title: announcement, body: "Try them today.", url: "https://example.com/news" });

      await page.goto("/app/notifications");
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      await expect(unreadDot(page)).toBeVisible();

      const titles = await page.getByTestId("inbox-item").getByRole("heading").allTextContents();
      expect(titles.indexOf(announcement)).toBeGreaterThanOrEqual(0);
      expect(titles.indexOf(announcement)).toBeLessThan(titles.indexOf(notification));

      await expect(item(page, notification)).toContainText("Notification");
      await expect(item(page, notification)).toContainText("Unread");
      await expect(item(page, notification)).toContainText("Download it from My URLs.");
      await expect(item(page, notification).locator("time")).toContainText("UTC");
      await expect(item(page, notification).getByRole("link", { name: "Open link" })).toHaveAttribute("href", "/app/my-urls");
      await expect(item(page, announcement)).toContainText("Announcement");
      await expect(item(page, announcement)).toContainText("Unread");
      await expect(item(page, announcement).getByRole("link", { name: "Open link" })).toHaveAttribute("href", "https://example.com/news");

      await page.getByRole("button", { name: "Mark all as read" }).click();
      await expect(page.getByTestId("unread-summary")).toHaveText("You're all caught up.");
      await expect(page.locator('[data-testid="inbox-item"][data-unread="true"]')).toHaveCount(0);
      await expect(item(page, notification)).not.toContainText("Unread");
      await expect(unreadDot(page)).toBeHidden();
      await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    });

    test("a notification can be marked read on its own", async ({ page }) => {
      const user = await registerUser(page);
      const first = unique("First");
      const second = unique("Second");
      await addNotification(page, user.email, { title: first });
      await addNotification(page, user.email, { title: second });
      await page.goto("/app/notifications");
      const before = await unreadCount(page);
      if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await item(page, first).getByRole("button", { name: "Mark", exact: false }).click();
      await expect(item(page, first)).toHaveAttribute("data-unread", "false");
      await expect(item(page, second)).toHaveAttribute("data-unread", "true");
      await expect(page.getByTestId("unread-summary")).toHaveText(`${before - 1} unread`);
      await expect(item(page, first).getByRole("button")).toHaveCount(0);
      if (javaScriptEnabled) {
        // Marked through PUT /app/api/notifications/read: the page was not reloaded.
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      }
    });
  });
}

test.describe("the dot's refresh", () => {
  test("every 2 minutes the bar asks for notifications and shows the dot, without a reload", async ({ page }) => {
    const user = await registerUser(page);
    await readEverything(page);
    await page.clock.install();
    await page.goto("/app/terms");
    await expect(unreadDot(page)).toBeHidden();

    const id = await addNotification(page, user.email, { title: unique("Arrived while reading") });
    const request = page.waitForRequest("**/app/api/notifications/recent");
    await page.clock.fastForward(REFRESH_MS);
    const sent = await request;
    expect(sent.headers()["x-requested-with"]).toBe("XMLHttpRequest");
    expect(sent.headers()["x-snip-fingerprint"]).toMatch(/^[0-9a-f]{32}$/);
    await expect(unreadDot(page)).toBeVisible();

    await page.request.put("/app/api/notifications/read", { headers: AJAX, data: { notifications: [id] } });
    await page.clock.fastForward(REFRESH_MS);
    await expect(unreadDot(page)).toBeHidden();
  });

  test("when notifications fail the heartbeat takes over, and an expired session reloads the page", async ({ page }) => {
    await registerUser(page);
    await page.clock.install();
    await page.goto("/app/terms");
    await page.route("**/app/api/notifications/recent", (route) => route.fulfill({ status: 500, body: "down" }));

    const failed = page.waitForResponse("**/app/api/notifications/recent");
    await page.clock.fastForward(REFRESH_MS);
    expect((await failed).status()).toBe(500);

    const heartbeat = page.waitForResponse("**/app/api/heartbeat");
    await page.clock.fastForward(REFRESH_MS);
    expect((await heartbeat).status()).toBe(204);

    // The session ends elsewhere (another device, an expiry): the next heartbeat says 401.
    await page.request.get("/app/api/logout", { headers: AJAX });
    const expired = page.waitForResponse("**/app/api/heartbeat");
    await page.clock.fastForward(REFRESH_MS);
    expect((await expired).status()).toBe(401);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("snip.auth"))).toBe("");
  });
});

test.describe("JSON calls", () => {
  test("GET notifications/recent: 401 'Not authorized' when logged out; the lists when signed in", async ({ page }) => {
    const anonymous = await page.request.get("/app/api/notifications/recent");
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not authorized" });

    const user = await registerUser(page);
    const title = unique("Recent");
    const id = await addNotification(page, user.email, { title, body: "Body", url: "javascript:alert(1)" });
    const announcementId = await addAnnouncement(page, { title: unique("Announced") });
    const response = await page.request.get("/app/api/notifications/recent", { headers: AJAX });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as {
      data: { notifications: Record<string, unknown>[]; announcements: Record<string, unknown>[]; unread_count: number };
    };
    expect(data.notifications[0]).toMatchObject({ id, title, body: "Body", url: null, unread: true });
    expect(typeof data.notifications[0]!.created_at).toBe("string");
    expect(data.announcements.find((a) => a.id === announcementId)).toMatchObject({ unread: true });
    expect(data.unread_count).toBeGreaterThanOrEqual(2);
  });

  test("PUT notifications/read: 422 with errors for a bad body, 204 for ids as JSON or as a form", async ({ page }) => {
    const user = await registerUser(page);
    const first = await addNotification(page, user.email, { title: unique("One") });
    const second = await addNotification(page, user.email, { title: unique("Two") });

    for (const data of [
      {},
      { notifications: [] },
      { notifications: [1, 2] },
      { notifications: "" },
      [first],
      { notifications: { id: first } },
    ]) {
      const response = await page.request.put("/app/api/notifications/read", { headers: AJAX, data });
      expect(response.status(), JSON.stringify(data)).toBe(422);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe("The given data was invalid.");
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    }
    const notJson = await page.request.put("/app/api/notifications/read", {
      headers: { ...AJAX, "content-type": "application/json" },
      data: "{not json",
    });
    expect(notJson.status()).toBe(422);
    const plain = await page.request.put("/app/api/notifications/read", { headers: { ...AJAX, "content-type": "text/plain" }, data: "x" });
    expect(plain.status()).toBe(415);

    expect((await page.request.put("/app/api/notifications/read", { headers: AJAX, data: { notifications: [first] } })).status()).toBe(204);
    expect((await page.request.put("/app/api/notifications/read", { headers: AJAX, form: { "notifications[]": second } })).status()).toBe(
      204,
    );
    const recent = (await (await page.request.get("/app/api/notifications/recent")).json()) as {
      data: { notifications: { id: string; unread: boolean }[] };
    };
    expect(recent.data.notifications.filter((n) => n.id === first || n.id === second).map((n) => n.unread)).toEqual([false, false]);
  });

  test("PUT notifications/read ignores other users' notifications", async ({ page, browser }) => {
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      const otherUser = await registerUser(otherPage);
      const theirs = await addNotification(otherPage, otherUser.email, { title: unique("Theirs") });

      await registerUser(page);
      expect((await page.request.put("/app/api/notifications/read", { headers: AJAX, data: { notifications: [theirs] } })).status()).toBe(
        204,
      );

      const recent = (await (await otherPage.request.get("/app/api/notifications/recent")).json()) as {
        data: { notifications: { id: string; unread: boolean }[] };
      };
      expect(recent.data.notifications.find((n) => n.id === theirs)?.unread).toBe(true);
    } finally {
      await other.close();
    }
  });

  test("PUT user/last-read-announcements-at: every announcement so far is read", async ({ page }) => {
    await registerUser(page);
    const announcementId = await addAnnouncement(page, { title: unique("Old news") });
    const response = await page.request.put("/app/api/user/last-read-announcements-at", { headers: AJAX });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { last_read_announcements_at: string } };
    expect(Number.isNaN(Date.parse(data.last_read_announcements_at))).toBe(false);
    const recent = (await (await page.request.get("/app/api/notifications/recent")).json()) as {
      data: { announcements: { id: string; unread: boolean }[]; unread_count: number };
    };
    expect(recent.data.announcements.find((a) => a.id === announcementId)?.unread).toBe(false);
    expect(recent.data.unread_count).toBe(0);
  });

  test("the JSON calls refuse other methods with 405 and never answer 500 to odd input", async ({ page }) => {
    await registerUser(page);
    expect((await page.request.get("/app/api/notifications/read")).status()).toBe(405);
    expect((await page.request.post("/app/api/notifications/recent", { headers: AJAX })).status()).toBe(405);
    const huge = { notifications: Array.from({ length: 20_000 }, (_, i) => `id-${i}`) };
    expect((await page.request.put("/app/api/notifications/read", { headers: AJAX, data: huge })).status()).toBe(413);
    const tooMany = { notifications: Array.from({ length: 101 }, (_, i) => `id-${i}`) };
    // The 413 was answered without reading the whole body, so the runtime closes that connection;
    // the client may reuse it once before it knows (ECONNRESET), and then sends again.
    await expect(async () => {
      expect((await page.request.put("/app/api/notifications/read", { headers: AJAX, data: tooMany })).status()).toBe(422);
    }).toPass({ timeout: 10_000 });
  });
});

test.describe("global handling of the JSON calls (spec 01 §8), through the page's Mark as read", () => {
  async function pageWithUnread(page: Page): Promise<string> {
    const user = await registerUser(page);
    const title = unique("Handled");
    await addNotification(page, user.email, { title });
    await page.goto("/app/notifications");
    await expect(item(page, title)).toHaveAttribute("data-unread", "true");
    return title;
  }

  for (const [status, message] of [
    [500, "An error has occurred, please try again."],
    [403, "Permission denied."],
    [404, "Not Found"],
    [402, "Payment Required"],
    [419, "Security check fails"],
  ] as const) {
    test(`${status} shows the toast '${message}' for 3 seconds`, async ({ page }) => {
      const title = await pageWithUnread(page);
      await page.route("**/app/api/notifications/read", (route) =>
        route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ message: "from the server" }) }),
      );
      await item(page, title).getByRole("button", { name: "Mark", exact: false }).click();
      const toast = page.getByRole("alert").filter({ hasText: message });
      await expect(toast).toBeVisible();
      await expect(toast).toBeHidden({ timeout: 4_000 });
      await expect(item(page, title)).toHaveAttribute("data-unread", "true");
    });
  }

  test("a body that is not JSON opens the 'Invalid' error modal", async ({ page }) => {
    const title = await pageWithUnread(page);
    await page.route("**/app/api/notifications/read", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>hi</p>" }),
    );
    await item(page, title).getByRole("button", { name: "Mark", exact: false }).click();
    const modal = page.getByRole("dialog", { name: "Invalid" });
    await expect(modal).toContainText("An error has occurred, please try again.");
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
  });

  test("401 clears the logged-in flag, says 'Session expired' and reloads", async ({ page }) => {
    const title = await pageWithUnread(page);
    await page.request.get("/app/api/logout", { headers: AJAX });
    await item(page, title).getByRole("button", { name: "Mark", exact: false }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Session expired" })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login\?to=%2Fapp%2Fnotifications$/);
    expect(await page.evaluate(() => localStorage.getItem("snip.auth"))).toBe("");
  });

  test("423 asks for the password, then repeats the request", async ({ page }) => {
    const title = await pageWithUnread(page);
    let locked = true;
    await page.route("**/app/api/notifications/read", async (route) => {
      if (!locked) return route.continue();
      locked = false;
      await route.fulfill({
        status: 423,
        contentType: "application/json",
        body: JSON.stringify({ message: "Password confirmation required." }),
      });
    });
    await item(page, title).getByRole("button", { name: "Mark", exact: false }).click();
    const modal = page.getByRole("dialog", { name: "Confirm your password" });
    await expect(modal).toBeVisible();
    await modal.getByLabel("Password").fill("not-the-password");
    await modal.getByRole("button", { name: "Confirm" }).click();
    await expect(modal.getByRole("alert")).toHaveText("The provided password does not match your current password.");
    await modal.getByLabel("Password").fill(TEST_PASSWORD);
    await modal.getByRole("button", { name: "Confirm" }).click();
    await expect(modal).toBeHidden();
    await expect(item(page, title)).toHaveAttribute("data-unread", "false");
  });

  test("423 cancelled: nothing is repeated", async ({ page }) => {
    const title = await pageWithUnread(page);
    await page.route("**/app/api/notifications/read", (route) =>
      route.fulfill({ status: 423, contentType: "application/json", body: JSON.stringify({ message: "Password confirmation required." }) }),
    );
    await item(page, title).getByRole("button", { name: "Mark", exact: false }).click();
    const modal = page.getByRole("dialog", { name: "Confirm your password" });
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();
    await expect(item(page, title)).toHaveAttribute("data-unread", "true");
  });
});
