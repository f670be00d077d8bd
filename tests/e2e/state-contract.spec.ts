/**
 * The call contract of the browser's JSON client (issue 20, docs/decisions/039): GET state
 * (spec 01 §3 User and Global app state, §7) and the calls of spec 02 §7 at their paths under
 * /app/api (url/create, password/confirm, preset/create), each answer checked against a JSON
 * Schema (ajv) that names the spec's fields and their types, for a guest, a user and a subscriber.
 */
import type { APIResponse, Page } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { giveSubscription, registerUser, type TestUser } from "./accounts";
import { BASE_URL, expect, SAME_ORIGIN, test } from "./fixtures";

const HEADERS = { ...SAME_ORIGIN, "X-Requested-With": "XMLHttpRequest", "X-Snip-Fingerprint": "0123456789abcdef0123456789abcdef" };

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);

const str = { type: "string" } as const;
const nullableStr = { type: ["string", "null"] } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { anyOf: [dateTime, { type: "null" }] } as const;
const bool = { type: "boolean" } as const;
const int = { type: "integer", minimum: 0 } as const;
const strings = { type: "array", items: str } as const;
const object = (properties: Record<string, unknown>, extra = true) => ({
  type: "object",
  required: Object.keys(properties),
  properties,
  additionalProperties: extra,
});

const subscription = {
  anyOf: [
    { type: "null" },
    object({
      name: str,
      interval: { enum: ["monthly", "yearly"] },
      amount: int,
      currency: str,
      quantity: int,
      type: { enum: ["default", "addon", "shopping-cart"] },
      billing_status: nullableStr,
      ends_at: nullableDateTime,
      trial_ends_at: nullableDateTime,
      period_starts_at: nullableDateTime,
      period_ends_at: nullableDateTime,
      created_at: dateTime,
      updated_at: dateTime,
      active: bool,
      isFree: bool,
      isPastDue: bool,
    }),
  ],
};
const subscriptions = object({ current: subscription, future: subscription }, false);

const user = object({
  id: str,
  email: { type: "string", format: "email" },
  email_verified_at: nullableDateTime,
  teams: {
    type: "array",
    items: object({ id: str, slug: str, name: str, membership: object({ role: { enum: ["admin", "member", "viewer"] } }) }),
  },
  current_team_id: nullableStr,
  features: strings,
  limits: object({ limit: object({ web: { type: ["integer", "null"], minimum: 0 } }), used: object({ web: int }) }, false),
  options: object({ alias_lifetime: nullableStr }),
  domains: object({ owned: strings, personal: strings }),
  status: int,
  uses_two_factor_auth: bool,
  active_two_factor_backup_codes_count: int,
  last_read_announcements_at: nullableDateTime,
  isDeveloper: bool,
  isSurveyEnabled: bool,
  organizations: { type: "array", items: object({ slug: str, status: object({ archived: bool }) }) },
  subscriptions,
  billing_customers: {
    type: "array",
    items: object({
      billing_type: { enum: [0, 1, 2] },
      billing_id: str,
      pm_type: nullableStr,
      pm_last_four: nullableStr,
      pm_expiration: nullableStr,
      pm_country: nullableStr,
    }),
  },
});

const app = object({
  flashMessages: strings,
  teamsAllowed: bool,
  recaptcha: { anyOf: [{ type: "null" }, { type: "object" }] },
  anti_robot: object({ site_key: nullableStr, whitelist: bool }, false),
  locale: str,
  locales: { type: "array", items: str, minItems: 1 },
  currency: { type: "string", pattern: "^[A-Z]{3}$" },
  CCPA: bool,
  GDPR: bool,
  surveyEnabled: bool,
  operationsCosts: { type: "object", additionalProperties: int, minProperties: 1 },
  impersonated: bool,
});

const state = (forUser: "guest" | "user") =>
  object(
    {
      data: object({
        user: forUser === "guest" ? { type: "null" } : user,
        subscriptions,
        billing: object({ preferred: { anyOf: [{ type: "null" }, { enum: [0, 1, 2] }] } }, false),
        app,
      }),
    },
    false,
  );

const created = object(
  {
    data: {
      type: "array",
      minItems: 1,
      items: object({
        url: { type: "string", format: "uri" },
        aliases: {
          type: "array",
          minItems: 1,
          items: object({
            domain: str,
            alias: str,
            tiny_url: { type: "string", format: "uri" },
            is_main: bool,
            tags: strings,
            affiliates: { type: "array" },
            id: str,
          }),
        },
      }),
    },
  },
  false,
);

