/**
 * Security (availability): PUT /app/api/notifications/read takes up to 100 ids a call (spec 01
 * §7). The call's own maximum answered 500, its statement binding 102 parameters, over D1's
 * 100 (issue 14, docs/decisions/020). Through the real call, on the running service.
 */
import { addNotification, registerUser } from "./accounts";
import { expect, test } from "./fixtures";

const AJAX = { "X-Requested-With": "XMLHttpRequest" };

test("100 notifications are marked read in one call (the call's maximum)", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await registerUser(page);
  const ids: string[] = [];
  for (let i = 0; i < 101; i++) ids.push(await addNotification(page, user.email, { title: `Batch ${i}` }));

  // Announcements count as unread too: read those first, so the count is the notifications'.
  expect((await page.request.put("/app/api/user/last-read-announcements-at", { headers: AJAX })).status()).toBe(200);
  const response = await page.request.put("/app/api/notifications/read", { headers: AJAX, data: { notifications: ids.slice(0, 100) } });
  expect(response.status()).toBe(204);

  await page.goto("/app/notifications");
  await expect(page.getByTestId("unread-summary")).toHaveText("1 unread");
  await expect(page.locator('[data-testid="inbox-item"][data-unread="true"]').getByRole("heading")).toHaveText("Batch 100");
});
