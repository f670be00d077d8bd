/**
 * Scheduled downgrades at Paddle (docs/decisions/015): kept in the subscription's custom data,
 * mapped from every subscription event to the future subscription, and applied by
 * PaddleBilling.applyScheduledDowngrade with the real SDK against the local Paddle stub
 * (without billing; once).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Paddle } from "@paddle/paddle-node-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/env.server";
import {
  paddleEventPayload,
  scheduledSnapshotOf,
  snapshotOfPaddleSubscription,
  withScheduledDowngrade,
  type PaddleSubscriptionLike,
} from "../../app/lib/billing/paddle-events.server";
import { PaddleBilling } from "../../app/lib/billing/paddle.server";
import { PADDLE_STUB_API_KEY, PADDLE_STUB_WEBHOOK_SECRET, startPaddleStub, type PaddleStub } from "../stubs/paddle-server";

const BASIC = { lookup_key: "snip_basic_monthly", amount: "900", currency_code: "USD" };

function paddleSub(overrides: Partial<PaddleSubscriptionLike> = {}): PaddleSubscriptionLike {
  return {
    id: "sub_01paddle",
    status: "active",
    customerId: "ctm_01",
    canceledAt: null,
    currentBillingPeriod: { startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" },
    scheduledChange: null,
    customData: { user_id: "u2", snip_scheduled_downgrade: BASIC },
    items: [
      {
        quantity: 1,
        trialDates: null,
        price: { customData: { lookup_key: "snip_pro_monthly" }, unitPrice: { amount: "2900", currencyCode: "USD" } },
      },
    ],
    ...overrides,
  };
}

/** The lookups of a webhook: the subscription as Paddle has it now, owned by u2's stored customer. */
function atPaddle(sub: PaddleSubscriptionLike) {
  return { retrieveSubscription: () => Promise.resolve(sub), userOfCustomer: () => Promise.resolve("u2") };
}

describe("the scheduled downgrade in Paddle's events", () => {
  it("is the future subscription from the end of the current period", async () => {
    const payload = await paddleEventPayload(
      { eventId: "evt_1", eventType: "subscription.updated", occurredAt: "2026-11-10T00:00:00Z", data: { id: "sub_01paddle" } },
      atPaddle(paddleSub()),
      Date.parse("2026-11-10T00:00:01Z"),
    );
    expect(payload?.subscription).toMatchObject({ name: "pro", amount: 2900, periodEndsAt: Date.parse("2026-12-01T00:00:00Z") });
    expect(payload?.scheduled).toMatchObject({
      name: "basic",
      interval: "monthly",
      amount: 900,
      endsAt: null,
      periodStartsAt: Date.parse("2026-12-01T00:00:00Z"),
      periodEndsAt: Date.parse("2027-01-01T00:00:00Z"),
      billingId: "sub_01paddle",
    });
  });

  it("is none (null, so the future row ends) without one, when cancelling or cancelled, or once applied", async () => {
    const none = async (sub: PaddleSubscriptionLike) =>
      (
        await paddleEventPayload(
          { eventId: "evt_2", eventType: "subscription.updated", occurredAt: "2026-11-10T00:00:00Z", data: { id: sub.id } },
          atPaddle(sub),
          Date.parse("2026-11-10T00:00:01Z"),
        )
      )?.scheduled;
    expect(await none(paddleSub({ customData: { user_id: "u2" } }))).toBeNull();
    expect(await none(paddleSub({ scheduledChange: { action: "cancel", effectiveAt: "2026-12-01T00:00:00Z" } }))).toBeNull();
    expect(await none(paddleSub({ status: "canceled", canceledAt: "2026-11-09T00:00:00Z", currentBillingPeriod: null }))).toBeNull();
    const applied = paddleSub();
    applied.items[0]!.price = { customData: { lookup_key: "snip_basic_monthly" }, unitPrice: { amount: "900", currencyCode: "USD" } };
    expect(await none(applied)).toBeNull();
    // Malformed custom data is no downgrade.
    expect(
      await none(paddleSub({ customData: { user_id: "u2", snip_scheduled_downgrade: { lookup_key: "snip_nope", amount: "1" } } })),
    ).toBeNull();
  });

  it("a yearly downgrade runs a year from the period's end", () => {
    const sub = paddleSub({ customData: { snip_scheduled_downgrade: { ...BASIC, lookup_key: "snip_basic_yearly", amount: "8640" } } });
    expect(scheduledSnapshotOf(sub, snapshotOfPaddleSubscription(sub)!)).toMatchObject({
      interval: "yearly",
      periodEndsAt: Date.parse("2027-12-01T00:00:00Z"),
    });
  });

  it("other custom data is kept when the downgrade is set or dropped", () => {
    const set = withScheduledDowngrade({ user_id: "u2", checkout_session_id: "cs_1" }, BASIC);
    expect(set).toEqual({ user_id: "u2", checkout_session_id: "cs_1", snip_scheduled_downgrade: BASIC });
    expect(withScheduledDowngrade(set, null)).toEqual({ user_id: "u2", checkout_session_id: "cs_1" });
    expect(withScheduledDowngrade(null, null)).toEqual({});
  });
});

