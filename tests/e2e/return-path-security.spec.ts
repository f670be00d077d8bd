/**
 * Security: no return path leaves the site. Sign-in answers `Location` with the `to` value, the
 * cookie and banner forms with `redirectTo` / `to`; an attacker's `/.//evil.example/x` (which
 * normalises to `//evil.example/x`, another host to a browser) and its cousins land on our own
 * pages instead.
 */
import { DEMO } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const ATTACKS = [
  "/.//evil.example/x",
  "/%2e//evil.example/x",
  "/a/..//evil.example/x",
  "/\\evil.example/x",
  "/\t/evil.example/x",
  "https:evil.example",
];

/** Where a browser on our site goes when it follows `location`. */
function followed(location: string | undefined): string {
  return new URL(location ?? "", `${BASE_URL}/app/login`).origin;
}

test("the sign-in form never carries a `to` that leaves the site", async ({ page }) => {
  for (const attack of ATTACKS) {
    await page.goto(`/app/login?to=${encodeURIComponent(attack)}`);
    const to = await page.locator('input[name="to"]').getAttribute("value");
    expect(followed(to || "/"), `the form's to for ${JSON.stringify(attack)}: ${to}`).toBe(BASE_URL);
    expect(to?.startsWith("//")).not.toBe(true);
  }
});

test("signing in with an off-site `to` answers a Location on this site", async ({ request }) => {
  for (const attack of ATTACKS) {
    const response = await request.post(`${BASE_URL}/app/login`, {
      form: { email: DEMO.email, password: DEMO.password, to: attack },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const location = response.headers().location;
    expect(followed(location), `Location for ${JSON.stringify(attack)}: ${location}`).toBe(BASE_URL);
  }
});

test("the cookie, privacy and banner forms go back only to pages of this site", async ({ request }) => {
  const forms = [
    ["/app/api/cookies/accept", "redirectTo"],
    ["/app/api/privacy/do-not-sell", "redirectTo"],
    ["/app/api/promo/close", "to"],
    ["/app/api/trial-reminder/close", "to"],
  ] as const;
  for (const [path, field] of forms) {
    for (const attack of ATTACKS) {
      const response = await request.post(`${BASE_URL}${path}`, { form: { [field]: attack }, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(response.status(), `${path} ${attack}`).toBe(302);
      const location = response.headers().location;
      expect(followed(location), `${path} Location for ${JSON.stringify(attack)}: ${location}`).toBe(BASE_URL);
    }
  }
});