const refusal = object({ message: str, errors: { type: "object", additionalProperties: strings } });
const preset = object(
  { data: object({ id: str, name: str, utm_source: str, utm_medium: str, utm_campaign: str, utm_term: str, utm_content: str }) },
  false,
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the schema first; every field used is asserted
type Json = any;

const compiled = new Map<unknown, ValidateFunction>();
async function expectShape(response: APIResponse, status: number, schema: object): Promise<Json> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text}`).toBe(status);
  const body = JSON.parse(text) as Json;
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  const validate = compiled.get(schema)!;
  expect(validate(body), `${response.url()} ${status}: ${ajv.errorsText(validate.errors)} in ${text}`).toBe(true);
  return body;
}

const getState = (page: Page) => page.request.get("/app/api/state", { headers: HEADERS });
const post = (page: Page, path: string, data: unknown) => page.request.post(`/app/api/${path}`, { headers: HEADERS, data });

test("GET state, as a guest: user null, billing.preferred and the global app state under the spec's names", async ({ page }) => {
  const body = await expectShape(await getState(page), 200, state("guest"));
  expect(body.data.app).toMatchObject({ flashMessages: [], locale: "en", currency: "USD", CCPA: true, GDPR: false, impersonated: false });
  // A local run without provider keys sells in test mode (billing type 0).
  expect(body.data.billing.preferred).toBe(0);
  // The spec's calls answer a guest 401, and create nothing.
  for (const path of ["url/create", "password/confirm", "preset/create"]) {
    await expectShape(await post(page, path, {}), 401, object({ message: str }));
  }
});

test("a user: GET state with their account, url/create, password/confirm, and preset/create refused by the plan", async ({ page }) => {
  const person: TestUser = await registerUser(page, { name: "Contract User" });
  const before = await expectShape(await getState(page), 200, state("user"));
  expect(before.data.user).toMatchObject({
    email: person.email,
    email_verified_at: null,
    features: [],
    isDeveloper: false,
    // The free plan's options (domain/plans.ts): 100 web credits, links that last 30 days.
    limits: { limit: { web: 100 }, used: { web: 0 } },
    options: { alias_lifetime: "P30D" },
    subscriptions: { current: null, future: null },
    billing_customers: [],
    last_read_announcements_at: null,
  });
  expect(before.data.app.GDPR).toBe(true);

  // url/create: the list of created items; a form error is a 422 with the field's message.
  const url = `https://example.com/contract/${Date.now()}`;
  const made = await expectShape(await post(page, "url/create", { url }), 200, created);
  expect(made.data[0].url).toBe(url);
  expect(made.data[0].aliases[0].is_main).toBe(true);
  const visit = await page.request.get(made.data[0].aliases[0].tiny_url, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(url);
  const refused = await expectShape(await post(page, "url/create", { url: "" }), 422, refusal);
  expect(refused.errors.url).toEqual(["The URL field is required."]);
  // A tag's error is under "tags.N" (spec 02 §5), N its place in the posted list.
  const badTags = await expectShape(await post(page, "url/create", { url, tags: ["ok-tag", "x", "OK-Tag"] }), 422, refusal);
  expect(badTags.errors).toEqual({ "tags.1": ["The tag must be at least 2 characters."], "tags.2": ["The tag has already been taken."] });
  // A field of the wrong type is refused by name, never dropped (an alias sent as a number is not a random alias).
  const mistyped = await expectShape(
    await post(page, "url/create", { url: `${url}/typed`, alias: 1234567, expires_at: 1893456000, tags: ["ok-tag", 12] }),
    422,
    refusal,
  );
  expect(mistyped.errors).toEqual({
    alias: ["The alias field must be a string."],
    expires_at: ["The expires_at field must be a string."],
    "tags.1": ["The tags.1 field must be a string."],
  });
  // The new link counts toward the month's web usage.
  const after = await expectShape(await getState(page), 200, state("user"));
  expect(after.data.user.limits.used.web).toBe(1);

  // password/confirm: the same rule as user/confirm-password.
  const wrong = await expectShape(await post(page, "password/confirm", { password: "not-my-password" }), 422, refusal);
  expect(wrong.errors).toEqual({ password: ["The provided password does not match your current password."] });
  const right = await post(page, "password/confirm", { password: person.password });
  expect(right.status()).toBe(204);

  // preset/create: the UTM builder needs the expiration capability, which the free plan lacks.
  const denied = await post(page, "preset/create", { name: "Mine", utm_source: "a", utm_medium: "b", utm_campaign: "c" });
  expect(denied.status()).toBe(403);
  // The permission is asked first: invalid values are refused the same way, without the field rules.
  for (const body of [{}, { name: "", utm_source: "", utm_medium: "m".repeat(51) }]) {
    const invalid = await expectShape(await post(page, "preset/create", body), 403, object({ message: str }));
    expect(invalid).toEqual({ message: "Permission denied." });
  }
});

test("a subscriber: GET state with the plan's limits and subscriptions, and preset/create with spec 02 §5's UTM rules", async ({
  page,
}) => {
  const person = await registerUser(page);
  await giveSubscription(page, person.email, { plan: "pro", interval: "yearly" });
  const body = await expectShape(await getState(page), 200, state("user"));
  // Pro's options (domain/plans.ts): 10,000 web credits, links without an end.
  expect(body.data.user.limits.limit.web).toBe(10_000);
  expect(body.data.user.options.alias_lifetime).toBeNull();
  expect(body.data.user.subscriptions.current).toMatchObject({ name: "pro", interval: "yearly", active: true });
  expect(body.data.user.subscriptions).toEqual(body.data.subscriptions);

  const values = { utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring", utm_term: "", utm_content: "" };
  const saved = await expectShape(await post(page, "preset/create", { name: "Spring mail", ...values }), 201, preset);
  expect(saved.data).toMatchObject({ name: "Spring mail", ...values });
  const again = await expectShape(await post(page, "preset/create", { name: "Spring mail", ...values }), 422, refusal);
  expect(again.errors).toEqual({ name: ["You already have a preset with this name."] });

  const bad = await expectShape(
    await post(page, "preset/create", {
      name: "Bad",
      utm_source: "",
      utm_medium: "m".repeat(51),
      utm_campaign: "c",
      utm_term: "t".repeat(51),
    }),
    422,
    refusal,
  );
  expect(bad.errors).toEqual({
    utm_source: ["The utm source field is required."],
    utm_medium: ["The utm medium must not be greater than 50."],
    utm_term: ["The utm term must not be greater than 50."],
  });

  // The saved preset is offered in the UTM Parameters Builder.
  await page.goto(`${BASE_URL}/app/links/utm?url=${encodeURIComponent("https://example.com/")}`);
  await expect(page.getByRole("option", { name: "Spring mail" })).toHaveCount(1);
});
