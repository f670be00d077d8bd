/**
 * The tax-id form (docs/decisions/046): its schema and messages, the encrypted reference in its
 * path (a forged, altered or foreign value names no customer), and the tax id sent through the
 * real Stripe and Paddle SDKs to the wire-format stubs.
 */
import Stripe from "stripe";
import { Paddle } from "@paddle/paddle-node-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readVatinfoReference, sendTaxIdToProvider, vatinfoPath, VATINFO_PATH } from "../../app/lib/billing/tax-ids.server";
import { encryptWithAuthSecret } from "../../app/lib/sso/secret.server";
import { BILLING_TYPES } from "../../domain/billing";
import { TAX_ID_MESSAGES, taxIdSchema, type TaxIdInput } from "../../domain/tax-ids";
import { PADDLE_STUB_API_KEY, startPaddleStub, type PaddleStub } from "../stubs/paddle-server";
import { startStripeStub, STUB_SECRET_KEY, type StripeStub } from "../stubs/stripe-server";

const SECRET = "s".repeat(40);

const errorsOf = (input: Record<string, unknown>) => {
  const result = taxIdSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the tax-id form's rules", () => {
  it("asks for each field with its message", () => {
    expect(errorsOf({})).toEqual({
      type: TAX_ID_MESSAGES.type,
      value: TAX_ID_MESSAGES.valueRequired,
      business_name: TAX_ID_MESSAGES.nameRequired,
    });
    expect(errorsOf({ type: "xx_vat", value: "DE123456789", business_name: "Acme" })).toEqual({ type: TAX_ID_MESSAGES.type });
    expect(errorsOf({ type: "eu_vat", value: " ", business_name: " " })).toEqual({
      value: TAX_ID_MESSAGES.valueRequired,
      business_name: TAX_ID_MESSAGES.nameRequired,
    });
    expect(errorsOf({ type: "eu_vat", value: "D".repeat(33), business_name: "x".repeat(256) })).toEqual({
      value: TAX_ID_MESSAGES.valueMax,
      business_name: TAX_ID_MESSAGES.nameMax,
    });
    expect(errorsOf({ type: "gb_vat", value: "DE123456789", business_name: "Acme" })).toEqual({ value: TAX_ID_MESSAGES.valueFormat });
  });

  it("takes a tax id as people type it: spaces dropped, letters upper-cased", () => {
    expect(taxIdSchema.parse({ type: "eu_vat", value: " de 123 456 789 ", business_name: " Acme GmbH " })).toEqual({
      type: "eu_vat",
      value: "DE123456789",
      business_name: "Acme GmbH",
    });
    expect(taxIdSchema.parse({ type: "ch_vat", value: "che-123.456.789 mwst", business_name: "Acme AG" }).value).toBe(
      "CHE-123.456.789 MWST",
    );
  });
});

describe("the reference in the path", () => {
  it("names the customer it was made for", async () => {
    const path = await vatinfoPath(SECRET, { billingType: BILLING_TYPES.stripe, customerId: "cus_123" });
    expect(path.startsWith(`${VATINFO_PATH}/`)).toBe(true);
    const encrypted = path.slice(VATINFO_PATH.length + 1);
    expect(encrypted).toMatch(/^[0-9a-f]+$/);
    expect(encrypted).not.toContain(Buffer.from("cus_123").toString("hex"));
    expect(await readVatinfoReference(SECRET, encrypted)).toEqual({ billingType: 1, customerId: "cus_123" });
  });

  it("names nobody when forged, altered, made with another key or for another purpose", async () => {
    const encrypted = (await vatinfoPath(SECRET, { billingType: BILLING_TYPES.paddle, customerId: "ctm_1" })).slice(
      VATINFO_PATH.length + 1,
    );
    const flipped = encrypted.slice(0, -1) + (encrypted.endsWith("0") ? "1" : "0");
    expect(await readVatinfoReference(SECRET, flipped)).toBeNull();
    expect(await readVatinfoReference(SECRET, "0".repeat(80))).toBeNull();
    expect(await readVatinfoReference(SECRET, "not-hex")).toBeNull();
    expect(await readVatinfoReference("t".repeat(40), encrypted)).toBeNull();
    // Another value encrypted with the same key (as SSO secrets are) is not a reference.
    expect(await readVatinfoReference(SECRET, await encryptWithAuthSecret(SECRET, JSON.stringify({ t: 1, c: "cus_1" })))).toBeNull();
    expect(await readVatinfoReference(SECRET, await encryptWithAuthSecret(SECRET, "client-secret"))).toBeNull();
  });
});

const INPUT: TaxIdInput = { type: "eu_vat", value: "DE123456789", business_name: "Acme GmbH" };

