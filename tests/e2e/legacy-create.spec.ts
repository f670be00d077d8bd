/**
 * TinyURL's legacy endpoint (issue 20, decision 031): GET /api-create.php?url=...[&alias=...]
 * answers the short URL as plain text, or a 4xx whose body is exactly "Error" (what the npm
 * clients `tinyurl` and `tinyurl-api` read), behind the guest form's rules.
 */
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { apiContext, BASE_URL, expect, SHORT_LINK, test } from "./fixtures";

async function client(dev: Record<string, unknown> = {}): Promise<APIRequestContext> {
  const request = await apiContext();
  // A client address of its own, so the abuse limit of other tests' runs does not count here.
  const address = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
  const played = await request.post("/__dev/fixtures", { data: { action: "client", address, ...dev } });
  expect(played.status(), await played.text()).toBe(200);
  return request;
}

/** The request the `tinyurl` package makes: the URL encoded with encodeURIComponent. */
function createCall(request: APIRequestContext, url: string, alias?: string) {
  const query = `url=${encodeURIComponent(url)}${alias === undefined ? "" : `&alias=${encodeURIComponent(alias)}`}`;
  return request.get(`/api-create.php?${query}`, { maxRedirects: 0 });
}

test("answers the short URL as plain text, and the short link redirects to the destination", async () => {
  const request = await client();
  const destination = `https://example.com/legacy/${randomBytes(4).toString("hex")}?a=1&b=2`;
  const response = await createCall(request, destination);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const short = await response.text();
  expect(short).toMatch(SHORT_LINK);
  const followed = await request.get(short, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers()["location"]).toBe(destination);
});

test("an alias on the default domain follows the guest rule: refused with 403, and the alias stays free", async () => {
  const request = await client();
  const alias = `legacy-${randomBytes(4).toString("hex")}`;
  const response = await createCall(request, "https://example.com/first", alias);
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe("Error");
  expect(response.headers()["x-snip-error"]).toBe("Custom aliases on this domain are for Snip accounts. Log in or register to choose one.");
  expect((await request.get(`/${alias}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("a refused destination or alias is an Error with a 4xx, and nothing is created", async () => {
  const request = await client();
  for (const [url, alias] of [
    ["", undefined],
    ["javascript:alert(1)", undefined],
    [`${BASE_URL}/loop`, undefined],
    ["https://example.com/", "no spaces allowed"],
    ["https://example.com/", "app"],
  ] as const) {
    const response = await createCall(request, url, alias);
    expect(response.status(), `${url} ${alias}`).toBe(400);
    expect(await response.text()).toBe("Error");
    expect(response.headers()["x-snip-error"]).toBeTruthy();
  }
  // The reserved alias was not taken by the refused call: it still answers the app.
  expect((await request.get("/app/terms")).status()).toBe(200);
});

test("only GET creates: a HEAD or a POST answers 405", async () => {
  const request = await client();
  const query = `url=${encodeURIComponent("https://example.com/not-created")}`;
  const head = await request.head(`/api-create.php?${query}`);
  expect(head.status()).toBe(405);
  expect(head.headers()["allow"]).toBe("GET");
  const post = await request.post(`/api-create.php?${query}`, { headers: { Origin: BASE_URL } });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET");
});

test("while the bot challenge is on, a client that is not whitelisted gets an Error with 403", async () => {
  const request = await client({ turnstile: true });
  const response = await createCall(request, "https://example.com/challenged");
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe("Error");
  expect(response.headers()["x-snip-error"]).toContain("anti-robot");
});

test("the guest abuse limit applies per address", async () => {
  const request = await client();
  let limited = null;
  // 61 calls cannot fit under a limit of 30 a minute in the (at most two) windows they span.
  for (let i = 0; i < 61 && !limited; i++) {
    const response = await createCall(request, `https://example.com/burst/${i}`);
    if (response.status() === 429) limited = response;
    else expect(response.status()).toBe(200);
  }
  expect(limited, "a 31st call within one minute is refused").not.toBeNull();
  expect(await limited!.text()).toBe("Error");
  expect(limited!.headers()["retry-after"]).toBeTruthy();
});
