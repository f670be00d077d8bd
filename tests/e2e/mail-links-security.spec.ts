/**
 * Security: links in mail use the configured public origin (APP_ORIGIN, set to this run's own
 * origin by playwright.config.ts), never the Host a request carries. Otherwise anyone could ask
 * for a password reset of someone else's account with `Host: evil.example` and the victim's
 * mail would carry a working reset token to the attacker's host.
 */
import { request as httpRequest } from "node:http";
import { mailLink, registerUser } from "./accounts";
import { BASE_URL, expect, PORT, test } from "./fixtures";

/**
 * A Host the front door hands to the app (a loopback address of this local run) but not the app's
 * origin. An unknown host such as evil.example never reaches the app at all (docs/decisions/035):
 * the last test checks that.
 */
const FORGED = `127.0.0.1:${PORT}`;

/** A form POST straight to the local service with a forged Host (and the matching Origin). */
function postWithHost(path: string, form: Record<string, string>, host: string): Promise<number> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "localhost",
        port: PORT,
        path,
        method: "POST",
        headers: {
          host,
          origin: `http://${host}`,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("a password reset asked for with a forged Host mails a link to the app's own origin", async ({ page }) => {
  const user = await registerUser(page);
  await page.context().clearCookies();
  const status = await postWithHost("/app/password/reset", { email: user.email }, FORGED);
  expect(status, "the reset request is answered").toBeLessThan(500);

  const link = await mailLink(page, user.email, "Reset your password");
  expect(new URL(link).origin).toBe(BASE_URL);
  expect(link).not.toContain(FORGED);
});

test("the verification mail of a sign-up with a forged Host links to the app's own origin", async ({ page }) => {
  const email = `forged-host-${Date.now().toString(36)}@example.com`;
  const status = await postWithHost("/app/register", { name: "Forged Host", email, password: "correct-horse-battery" }, FORGED);
  expect(status).toBeLessThan(500);

  const link = await mailLink(page, email, "Verify your email address");
  expect(new URL(link).origin).toBe(BASE_URL);
  expect(link).not.toContain(FORGED);
});

test("a request with an unknown Host never reaches the app: the front door answers that the domain is not connected", async () => {
  const status = await postWithHost("/app/password/reset", { email: "anyone@example.com" }, "evil.example");
  expect(status).toBe(404);
});
