/**
 * The shorten form refuses destinations it must not shorten, saying why right under the field
 * and keeping what was typed; it accepts international domain names, stored as punycode.
 */
import { giveSubscription, registerUser } from "./accounts";
import { BASE_URL, expect, expectUrlError, MESSAGES, resultView, SAME_ORIGIN, submitUrl, test, urlField } from "./fixtures";

const REFUSED: { name: string; input: string; message: string }[] = [
  { name: "an ftp link", input: "ftp://example.com/file", message: MESSAGES.urlScheme },
  { name: "a javascript: URL", input: "javascript:alert(1)", message: MESSAGES.urlScheme },
  { name: "a link with a username and password", input: "https://user:pass@example.com/", message: MESSAGES.urlUserinfo },
  { name: "a link to Snip itself", input: `${BASE_URL}/abc`, message: MESSAGES.urlOwnHost },
  { name: "a link to another URL shortener", input: "https://bit.ly/abc", message: MESSAGES.urlShortener },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`shorten form validation ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("an empty submit says the URL field is required", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Shorten" }).click();
      await expectUrlError(page, MESSAGES.urlRequired);
      await expect(resultView(page)).toHaveCount(0);
    });

    for (const { name, input, message } of REFUSED) {
      test(`${name} is refused: "${message}"`, async ({ page }) => {
        await page.goto("/");
        await submitUrl(page, input);
        await expectUrlError(page, message);
        await expect(urlField(page), "the typed value stays in the field").toHaveValue(input);
        await expect(resultView(page)).toHaveCount(0);
      });
    }

    test("an international domain name is accepted and shown as punycode", async ({ page }) => {
      await page.goto("/");
      await submitUrl(page, "https://bücher.example/x");
      await expect(resultView(page)).toBeVisible();
      await expect(resultView(page).getByTestId("long-url")).toHaveText("https://xn--bcher-kva.example/x");
    });

    test("a refused URL can be corrected and then shortened", async ({ page }) => {
      await page.goto("/");
      await submitUrl(page, "ftp://example.com/file");
      await expectUrlError(page, MESSAGES.urlScheme);
      await submitUrl(page, "https://example.com/file");
      await expect(resultView(page)).toBeVisible();
      await expect(resultView(page).getByTestId("long-url")).toHaveText("https://example.com/file");
    });
  });
}

test.describe("a request to a creation form that is not a posted form", () => {
  /** Bodies no form sends: JSON, plain text, nothing at all, a multipart without its parts. */
  const BODIES: { name: string; headers: Record<string, string>; data: string }[] = [
    { name: "JSON", headers: { "content-type": "application/json" }, data: '{"url":"https://example.com/json-post"}' },
    { name: "plain text", headers: { "content-type": "text/plain" }, data: "url=https://example.com/text-post" },
    { name: "no body", headers: {}, data: "" },
    { name: "a broken multipart", headers: { "content-type": "multipart/form-data; boundary=x" }, data: "not multipart" },
  ];

  test("is the client's mistake (405, 415 or 400), never a server error or a new link, for a guest and a subscriber", async ({ page }) => {
    const paths = ["/?index"];
    const check = async () => {
      for (const path of paths)
        for (const { name, headers, data } of BODIES) {
          const response = await page.request.post(path, { headers: { ...SAME_ORIGIN, ...headers }, data, maxRedirects: 0 });
          expect([400, 415], `${name} to ${path}`).toContain(response.status());
        }
      // A form sent with another method than POST changes nothing.
      for (const path of paths)
        for (const method of ["PUT", "PATCH", "DELETE"]) {
          const response = await page.request.fetch(path, {
            method,
            headers: SAME_ORIGIN,
            form: { url: `https://example.com/method-${method}`, intent: "archive" },
            maxRedirects: 0,
          });
          expect(response.status(), `${method} to ${path}`).toBe(405);
        }
    };
    await check();
    const user = await registerUser(page);
    await giveSubscription(page, user.email, { plan: "pro" });
    paths.push("/app/links/create", "/app/links/utm", "/dashboard");
    await check();
  });
});