describe("the tax id at Stripe", () => {
  let stub: StripeStub;
  let stripe: Stripe;
  let customerId: string;
  beforeAll(async () => {
    stub = await startStripeStub({ webhookUrl: "http://127.0.0.1:9/unused" });
    const base = new URL(stub.url);
    stripe = new Stripe(STUB_SECRET_KEY, { host: base.hostname, port: Number(base.port), protocol: "http" });
    customerId = (await stripe.customers.create({ email: "tax@example.com" })).id;
  });
  afterAll(() => stub.close());
  const env = () => ({ STRIPE_SECRET_KEY: STUB_SECRET_KEY, STRIPE_API_BASE: stub.url });

  it("becomes a customer tax id", async () => {
    const sent = await sendTaxIdToProvider(env(), { billingType: BILLING_TYPES.stripe, customerId }, INPUT);
    expect(sent).toMatchObject({ ok: true, providerId: expect.stringMatching(/^txi_/) });
    const list = await stripe.customers.listTaxIds(customerId);
    expect(list.data.map((t) => [t.type, t.value])).toEqual([["eu_vat", "DE123456789"]]);
  });

  it("sent again, it replaces the one sent before: the customer's invoices list one tax id", async () => {
    const first = await sendTaxIdToProvider(env(), { billingType: BILLING_TYPES.stripe, customerId }, INPUT);
    const firstId = first.ok ? first.providerId : null;
    expect(firstId).toMatch(/^txi_/);
    const again = await sendTaxIdToProvider(
      env(),
      { billingType: BILLING_TYPES.stripe, customerId },
      { ...INPUT, value: "FR12345678901" },
      firstId,
    );
    expect(again).toMatchObject({ ok: true });
    const list = await stripe.customers.listTaxIds(customerId);
    expect(list.data.filter((t) => t.value === "FR12345678901")).toHaveLength(1);
    expect(list.data.map((t) => t.id)).not.toContain(firstId);
    // One already deleted at Stripe is no failure.
    expect(await sendTaxIdToProvider(env(), { billingType: BILLING_TYPES.stripe, customerId }, INPUT, firstId)).toMatchObject({ ok: true });
  });

  it("a value Stripe refuses is the form's message, not an error page", async () => {
    const sent = await sendTaxIdToProvider(env(), { billingType: BILLING_TYPES.stripe, customerId }, { ...INPUT, value: "XX123456789" });
    expect(sent).toEqual({ ok: false, status: 422, message: TAX_ID_MESSAGES.refused });
  });

  it("a provider that cannot be reached is a try-again message", async () => {
    const sent = await sendTaxIdToProvider(
      { STRIPE_SECRET_KEY: STUB_SECRET_KEY, STRIPE_API_BASE: "http://127.0.0.1:9" },
      { billingType: BILLING_TYPES.stripe, customerId },
      INPUT,
    );
    expect(sent).toEqual({ ok: false, status: 502, message: TAX_ID_MESSAGES.failed });
  });
});

describe("the tax id at Paddle", () => {
  let stub: PaddleStub;
  let paddle: Paddle;
  let customerId: string;
  beforeAll(async () => {
    stub = await startPaddleStub({ webhookUrl: "http://127.0.0.1:9/unused" });
    paddle = new Paddle(PADDLE_STUB_API_KEY, { environment: stub.url as never });
    customerId = (await paddle.customers.create({ email: "tax@example.com" })).id;
  });
  afterAll(() => stub.close());

  it("becomes a business of the customer with the tax identifier", async () => {
    const sent = await sendTaxIdToProvider(
      { PADDLE_API_KEY: PADDLE_STUB_API_KEY, PADDLE_ENVIRONMENT: stub.url },
      { billingType: BILLING_TYPES.paddle, customerId },
      INPUT,
    );
    expect(sent).toMatchObject({ ok: true, providerId: expect.stringMatching(/^biz_/) });
    const businesses = await paddle.businesses.list(customerId).next();
    expect(businesses.map((b) => [b.name, b.taxIdentifier])).toEqual([["Acme GmbH", "DE123456789"]]);

    // Sent again: the same business, updated, not a second one.
    const again = await sendTaxIdToProvider(
      { PADDLE_API_KEY: PADDLE_STUB_API_KEY, PADDLE_ENVIRONMENT: stub.url },
      { billingType: BILLING_TYPES.paddle, customerId },
      { ...INPUT, value: "FR12345678901", business_name: "Acme SARL" },
      sent.ok ? sent.providerId : null,
    );
    expect(again).toEqual({ ok: true, providerId: sent.ok ? sent.providerId : "" });
    const after = await paddle.businesses.list(customerId).next();
    expect(after.map((b) => [b.name, b.taxIdentifier])).toEqual([["Acme SARL", "FR12345678901"]]);
  });
});

describe("in test mode", () => {
  it("nothing is called: the tax id is only kept", async () => {
    expect(await sendTaxIdToProvider({}, { billingType: BILLING_TYPES.test, customerId: "u1" }, INPUT)).toEqual({
      ok: true,
      providerId: null,
    });
  });
});