describe("PaddleBilling.applyScheduledDowngrade against the Paddle stub", () => {
  let stub: PaddleStub;
  let hooks: Server;
  const received: string[] = [];

  beforeAll(async () => {
    hooks = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push((JSON.parse(body) as { event_type: string }).event_type);
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
    stub = await startPaddleStub({ webhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/` });
  });
  afterAll(async () => {
    await stub.close();
    await new Promise((resolve) => hooks.close(resolve));
  });

  async function subscribedToPro(paddle: Paddle, email: string): Promise<string> {
    const customer = await paddle.customers.create({ email, customData: { user_id: "u1" } });
    const prices = await paddle.prices.list({ status: ["active"], perPage: 200 }).next();
    const pro = prices.find((p) => (p.customData as { lookup_key?: string } | null)?.lookup_key === "snip_pro_monthly")!;
    const txn = await paddle.transactions.create({
      items: [{ priceId: pro.id, quantity: 1 }],
      customerId: customer.id,
      customData: { user_id: "u1" },
    });
    await fetch(`${stub.url}/__stub/checkout/${txn.id}/pay`, { method: "POST", body: new URLSearchParams({ card: "4242424242424242" }) });
    return (await paddle.transactions.get(txn.id)).subscriptionId!;
  }

  it("changes the price without billing, drops the downgrade in the same call, and does nothing a second time", async () => {
    const env = {
      PADDLE_API_KEY: PADDLE_STUB_API_KEY,
      PADDLE_WEBHOOK_SECRET: PADDLE_STUB_WEBHOOK_SECRET,
      PADDLE_ENVIRONMENT: stub.url,
    } as AppEnv;
    const paddle = new Paddle(PADDLE_STUB_API_KEY, { environment: stub.url as never });
    const id = await subscribedToPro(paddle, "apply@example.com");
    await paddle.subscriptions.update(id, { customData: withScheduledDowngrade({ user_id: "u1" }, BASIC) });
    const billing = new PaddleBilling(env);

    expect(await billing.applyScheduledDowngrade(id)).toBe("applied");
    const sub = await paddle.subscriptions.get(id);
    expect((sub.items[0]!.price.customData as { lookup_key: string }).lookup_key).toBe("snip_basic_monthly");
    expect(sub.customData).toEqual({ user_id: "u1" });
    const invoices = await paddle.transactions.list({ subscriptionId: [id], status: ["completed"] }).next();
    expect(invoices.map((t) => t.details?.totals?.grandTotal)).toEqual(["2900"]);

    expect(await billing.applyScheduledDowngrade(id)).toBe("none");
    expect((await paddle.transactions.list({ subscriptionId: [id], status: ["completed"] }).next()).length).toBe(1);
  });

  it("leaves a subscription that is being cancelled alone", async () => {
    const env = {
      PADDLE_API_KEY: PADDLE_STUB_API_KEY,
      PADDLE_WEBHOOK_SECRET: PADDLE_STUB_WEBHOOK_SECRET,
      PADDLE_ENVIRONMENT: stub.url,
    } as AppEnv;
    const paddle = new Paddle(PADDLE_STUB_API_KEY, { environment: stub.url as never });
    const id = await subscribedToPro(paddle, "cancelling@example.com");
    await paddle.subscriptions.update(id, { customData: withScheduledDowngrade({ user_id: "u1" }, BASIC) });
    await paddle.subscriptions.cancel(id, { effectiveFrom: "next_billing_period" });
    expect(await new PaddleBilling(env).applyScheduledDowngrade(id)).toBe("none");
    const sub = await paddle.subscriptions.get(id);
    expect((sub.items[0]!.price.customData as { lookup_key: string }).lookup_key).toBe("snip_pro_monthly");
  });
});
