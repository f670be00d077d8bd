/**
 * Bulk creation (spec 02 §2 Bulk form / result view, §4, §5 Bulk file, §6, §8): the Single/Bulk
 * toggle, the upload, the result view, the notification with the result file, the file errors
 * under the input (with and without JavaScript), and the server's refusal for users without
 * the bulk capability.
 */
import type { Page } from "@playwright/test";
import { DEMO, loginUser, registerUser } from "./accounts";
import { acceptCookies, BASE_URL, expect, SAME_ORIGIN, test, wranglerVar } from "./fixtures";

const TEXT = {
  scheduled: "Batch scheduled",
  total: "Total items added",
  success: "Your request is being processed. You will receive a notification shortly after.",
  startAnother: "Start another batch",
  fileType: "The file must be a file of type: csv, xls, xlsx, ods.",
  fileMax: "The file must not be greater than 10240 kilobytes.",
  permissionDenied: "Permission denied.",
  finished: "Bulk import finished",
} as const;

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function signInAsDemo(page: Page): Promise<void> {
  await acceptCookies(page);
  await loginUser(page, DEMO);
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
}

const fileInput = (page: Page) => page.getByLabel("Spreadsheet file");
const fileError = (page: Page) => page.locator("#bulk-file-error");

async function openBulk(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Creation mode" }).getByRole("link", { name: "Bulk" }).click();
  await expect(page.getByTestId("bulk-form")).toBeVisible();
}

test("a subscriber uploads a CSV: Batch scheduled with the total; the notification links the result file", async ({ page, browser }) => {
  await signInAsDemo(page);
  await openBulk(page);
  await expect(page).toHaveURL(`${BASE_URL}/dashboard?mode=bulk`);
  await expect(page.getByLabel("The first row is a header row")).toBeChecked();
  await expect(page.getByText("up to 10MB")).toBeVisible();
  await expect(page.getByLabel("Domain")).toHaveValue(/localhost:\d+/);

  const id = unique();
  const name = `campaign-${id}.csv`;
  const csv = [
    "url,alias,tags,description",
    `https://example.com/a-${id},bulk-a-${id},spring,First`,
    `https://example.com/b-${id},,,Second`,
    "",
    "ftp://example.com/not-web,,,Third",
  ].join("\n");
  await fileInput(page).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload" }).click();

  const result = page.getByTestId("bulk-result");
  await expect(result.getByRole("heading", { name: TEXT.scheduled })).toBeVisible();
  await expect(result).toContainText(TEXT.total);
  await expect(page.getByTestId("bulk-total")).toHaveText("3");
  await expect(result).toContainText(TEXT.success);

  await result.getByRole("link", { name: TEXT.startAnother }).click();
  await expect(page.getByTestId("bulk-form")).toBeVisible();
  await expect(fileInput(page)).toHaveValue("");

  // The job runs on the queue; the notification arrives shortly after.
  const item = page.getByTestId("inbox-item").filter({ hasText: name });
  await expect(async () => {
    await page.goto("/app/notifications");
    await expect(item).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(item.getByRole("heading", { name: TEXT.finished })).toBeVisible();
  await expect(item).toContainText("2 of 3 links created, 1 rows refused");
  const href = await item.getByRole("link", { name: "Open link" }).getAttribute("href");
  expect(href).toMatch(/^\/app\/links\/bulk\/[0-9a-f-]{36}\/result\.csv$/);

  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("text/csv");
  const lines = (await download.text()).trim().split("\r\n");
  expect(lines[0]).toBe("row,url,status,short link or reason");
  expect(lines[1]).toBe(`2,https://example.com/a-${id},created,${BASE_URL}/bulk-a-${id}`);
  expect(lines[2]).toMatch(new RegExp(`^3,https://example.com/b-${id},created,${BASE_URL}/[A-Za-z0-9]{8}$`));
  expect(lines[3]).toBe("5,ftp://example.com/not-web,refused,Only http and https links can be shortened.");

  // The created short link works.
  const redirect = await page.request.get(`/bulk-a-${id}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe(`https://example.com/a-${id}`);

  // Another user gets nothing.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerUser(otherPage);
  expect((await otherPage.request.get(href!)).status()).toBe(404);
  await other.close();
});

test("in the navigation bar's Create popover, Bulk uploads in place and the page stays", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto("/app/notifications");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
  const popover = page.getByRole("dialog", { name: "Create Snip Link" });
  await expect(popover).toBeVisible();
  const modes = popover.getByRole("group", { name: "Creation mode" });
  await expect(modes.getByRole("button", { name: "Single" })).toHaveAttribute("aria-pressed", "true");
  await modes.getByRole("button", { name: "Bulk" }).click();
  await expect(popover.getByTestId("bulk-form")).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/app/notifications`);

  // The file is checked in place too.
  await popover.getByRole("button", { name: "Upload" }).click();
  await expect(popover.getByText("The file field is required.")).toBeVisible();

  const id = unique();
  await popover
    .getByLabel("Spreadsheet file")
    .setInputFiles({ name: `popover-${id}.csv`, mimeType: "text/csv", buffer: Buffer.from(`url\nhttps://example.com/popover-${id}\n`) });
  await popover.getByRole("button", { name: "Upload" }).click();
  await expect(popover.getByTestId("bulk-total")).toHaveText("1");
  await expect(page).toHaveURL(`${BASE_URL}/app/notifications`);
  await popover.getByRole("button", { name: TEXT.startAnother }).click();
  await expect(popover.getByTestId("bulk-form")).toBeVisible();
  await modes.getByRole("button", { name: "Single" }).click();
  await expect(popover.getByLabel("Long URL")).toBeVisible();
});

test("the same file uploaded again creates nothing new", async ({ page }) => {
  await signInAsDemo(page);
  const id = unique();
  const name = `again-${id}.csv`;
  const file = { name, mimeType: "text/csv", buffer: Buffer.from(`url\nhttps://example.com/again-${id}\n`) };
  for (let round = 1; round <= 2; round++) {
    await page.goto("/dashboard?mode=bulk");
    await fileInput(page).setInputFiles(file);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("bulk-total")).toHaveText("1");
    const items = page.getByTestId("inbox-item").filter({ hasText: name });
    await expect(async () => {
      await page.goto("/app/notifications");
      await expect(items).toHaveCount(round, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
  }
  const href = await page
    .getByTestId("inbox-item")
    .filter({ hasText: name })
    .first()
    .getByRole("link", { name: "Open link" })
    .getAttribute("href");
  const lines = (await (await page.request.get(href!)).text()).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^2,https://example.com/again-${id},already created,`));
});

test("a wrong type and a disguised file are refused under the file input (with JavaScript)", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto("/dashboard?mode=bulk");
  await fileInput(page).setInputFiles({ name: "links.txt", mimeType: "text/plain", buffer: Buffer.from("https://example.com\n") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(fileError(page)).toHaveText(TEXT.fileType);
  await expect(fileInput(page)).toHaveAttribute("aria-describedby", /bulk-file-error/);

  // Named .xlsx but not a spreadsheet: only the server can tell.
  await fileInput(page).setInputFiles({
    name: "links.xlsx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("url\nhttps://example.com\n"),
  });
  await expect(fileError(page)).toBeHidden();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(fileError(page)).toHaveText(TEXT.fileType);
  await expect(page.getByTestId("bulk-result")).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle and the upload work; a file over 10MB is refused under the input", async ({ page }) => {
    await signInAsDemo(page);
    await openBulk(page);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1024, "a");
    await fileInput(page).setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: big });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/app/links/bulk`);
    await expect(fileError(page)).toHaveText(TEXT.fileMax);

    await fileInput(page).setInputFiles({ name: "links.ods", mimeType: "text/plain", buffer: Buffer.from("not a spreadsheet") });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(fileError(page)).toHaveText(TEXT.fileType);

    const id = unique();
    await fileInput(page).setInputFiles({
      name: `nojs-${id}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from(`https://example.com/nojs-1-${id}\nhttps://example.com/nojs-2-${id}\n`),
    });
    await page.getByLabel("The first row is a header row").uncheck();
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("heading", { name: TEXT.scheduled })).toBeVisible();
    await expect(page.getByTestId("bulk-total")).toHaveText("2");
    await page.getByRole("link", { name: TEXT.startAnother }).click();
    await expect(page.getByTestId("bulk-form")).toBeVisible();
  });
});

