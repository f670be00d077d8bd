/**
 * The provider webhooks (docs/decisions/013): verify the signature and its timestamp, turn the
 * provider's object into a billing event, enqueue it under the provider's event id (applied
 * and de-duplicated by the billing.event job in one db.batch). A bad signature or a stale
 * timestamp is a 400 and nothing is written; a failed enqueue is a 500, so the provider
 * retries.
 */
import Stripe from "stripe";
import { Paddle } from "@paddle/paddle-node-sdk";
import { getDb } from "../../../db/client.server";
import { findBillingCustomerUser } from "../../../db/billing.server";
import { getOrderByCheckoutRef } from "../../../db/orders.server";
import type { PaddleOrderTransactionLike, StripeOrderSessionLike } from "../../../domain/order-payments";
import { BILLING_TYPES, type BillingEvent, type BillingEventPayload } from "../../../domain/billing";
import type { AppEnv } from "../../env.server";
import { paddleEventId, paddleEventPayload, type PaddleEventLike, type PaddleSubscriptionLike } from "./paddle-events.server";
import {
  cancelPaddleOrderTransaction,
  expireStripeOrderSession,
  isStripeOrderEvent,
  settlePaddleOrderTransaction,
  settleStripeOrderSession,
} from "./order-payments.server";
import { paddleClient } from "./paddle.server";
import { stripeClient } from "./stripe.server";
import {
  stripeEventId,
  stripeEventPayload,
  type StripePriceLike,
  type StripeScheduleLike,
  type StripeSubscriptionLike,
} from "./stripe-events.server";

/** How old a signed Stripe event may be (seconds). */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

const rejected = (reason: string) => Response.json({ error: reason }, { status: 400 });

async function enqueue(env: AppEnv, id: string, payload: BillingEventPayload | null): Promise<Response> {
  if (payload) {
    const event: BillingEvent = { type: "billing.event", v: 1, id, payload };
    await env.JOBS.send(event);
  }
  return Response.json({ received: true });
}

export async function handleStripeWebhook(request: Request, env: AppEnv): Promise<Response> {
  if (!env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_SECRET_KEY) return new Response("Not Found", { status: 404 });
  const signature = request.headers.get("stripe-signature");
  const body = await request.text();
  if (!signature) return rejected("missing signature");
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      body,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      STRIPE_WEBHOOK_TOLERANCE_S,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return rejected("bad signature");
  }
  // A domain order's checkout (docs/decisions/049): authorizes the order that made it, or nothing.
  if (isStripeOrderEvent(event)) {
    await settleStripeOrderSession(env, event.data.object as unknown as StripeOrderSessionLike);
    return Response.json({ received: true });
  }
  // A domain order's checkout that expired unpaid (decision 051): the order lets it go, nothing else.
  if (event.type === "checkout.session.expired" && (event.data.object as { mode?: string }).mode === "payment") {
    const id = (event.data.object as { id?: unknown }).id;
    if (typeof id === "string") await expireStripeOrderSession(env, id);
    return Response.json({ received: true });
  }
  const stripe = stripeClient(env);
  const db = getDb(env.DB);
  // The subscription is read from Stripe now; a failed read throws (500) and Stripe retries.
  const payload = await stripeEventPayload(
    event,
    {
      retrieveSubscription: async (id) => {
        try {
          return (await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] })) as unknown as StripeSubscriptionLike;
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
          throw error;
        }
      },
      retrieveSchedule: async (id) =>
        (await stripe.subscriptionSchedules.retrieve(id, { expand: ["phases.items.price"] })) as unknown as StripeScheduleLike,
      retrievePrice: async (id) => (await stripe.prices.retrieve(id)) as StripePriceLike,
      userOfCustomer: (customerId) => findBillingCustomerUser(db, BILLING_TYPES.stripe, customerId),
    },
    Date.now(),
  );
  return enqueue(env, stripeEventId(event), payload);
}

export async function handlePaddleWebhook(request: Request, env: AppEnv): Promise<Response> {
  if (!env.PADDLE_WEBHOOK_SECRET || !env.PADDLE_API_KEY) return new Response("Not Found", { status: 404 });
  const signature = request.headers.get("paddle-signature");
  const body = await request.text();
  if (!signature) return rejected("missing signature");
  let event: PaddleEventLike;
  try {
    // Checks `ts=...;h1=...` (HMAC-SHA256 of "ts:body") and that ts is at most 5 s old.
    event = (await new Paddle(env.PADDLE_API_KEY).webhooks.unmarshal(body, env.PADDLE_WEBHOOK_SECRET, signature)) as PaddleEventLike;
  } catch {
    return rejected("bad signature");
  }
  const db = getDb(env.DB);
  // A domain order's transaction (docs/decisions/049): found by the id Snip stored when it made it.
  if (event.eventType === "transaction.paid" || event.eventType === "transaction.completed") {
    const transaction = event.data as PaddleOrderTransactionLike;
    const order = typeof transaction.id === "string" ? await getOrderByCheckoutRef(db, BILLING_TYPES.paddle, transaction.id) : undefined;
    if (order) {
      await settlePaddleOrderTransaction(env, order, transaction);
      return Response.json({ received: true });
    }
  }
  // A domain order's transaction cancelled unpaid (decision 051): the order lets it go.
  if (event.eventType === "transaction.canceled") {
    const id = (event.data as { id?: unknown }).id;
    if (typeof id === "string" && (await getOrderByCheckoutRef(db, BILLING_TYPES.paddle, id))) {
      await cancelPaddleOrderTransaction(env, id);
      return Response.json({ received: true });
    }
  }
  const paddle = paddleClient(env);
  // The subscription is read from Paddle now; a failed read throws (500) and Paddle retries.
  const payload = await paddleEventPayload(
    event,
    {
      retrieveSubscription: async (id) => {
        try {
          return (await paddle.subscriptions.get(id)) as PaddleSubscriptionLike;
        } catch (error) {
          if ((error as { code?: unknown }).code === "not_found") return null;
          throw error;
        }
      },
      userOfCustomer: (customerId) => findBillingCustomerUser(db, BILLING_TYPES.paddle, customerId),
    },
    Date.now(),
  );
  return enqueue(env, paddleEventId(event), payload);
}
