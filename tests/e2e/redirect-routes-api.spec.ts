/**
 * Redirect routes in the REST API (issue 20, docs/decisions/037): create and update take
 * `routes`, checked by the editor's rules, answered in the Link; the OpenAPI document describes
 * them; a plan without redirect_routes is refused with the reason.
 */
import { ALL_PERMISSIONS, API_BASE, apiToken, registerApiUser } from "./api";
import { BASE_URL, expect, test } from "./fixtures";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

test.describe("redirect routes in the REST API", () => {
  test("create and update with routes; the short link follows them", async ({ request }) => {
    const owner = await registerApiUser("pro");
    const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
    const headers = { authorization: `Bearer ${token}` };
    const alias = `api-rt-${Date.now().toString(36)}`;

    const created = await request.post(`${API_BASE}/create`, {
      headers,
      data: {
        url: "https://example.com/home",
        alias,
        routes: [
          { condition: "language", values: ["fr"], url: "https://example.fr/" },
          { condition: "os", values: "iOS", url: "apps.example.com/ios" },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const link = (
      (await created.json()) as { data: { domain: string; routes: { id: string; condition: string; values: string[]; url: string }[] } }
    ).data;
    expect(link.routes.map(({ condition, values, url }) => ({ condition, values, url }))).toEqual([
      { condition: "language", values: ["fr"], url: "https://example.fr/" },
      { condition: "os", values: ["ios"], url: "https://apps.example.com/ios" },
    ]);
    const go = async (h: Record<string, string>) =>
      (await request.get(`${BASE_URL}/${alias}`, { maxRedirects: 0, headers: h })).headers().location;
    expect(await go({ "accept-language": "fr" })).toBe("https://example.fr/");
    expect(await go({ "accept-language": "en", "user-agent": IPHONE })).toBe("https://apps.example.com/ios");
    expect(await go({ "accept-language": "en" })).toBe("https://example.com/home");

    // A wrong rule is refused field by field; an empty list removes the rules.
    const wrong = await request.patch(`${API_BASE}/update`, {
      headers,
      data: { domain: link.domain, alias, routes: [{ condition: "country", values: ["France"], url: "javascript:alert(1)" }] },
    });
    expect(wrong.status()).toBe(422);
    expect(((await wrong.json()) as { errors: string[] }).errors).toEqual([
      "routes.0.url: Only http and https links can be shortened.",
      "routes.0.values: Countries are two-letter codes, such as US or FR.",
    ]);
    const cleared = await request.patch(`${API_BASE}/update`, { headers, data: { domain: link.domain, alias, routes: [] } });
    expect(cleared.status()).toBe(200);
    expect(((await cleared.json()) as { data: { routes: unknown[] } }).data.routes).toEqual([]);
    expect(await go({ "accept-language": "fr" })).toBe("https://example.com/home");
  });

  test("max_redirects: a Pro link takes the plan's 20 rules, not a 21st", async ({ request }) => {
    const owner = await registerApiUser("pro");
    const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
    const headers = { authorization: `Bearer ${token}` };
    const rules = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ condition: "country", values: ["FR"], url: `https://example.fr/${i}` }));
    const alias = `api-rt-max-${Date.now().toString(36)}`;
    const tooMany = await request.post(`${API_BASE}/create`, { headers, data: { url: "https://example.com/", alias, routes: rules(21) } });
    expect(tooMany.status()).toBe(422);
    expect(JSON.stringify(await tooMany.json())).toContain("routes: A link has at most 20 routing rules.");
    const created = await request.post(`${API_BASE}/create`, { headers, data: { url: "https://example.com/", alias, routes: rules(20) } });
    expect(created.status(), await created.text()).toBe(200);
    const link = ((await created.json()) as { data: { domain: string; routes: unknown[] } }).data;
    expect(link.routes).toHaveLength(20);
    const more = await request.patch(`${API_BASE}/update`, { headers, data: { domain: link.domain, alias, routes: rules(21) } });
    expect(more.status()).toBe(422);
    // The pricing page says so.
    const pricing = await request.get(`${BASE_URL}/app/pricing`);
    expect(await pricing.text()).toContain("Redirect routes, up to 20 rules per link");
  });

  test("a plan without redirect_routes is refused the routes field with the reason", async ({ request }) => {
    const owner = await registerApiUser("bulk10k");
    const { token } = await apiToken(owner, { permissions: ALL_PERMISSIONS });
    const response = await request.post(`${API_BASE}/create`, {
      headers: { authorization: `Bearer ${token}` },
      data: { url: "https://example.com/x", routes: [{ condition: "language", values: ["fr"], url: "https://example.fr/" }] },
    });
    expect(response.status()).toBe(403);
    expect(JSON.stringify(await response.json())).toContain("routes: Redirect routes are not included in your plan.");
  });

  test("the OpenAPI document describes the routes", async ({ request }) => {
    const doc = (await (await request.get(`${BASE_URL}/openapi/v2.json`)).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.RouteRule?.properties).toHaveProperty("condition");
    expect(doc.components.schemas.Link?.properties).toHaveProperty("routes");
    expect(doc.components.schemas.CreateLink?.properties).toHaveProperty("routes");
    expect(doc.components.schemas.UpdateLink?.properties).toHaveProperty("routes");
  });
});