test("a free user sees no Bulk toggle, and a direct post is refused on the server", async ({ page }) => {
  await registerUser(page);
  await page.goto("/?mode=bulk");
  await expect(page.getByTestId("create-link-form")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Creation mode" })).toHaveCount(0);
  await expect(page.getByTestId("bulk-form")).toHaveCount(0);

  const multipart = {
    file: { name: "links.csv", mimeType: "text/csv", buffer: Buffer.from("https://example.com/free\n") },
    domain: wranglerVar("SHORT_HOST"),
    withHeader: "on",
  };
  const post = await page.request.post("/app/links/bulk", { multipart, headers: SAME_ORIGIN, maxRedirects: 0 });
  expect(post.status()).toBe(403);
  const api = await page.request.post("/app/api/bulk/csv", { multipart, headers: SAME_ORIGIN });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ message: TEXT.permissionDenied });
  // The page itself shows such a user the single form only.
  await page.goto("/app/links/bulk");
  await expect(page.getByTestId("create-link-form")).toBeVisible();
  await expect(page.getByTestId("bulk-form")).toHaveCount(0);
});

test("the bulk page takes the form's POST only: a PUT, PATCH or DELETE is 405 and schedules nothing", async ({ page }) => {
  await signInAsDemo(page);
  const id = unique();
  const multipart = {
    file: { name: `put-${id}.csv`, mimeType: "text/csv", buffer: Buffer.from(`url\nhttps://example.com/put-${id}\n`) },
    domain: wranglerVar("SHORT_HOST"),
    withHeader: "on",
  };
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const response = await page.request.fetch("/app/links/bulk", { method, multipart, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(response.status(), method).toBe(405);
    expect(await response.text(), method).not.toContain(TEXT.scheduled);
  }
  await page.goto(`/dashboard?q=${encodeURIComponent(`put-${id}`)}`);
  await expect(page.locator(`text=https://example.com/put-${id}`)).toHaveCount(0);
});

test("POST bulk/csv answers the total as JSON for a subscriber", async ({ page }) => {
  await signInAsDemo(page);
  const id = unique();
  const response = await page.request.post("/app/api/bulk/csv", {
    headers: SAME_ORIGIN,
    multipart: {
      file: {
        name: `api-${id}.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from(`url\nhttps://example.com/api-1-${id}\nhttps://example.com/api-2-${id}\n`),
      },
      domain: wranglerVar("SHORT_HOST"),
      withHeader: "true",
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ total: 2 });
  const refused = await page.request.post("/app/api/bulk/csv", {
    headers: SAME_ORIGIN,
    multipart: {
      file: { name: "x.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
      domain: wranglerVar("SHORT_HOST"),
    },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual({ message: TEXT.fileType, errors: { file: [TEXT.fileType] } });
});
