/**
 * A local Stripe stand-in speaking Stripe's wire format (form-encoded requests, JSON objects,
 * Stripe's error shape), with only the endpoints Snip calls. Its hosted pages (checkout and
 * billing portal) are tiny HTML forms; completing one sends the webhooks Stripe would, signed
 * with the SDK's own test signer, to the service. Card 4000 0000 0000 0002 is declined:
 * at checkout (on the page), and, once on file, for any charge of a plan change (402).
 * Subscription schedules (made from a subscription, phases updated, released, cancelled) are
 * reflected in the subscription's `schedule`; `/__stub/end-period` plays a period's end.
 * Events are stamped in whole seconds as Stripe stamps them (several may share one `created`);
 * `/__stub/burst` makes a burst of changes in one second and sends their events,
 * `/__stub/subscriptions` makes a subscription without a checkout.
 * Coupons: Snip's catalog (domain/coupons.ts) as Stripe coupons with `duration: once`
 * (retrieve, delete); a checkout's `discounts[0][coupon]` discounts the subscription's first
 * paid invoice only (a `forever` coupon would discount every one).
 * One-off payments (domain orders, docs/decisions/049): a Checkout Session in `payment` mode with
 * `price_data` line items; paying it makes a PaymentIntent and sends `checkout.session.completed`
 * (`payment_status: paid`, `amount_total`, `payment_intent`). Refunds (`POST /v1/refunds`, list)
 * refuse more than was paid (`charge_already_refunded` once all of it is). Like Stripe, a POST with
 * an `Idempotency-Key` the stub has seen answers the first answer again, doing nothing.
 * `/__stub/refunds` and `/__stub/checkout-sessions` list what was made, `/__stub/expire-session/{id}`
 * expires an open session (sending `checkout.session.expired`), as does Stripe's own
 * `POST /v1/checkout/sessions/{id}/expire`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { randomUUID } from "node:crypto";
import { priceLookupKey } from "../../domain/billing";
import { COUPONS } from "../../domain/coupons";
import { OVERAGE_METER_EVENT, OVERAGE_PRICE_LOOKUP_KEY } from "../../domain/overage";
import { PLANS } from "../../domain/plans";

export const STUB_SECRET_KEY = "sk_test_snip_stub";
export const STUB_WEBHOOK_SECRET = "whsec_snip_stub_e2e";
export const DECLINED_CARD = "4000000000000002";

const EU_PREFIXES = "AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI";
/** The formats the stub checks tax id values against (a few of Stripe's types). */
export const STUB_TAX_ID_FORMATS: Record<string, RegExp> = {
  eu_vat: new RegExp(`^(${EU_PREFIXES})[0-9A-Z]{2,13}$`),
  gb_vat: /^GB([0-9]{9}|[0-9]{12})$/,
  ch_vat: /^CHE-?[0-9]{3}\.?[0-9]{3}\.?[0-9]{3} ?(MWST|TVA|IVA)$/,
  no_vat: /^[0-9]{9}MVA$/,
  au_abn: /^[0-9]{11}$/,
  ca_bn: /^[0-9]{9}$/,
  us_ein: /^[0-9]{2}-?[0-9]{7}$/,
  in_gst: /^[0-9]{2}[A-Z0-9]{13}$/,
};

type Form = Record<string, unknown>;

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string;
  declines: boolean;
}

interface Price {
  id: string;
  object: "price";
  lookup_key: string;
  unit_amount: number;
  currency: "usd";
  active: true;
  recurring: { interval: "month" | "year"; interval_count: 1; usage_type?: "licensed" | "metered"; meter?: string };
  metadata: Record<string, string>;
}

interface StripeCoupon {
  id: string;
  object: "coupon";
  name: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: "usd" | null;
  duration: "once" | "forever";
  valid: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

/** The amount after the coupon, never below zero (Stripe's percent_off / amount_off). */
export function amountAfterCoupon(amount: number, coupon: Pick<StripeCoupon, "percent_off" | "amount_off">): number {
  const off = coupon.percent_off !== null ? Math.round((amount * coupon.percent_off) / 100) : (coupon.amount_off ?? 0);
  return Math.max(0, amount - off);
}

const MONTH_S = 30 * 86_400;
const YEAR_S = 365 * 86_400;
const nowS = () => Math.floor(Date.now() / 1000);
const periodS = (interval: string, count = 1) => (interval === "year" ? YEAR_S : interval === "day" ? 86_400 : MONTH_S) * count;

/** A phase of a subscription schedule, as the stub keeps it (prices by id). */
interface Phase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity?: number }[];
  proration_behavior: string;
  trial_end: number | null;
}

interface Schedule {
  id: string;
  object: "subscription_schedule";
  customer: string;
  subscription: string | null;
  released_subscription: string | null;
  status: "active" | "released" | "canceled" | "completed";
  end_behavior: string;
  phases: Phase[];
  created: number;
  released_at: number | null;
  canceled_at: number | null;
  completed_at: number | null;
  metadata: Record<string, string>;
}
const rand = () => Math.random().toString(36).slice(2, 14);

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects; indices stay keys. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return out;
}

function cardOf(number: string, expiration = "12/2034"): Card {
  const [month, year] = expiration.split("/");
  return {
    brand: number.startsWith("5") ? "mastercard" : "visa",
    last4: number.slice(-4),
    exp_month: Number(month) || 12,
    exp_year: Number(year) || 2034,
    country: "US",
    declines: number === DECLINED_CARD,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<p role="note"><strong>Stripe stub</strong> — a local stand-in for Stripe's hosted page.</p>${body}</body></html>`;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export interface StripeStub {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the stub on 127.0.0.1 (port 0: any free one); webhooks go to `webhookUrl`. */
export async function startStripeStub({ port = 0, webhookUrl }: { port?: number; webhookUrl: string }): Promise<StripeStub> {
  const prices = new Map<string, Price>();
  // The metered overage price: 1 cent per unit of the overage meter (docs/decisions/013).
  prices.set(`price_${OVERAGE_PRICE_LOOKUP_KEY}`, {
    id: `price_${OVERAGE_PRICE_LOOKUP_KEY}`,
    object: "price",
    lookup_key: OVERAGE_PRICE_LOOKUP_KEY,
    unit_amount: 1,
    currency: "usd",
    active: true,
    recurring: { interval: "month", interval_count: 1, usage_type: "metered", meter: "mtr_snip_overage" },
    metadata: {},
  });
  /** Billing meter events as Stripe keeps them: one per identifier. */
  const meterEvents = new Map<string, { event_name: string; identifier: string; timestamp: number; payload: Form }>();
  for (const plan of PLANS) {
    for (const price of plan.prices) {
      const key = priceLookupKey(plan.name, price.interval);
      prices.set(`price_${key}`, {
        id: `price_${key}`,
        object: "price",
        lookup_key: key,
        unit_amount: price.amount,
        currency: "usd",
        active: true,
        recurring: { interval: price.interval === "yearly" ? "year" : "month", interval_count: 1 },
        metadata: {},
      });
    }
  }
  const coupons = new Map<string, StripeCoupon>();
  for (const c of COUPONS) {
    coupons.set(c.coupon, {
      id: c.coupon,
      object: "coupon",
      name: c.coupon,
      percent_off: c.percent_off,
      amount_off: c.amount_off,
      currency: c.amount_off !== null ? "usd" : null,
      duration: "once",
      valid: true,
      created: nowS(),
      livemode: false,
      metadata: {},
    });
  }
  /** A subscription's discount until it is used up: `once` on its first paid invoice. */
  const subscriptionDiscounts = new Map<string, StripeCoupon>();
  const customers = new Map<string, Form & { id: string; card: Card | null }>();
  const taxIds = new Map<string, Form & { id: string; customer: string }>();
  const sessions = new Map<string, Form & { id: string }>();
  /** PaymentIntents of payment-mode sessions, with what was refunded of them. */
  const paymentIntents = new Map<string, { id: string; amount: number; currency: string; customer: string | null; refunded: number }>();
  const refunds: Form[] = [];
  /** Answers to POSTs with an Idempotency-Key, replayed for the same key (Stripe keeps them 24 hours). */
  const idempotent = new Map<string, { status: number; body: string }>();
  const inFlight = new Set<string>();
  const portals = new Map<string, { id: string; customer: string; return_url: string }>();
  const subscriptions = new Map<string, Form & { id: string; customer: string }>();
  /** Checkout sessions the stub refuses next (`/__stub/fail-next-checkout`), as Stripe does when an account cannot take payments. */
  let failingCheckouts = 0;
  const schedules = new Map<string, Schedule>();
  const invoices: Form[] = [];
  let base = "";

  function paymentMethodOf(customerId: string) {
    const card = customers.get(customerId)?.card;
    if (!card) return null;
    const { declines: _d, ...details } = card;
    return { id: `pm_${customerId}_${card.last4}`, object: "payment_method", type: "card", customer: customerId, card: details };
  }

  function subscriptionJson(sub: Form & { id: string; customer: string }, expand = false) {
    return { ...sub, default_payment_method: expand ? paymentMethodOf(sub.customer) : (paymentMethodOf(sub.customer)?.id ?? null) };
  }

  /** A paid invoice of the subscription: its discount, if any, applies (and a `once` one is used up). */
  function addInvoice(sub: { id: string; customer: string }, subtotal: number) {
    const coupon = subtotal > 0 ? subscriptionDiscounts.get(sub.id) : undefined;
    const amount = coupon ? amountAfterCoupon(subtotal, coupon) : subtotal;
    if (coupon?.duration === "once") subscriptionDiscounts.delete(sub.id);
    invoices.unshift({
      id: `in_${rand()}`,
      object: "invoice",
      customer: sub.customer,
      subscription: sub.id,
      number: `STUB-${String(invoices.length + 1).padStart(4, "0")}`,
      created: nowS(),
      subtotal,
      total_discount_amounts: coupon ? [{ amount: subtotal - amount, discount: `di_${rand()}` }] : [],
      total: amount,
      currency: "usd",
      status: "paid",
      hosted_invoice_url: null,
      invoice_pdf: null,
    });
  }

  /** An event as Stripe writes it: `created` in whole seconds, so events of one second share it. */
  function eventPayload(type: string, object: unknown, created = nowS()): string {
    return JSON.stringify({
      id: `evt_${rand()}${rand()}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  }

  /** Sends one event, signed as Stripe signs it. */
  async function sendEvent(type: string, object: unknown): Promise<void> {
    await deliver(eventPayload(type, object));
  }

  async function deliver(payload: string): Promise<void> {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: STUB_WEBHOOK_SECRET });
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const res = await fetch(webhookUrl, {
          method: "POST",
          body: payload,
          headers: { "content-type": "application/json", "stripe-signature": header },
        });
        if (res.ok) return;
      } catch {
        // retried below, as Stripe retries
      }
      await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
    }
  }

  /** A subscription for the plan's price, with the metered prices of the checkout beside it. */
  function newSubscription(customer: string, price: Price, trialDays: number, metadata: Form, metered: Price[] = []) {
    const start = nowS();
    const end = trialDays > 0 ? start + trialDays * 86_400 : start + (price.recurring.interval === "year" ? YEAR_S : MONTH_S);
    const sub = {
      id: `sub_${rand()}`,
      object: "subscription",
      customer,
      status: trialDays > 0 ? "trialing" : "active",
      metadata,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: trialDays > 0 ? end : null,
      schedule: null as string | null,
      items: {
        object: "list",
        data: [
          { id: `si_${rand()}`, object: "subscription_item", quantity: 1, current_period_start: start, current_period_end: end, price },
          ...metered.map((m) => ({
            id: `si_${rand()}`,
            object: "subscription_item",
            current_period_start: start,
            current_period_end: end,
            price: m,
          })),
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** The phase running now (Stripe's `current_phase`), for an active schedule. */
  function currentPhase(schedule: Schedule): Phase | null {
    if (schedule.status !== "active") return null;
    const now = nowS();
    return schedule.phases.find((p) => p.start_date <= now && now < p.end_date) ?? null;
  }

  function scheduleJson(schedule: Schedule, expandPrices = false) {
    const current = currentPhase(schedule);
    return {
      ...schedule,
      current_phase: current ? { start_date: current.start_date, end_date: current.end_date } : null,
      phases: schedule.phases.map((p) => ({
        ...p,
        items: p.items.map((i) => ({ ...i, price: expandPrices ? prices.get(i.price) : i.price })),
      })),
    };
  }

  /** The subscription's items as they stand (prices by id, no quantity on a metered price). */
  function itemsOf(sub: Form): { price: string; quantity?: number }[] {
    return (sub.items as { data: { price: Price; quantity?: number }[] }).data.map((i) =>
      i.price.recurring.usage_type === "metered" ? { price: i.price.id } : { price: i.price.id, quantity: i.quantity ?? 1 },
    );
  }

  /** The phases of an update: each starts where the one before ends, and lasts its duration (or its price's interval). */
  function phasesOf(form: Form, current: Phase | null): Phase[] | string {
    const given = Object.values((form.phases ?? {}) as Record<string, Form>);
    const phases: Phase[] = [];
    for (const [i, p] of given.entries()) {
      const items = Object.values((p.items ?? {}) as Record<string, Form>).map((item) => ({
        price: String(item.price),
        ...(item.quantity !== undefined ? { quantity: Number(item.quantity) } : {}),
      }));
      if (items.length === 0 || items.some((item) => !prices.has(item.price))) return `phases[${i}][items]`;
      const start = p.start_date !== undefined ? Number(p.start_date) : phases[i - 1]?.end_date;
      if (start === undefined) return `phases[${i}][start_date]`;
      const duration = p.duration as Form | undefined;
      const licensed = prices.get(items.find((item) => prices.get(item.price)!.recurring.usage_type !== "metered")?.price ?? "");
      const end =
        p.end_date !== undefined
          ? Number(p.end_date)
          : duration
            ? start + periodS(String(duration.interval), Number(duration.interval_count ?? 1))
            : start + periodS(licensed?.recurring.interval ?? "month");
      if (end <= start) return `phases[${i}][end_date]`;
      phases.push({
        start_date: start,
        end_date: end,
        items,
        proration_behavior: String(p.proration_behavior ?? form.proration_behavior ?? "create_prorations"),
        trial_end: p.trial_end !== undefined ? Number(p.trial_end) : null,
      });
    }
    if (phases.length === 0) return "phases";
    // Stripe keeps the current phase's start as it is.
    if (current && phases[0]!.start_date !== current.start_date) return "phases[0][start_date]";
    return phases;
  }

  /** The subscription enters a phase: its items become the phase's, a new period starts. */
  function enterPhase(sub: Form & { id: string; customer: string }, phase: Phase) {
    const old = (sub.items as { data: Form[] }).data;
    (sub.items as { data: Form[] }).data = phase.items.map((item, i) => ({
      id: old[i]?.id ?? `si_${rand()}`,
      object: "subscription_item",
      ...(item.quantity !== undefined ? { quantity: item.quantity } : {}),
      current_period_start: phase.start_date,
      current_period_end: phase.end_date,
      price: prices.get(item.price)!,
    }));
    Object.assign(sub, { status: "active", trial_end: phase.trial_end });
    const licensed = phase.items.map((i) => prices.get(i.price)!).find((p) => p.recurring.usage_type !== "metered");
    if (licensed) addInvoice(sub, licensed.unit_amount);
  }

  /** A session as Stripe answers it (the stub's own bookkeeping left out). */
  function sessionJson(session: Form) {
    return { ...session, price: undefined, metered: undefined, coupon: undefined, line_items_detail: undefined };
  }

  /** POST /v1/checkout/sessions in `payment` mode: `price_data` line items, one currency, paid once. */
  function createPaymentSession(res: ServerResponse, form: Form) {
    const lines = Object.values((form.line_items ?? {}) as Record<string, Form>);
    if (lines.length === 0)
      return stripeError(res, 400, "invalid_request_error", "Missing required param: line_items.", { param: "line_items" });
    const items: { description: string; amount: number; quantity: number; currency: string }[] = [];
    for (const [i, line] of lines.entries()) {
      const data = (line.price_data ?? {}) as Form;
      const product = (data.product_data ?? {}) as Form;
      const unit = Number(data.unit_amount);
      const quantity = Number(line.quantity ?? 0);
      if (line.price !== undefined) {
        return stripeError(res, 400, "invalid_request_error", "The stub takes price_data in payment mode.", {
          param: `line_items[${i}][price]`,
        });
      }
      if (!/^[a-z]{3}$/.test(String(data.currency ?? "")) || !Number.isInteger(unit) || unit < 0 || !product.name) {
        return stripeError(res, 400, "invalid_request_error", "Invalid price_data.", { param: `line_items[${i}][price_data]` });
      }
      if (!Number.isInteger(quantity) || quantity < 1) {
        return stripeError(res, 400, "invalid_request_error", "Invalid quantity.", { param: `line_items[${i}][quantity]` });
      }
      items.push({ description: String(product.name), amount: unit * quantity, quantity, currency: String(data.currency) });
    }
    const currency = items[0]!.currency;
    if (items.some((item) => item.currency !== currency)) {
      return stripeError(res, 400, "invalid_request_error", "All line items must be in the same currency.", { param: "line_items" });
    }
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    if (total < 50) {
      return stripeError(res, 400, "invalid_request_error", "The Checkout Session's total amount due must add up to at least $0.50 usd");
    }
    if (form.customer !== undefined && !customers.has(String(form.customer)))
      return stripeError(res, 400, "invalid_request_error", "No such customer", { param: "customer" });
    const id = `cs_test_${rand()}${rand()}`;
    const session = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: total,
      amount_total: total,
      currency,
      customer: form.customer ?? null,
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      payment_intent: null as string | null,
      payment_intent_data: form.payment_intent_data ?? null,
      subscription: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      expires_at: nowS() + 86_400,
      line_items_detail: items,
      url: `${base}/checkout/${id}`,
    };
    sessions.set(id, session);
    return json(res, 200, sessionJson(session));
  }

  /** The hosted page of a payment-mode session: its lines and total; paying makes the PaymentIntent. */
  async function paymentPage(req: IncomingMessage, res: ServerResponse, session: Form & { id: string }, raw: string) {
    const items = session.line_items_detail as { description: string; amount: number }[];
    const total = Number(session.amount_total);
    const form = (error = "") =>
      page(
        "Checkout",
        `<h1>Pay Snip</h1><ul>${items.map((i) => `<li>${escapeHtml(i.description)}: ${(i.amount / 100).toFixed(2)}</li>`).join("")}</ul>
<p data-testid="due-today">Due today: ${(total / 100).toFixed(2)} ${String(session.currency).toUpperCase()}</p>${error ? `<p role="alert">${error}</p>` : ""}
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<label>Expiry <input name="expiration" value="12/2034"></label><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`,
      );
    if (session.status !== "open") return html(res, 410, page("Checkout", `<h1>This checkout is ${String(session.status)}</h1>`));
    if (req.method === "GET") return html(res, 200, form());
    const fields = new URLSearchParams(raw);
    const number = (fields.get("card") ?? "").replace(/\s/g, "");
    if (number === DECLINED_CARD) return html(res, 402, form("Your card was declined."));
    const customerId = session.customer ? String(session.customer) : null;
    const customer = customerId ? customers.get(customerId) : undefined;
    if (customer) customer.card = cardOf(number, fields.get("expiration") ?? undefined);
    const intent = { id: `pi_${rand()}${rand()}`, amount: total, currency: String(session.currency), customer: customerId, refunded: 0 };
    paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id, url: null });
    await sendEvent("checkout.session.completed", sessionJson(session));
    return redirectTo(res, String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${rand()}` });
    res.end(JSON.stringify(body));
  }

  function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: Form = {}) {
    json(res, status, { error: { type, message, ...extra } });
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  }

  function redirectTo(res: ServerResponse, location: string) {
    res.writeHead(303, { location });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    const form = req.method === "GET" ? {} : parseStripeForm(raw);
    const parts = path.split("/").filter(Boolean);

    // --- the hosted pages -------------------------------------------------------------------
    if (parts[0] === "checkout" && parts[1]) {
      const session = sessions.get(parts[1]);
      if (!session) return html(res, 404, page("Not found", "<h1>No such checkout</h1>"));
      if (session.mode === "payment") return paymentPage(req, res, session, raw);
      // An expired (or completed) session cannot be paid, as at Stripe.
      if (session.status !== "open") return html(res, 410, page("Checkout", `<h1>This checkout is ${String(session.status)}</h1>`));
      const price = prices.get(String(session.price))!;
      const coupon = session.coupon ? coupons.get(String(session.coupon)) : undefined;
      const trialDays = Number(((session.subscription_data ?? {}) as Form).trial_period_days ?? 0);
      const due = trialDays > 0 ? 0 : coupon ? amountAfterCoupon(price.unit_amount, coupon) : price.unit_amount;
      const form = (error = "") =>
        page(
          "Checkout",
          `<h1>Pay Snip</h1><p>${escapeHtml(price.lookup_key)}</p>${coupon ? `<p>Coupon ${escapeHtml(coupon.id)}</p>` : ""}
<p data-testid="due-today">Due today: ${(due / 100).toFixed(2)} USD</p>${error ? `<p role="alert">${error}</p>` : ""}
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<label>Expiry <input name="expiration" value="12/2034"></label><button type="submit">Subscribe</button></form>`,
        );
      if (req.method === "GET") return html(res, 200, form());
      const fields = new URLSearchParams(raw);
      const number = (fields.get("card") ?? "").replace(/\s/g, "");
      if (number === DECLINED_CARD) return html(res, 402, form("Your card was declined."));
      const customer = customers.get(String(session.customer))!;
      customer.card = cardOf(number, fields.get("expiration") ?? undefined);
      const data = (session.subscription_data ?? {}) as Form;
      const metered = ((session.metered ?? []) as string[]).map((id) => prices.get(id)!);
      const sub = newSubscription(customer.id, price, Number(data.trial_period_days ?? 0), (data.metadata ?? {}) as Form, metered);
      if (coupon) subscriptionDiscounts.set(sub.id, coupon);
      if (sub.status === "active") addInvoice(sub, price.unit_amount);
      Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
      await sendEvent("customer.subscription.created", subscriptionJson(sub));
      await sendEvent("checkout.session.completed", { ...session, price: undefined, metered: undefined, coupon: undefined });
      return redirectTo(res, String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    if (parts[0] === "portal" && parts[1]) {
      const portal = portals.get(parts[1]);
      if (!portal) return html(res, 404, page("Not found", "<h1>No such session</h1>"));
      if (req.method === "GET") {
        return html(
          res,
          200,
          page(
            "Billing portal",
            `<h1>Update payment method</h1><form method="post"><label>Card number <input name="card"></label>
<label>Expiry <input name="expiration" value="12/2034"></label><button type="submit">Save</button></form>`,
          ),
        );
      }
      const fields = new URLSearchParams(raw);
      const customer = customers.get(portal.customer)!;
      customer.card = cardOf((fields.get("card") ?? "").replace(/\s/g, ""), fields.get("expiration") ?? undefined);
      await sendEvent("payment_method.attached", paymentMethodOf(customer.id));
      // Stripe retries an unpaid invoice with the new card.
      if (!customer.card.declines) {
        for (const sub of subscriptions.values()) {
          if (sub.customer !== customer.id || sub.status !== "past_due") continue;
          sub.status = "active";
          addInvoice(sub, Number((sub.items as { data: { price: Price }[] }).data[0]?.price.unit_amount ?? 0));
          await sendEvent("customer.subscription.updated", subscriptionJson(sub));
        }
      }
      return redirectTo(res, portal.return_url);
    }

    // --- the stub's own control: what Stripe does by itself over time ------------------------
    if (req.method === "GET" && path === "/__stub/refunds") {
      const intent = url.searchParams.get("payment_intent");
      return json(res, 200, { data: refunds.filter((r) => !intent || r.payment_intent === intent) });
    }
    if (req.method === "GET" && path === "/__stub/checkout-sessions") {
      const reference = url.searchParams.get("client_reference_id");
      const data = [...sessions.values()].filter((session) => !reference || session.client_reference_id === reference).map(sessionJson);
      return json(res, 200, { data });
    }
    if (req.method === "POST" && parts[0] === "__stub" && parts[1] === "expire-session" && parts[2]) {
      const session = sessions.get(parts[2]);
      if (!session || session.status !== "open") return stripeError(res, 400, "invalid_request_error", "No open session by that id");
      Object.assign(session, { status: "expired", url: null });
      json(res, 200, sessionJson(session));
      await sendEvent("checkout.session.expired", sessionJson(session));
      return;
    }
    if (req.method === "POST" && path === "/__stub/fail-next-checkout") {
      failingCheckouts++;
      return json(res, 200, { failing: failingCheckouts });
    }

    if (req.method === "POST" && path === "/__stub/fail-trial-payment") {
      // The trial ends now and its first invoice fails: past due, as Stripe marks it.
      const email = url.searchParams.get("email");
      const failed: string[] = [];
      for (const sub of subscriptions.values()) {
        if (customers.get(sub.customer)?.email !== email || sub.status !== "trialing") continue;
        const item = (sub.items as { data: Form[] }).data[0]!;
        const start = nowS();
        Object.assign(item, { current_period_start: start, current_period_end: start + MONTH_S });
        Object.assign(sub, { status: "past_due", trial_end: start });
        failed.push(sub.id);
        await sendEvent("customer.subscription.updated", subscriptionJson(sub));
      }
      return json(res, 200, { failed });
    }

    if (req.method === "POST" && path === "/__stub/end-period") {
      // The current period of the customer's subscriptions ends now (a test clock, in Stripe's
      // terms): a schedule's next phase starts, or the plan renews, or a cancellation ends it.
      const email = url.searchParams.get("email");
      // Each subscription whose period ended, with the lookup keys of its items after it.
      const ended: { id: string; lookup_keys: string[] }[] = [];
      const done = (sub: Form & { id: string }) =>
        ended.push({ id: sub.id, lookup_keys: (sub.items as { data: { price: Price }[] }).data.map((i) => i.price.lookup_key) });
      for (const sub of subscriptions.values()) {
        if (customers.get(sub.customer)?.email !== email || !["active", "trialing"].includes(String(sub.status))) continue;
        const now = nowS();
        const schedule = sub.schedule ? schedules.get(String(sub.schedule)) : undefined;
        const current = schedule ? currentPhase(schedule) : null;
        const next = schedule && current ? schedule.phases.find((p) => p.start_date >= current.end_date) : undefined;
        if (schedule && current && next) {
          const length = next.end_date - next.start_date;
          Object.assign(current, { end_date: now });
          Object.assign(next, { start_date: now, end_date: now + length });
          enterPhase(sub, next);
          done(sub);
          await sendEvent("customer.subscription.updated", subscriptionJson(sub));
          continue;
        }
        if (schedule) {
          // The last phase ended: the schedule is done and lets the subscription run on.
          Object.assign(schedule, { status: "completed", completed_at: now, released_subscription: sub.id, subscription: null });
          sub.schedule = null;
          await sendEvent("subscription_schedule.completed", scheduleJson(schedule));
        }
        if (sub.cancel_at_period_end) {
          Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now });
          done(sub);
          await sendEvent("customer.subscription.deleted", subscriptionJson(sub));
          continue;
        }
        const items = itemsOf(sub);
        const licensed = prices.get(items.find((i) => prices.get(i.price)!.recurring.usage_type !== "metered")!.price)!;
        enterPhase(sub, {
          start_date: now,
          end_date: now + periodS(licensed.recurring.interval),
          items,
          proration_behavior: "none",
          trial_end: null,
        });
        done(sub);
        await sendEvent("customer.subscription.updated", subscriptionJson(sub));
      }
      return json(res, 200, { ended });
    }

    if (req.method === "POST" && path === "/__stub/subscriptions") {
      // A subscription made without a checkout (as the Dashboard or the API would), no events sent:
      // ?email=&lookup_key=&user_id= (the metadata Snip's checkout sets).
      const email = url.searchParams.get("email") ?? "";
      const price = prices.get(`price_${url.searchParams.get("lookup_key") ?? ""}`);
      if (!email || !price) return stripeError(res, 400, "invalid_request_error", "email and a known lookup_key are required");
      let customer = [...customers.values()].find((c) => c.email === email);
      if (!customer) {
        customer = { id: `cus_${rand()}`, object: "customer", email, name: null, metadata: {}, card: cardOf("4242424242424242") };
        customers.set(customer.id, customer);
      }
      const userId = url.searchParams.get("user_id");
      const sub = newSubscription(customer.id, price, 0, userId ? { user_id: userId } : {});
      return json(res, 200, { customer: customer.id, subscription: subscriptionJson(sub) });
    }

    if (req.method === "POST" && path === "/__stub/burst") {
      // Several changes to the customer's newest subscription within one second, as a user or
      // Stripe's own automations make them: each sends customer.subscription.updated with the
      // subscription as that change left it, and every event carries the same `created`.
      // Body: a JSON list of changes ({cancel_at_period_end?, status?, lookup_key?}); ?deliver=
      // order (default) | reverse | none (the events are only answered, for the caller to sign and post).
      const email = url.searchParams.get("email");
      const mode = url.searchParams.get("deliver") ?? "order";
      const sub = [...subscriptions.values()].reverse().find((s) => customers.get(s.customer)?.email === email && s.status !== "canceled");
      if (!sub) return stripeError(res, 404, "invalid_request_error", "No subscription for that email");
      const changes = JSON.parse(raw || "[]") as { cancel_at_period_end?: boolean; status?: string; lookup_key?: string }[];
      const created = nowS();
      const payloads: string[] = [];
      for (const change of changes) {
        if (change.cancel_at_period_end !== undefined) sub.cancel_at_period_end = change.cancel_at_period_end;
        if (change.status !== undefined) sub.status = change.status;
        if (change.lookup_key !== undefined) {
          const price = prices.get(`price_${change.lookup_key}`);
          if (!price) return stripeError(res, 400, "invalid_request_error", `No such price: ${change.lookup_key}`);
          (sub.items as { data: Form[] }).data[0]!.price = price;
        }
        payloads.push(eventPayload("customer.subscription.updated", structuredClone(subscriptionJson(sub)), created));
      }
      if (mode === "order") for (const payload of payloads) await deliver(payload);
      if (mode === "reverse") for (const payload of [...payloads].reverse()) await deliver(payload);
      return json(res, 200, { created, events: payloads, subscription: subscriptionJson(sub) });
    }

    if (req.method === "GET" && path === "/__stub/meter-events") {
      const email = url.searchParams.get("email");
      const events = [...meterEvents.values()].filter(
        (e) => !email || customers.get(String(e.payload.stripe_customer_id))?.email === email,
      );
      return json(res, 200, { data: events });
    }

    // --- the API ----------------------------------------------------------------------------
    if (req.headers.authorization !== `Bearer ${STUB_SECRET_KEY}`) {
      return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
    }
    if (req.method === "POST" && path === "/v1/customers") {
      const customer = {
        id: `cus_${rand()}`,
        object: "customer",
        email: form.email,
        name: form.name,
        metadata: form.metadata ?? {},
        card: null,
      };
      customers.set(customer.id, customer);
      const { card: _card, ...body } = customer;
      return json(res, 200, body);
    }
    // Customer tax ids (the tax-id form, docs/decisions/046): Stripe checks the value against the
    // type's format; an EU VAT number must start with an EU member's code.
    if (req.method === "DELETE" && parts[0] === "v1" && parts[1] === "customers" && parts[2] && parts[3] === "tax_ids" && parts[4]) {
      const taxId = taxIds.get(parts[4]);
      if (!taxId || taxId.customer !== parts[2])
        return stripeError(res, 404, "invalid_request_error", `No such tax_id: '${parts[4]}'`, { code: "resource_missing", param: "id" });
      taxIds.delete(parts[4]);
      return json(res, 200, { id: parts[4], object: "tax_id", deleted: true });
    }
    if (parts[0] === "v1" && parts[1] === "customers" && parts[2] && parts[3] === "tax_ids" && !parts[4]) {
      const customer = customers.get(parts[2]);
      if (!customer)
        return stripeError(res, 404, "invalid_request_error", `No such customer: '${parts[2]}'`, { code: "resource_missing", param: "id" });
      if (req.method === "GET") {
        const data = [...taxIds.values()].filter((t) => t.customer === customer.id);
        return json(res, 200, { object: "list", data, has_more: false, url: `/v1/customers/${customer.id}/tax_ids` });
      }
      const type = String(form.type ?? "");
      const value = String(form.value ?? "");
      const valid = STUB_TAX_ID_FORMATS[type];
      if (!valid) return stripeError(res, 400, "invalid_request_error", `Invalid type: ${type}`, { param: "type" });
      if (!valid.test(value))
        return stripeError(res, 400, "invalid_request_error", `Invalid value for ${type}.`, { code: "tax_id_invalid", param: "value" });
      const taxId = {
        id: `txi_${rand()}`,
        object: "tax_id",
        country: type === "eu_vat" ? value.slice(0, 2).replace("EL", "GR") : type.slice(0, 2).toUpperCase(),
        created: nowS(),
        customer: customer.id,
        livemode: false,
        type,
        value,
        verification: { status: "pending", verified_address: null, verified_name: null },
      };
      taxIds.set(taxId.id, taxId);
      return json(res, 200, taxId);
    }
    if (req.method === "POST" && path === "/v1/billing/meter_events") {
      const identifier = String(form.identifier ?? `mev_${randomUUID()}`);
      const payload = (form.payload ?? {}) as Form;
      if (form.event_name !== OVERAGE_METER_EVENT || !payload.stripe_customer_id || !/^\d+$/.test(String(payload.value ?? ""))) {
        return stripeError(res, 400, "invalid_request_error", "Invalid meter event.");
      }
      // Stripe ignores an event whose identifier it already has (within 24 hours).
      if (!meterEvents.has(identifier)) {
        meterEvents.set(identifier, {
          event_name: String(form.event_name),
          identifier,
          timestamp: Number(form.timestamp ?? nowS()),
          payload,
        });
      }
      return json(res, 200, { object: "billing.meter_event", ...meterEvents.get(identifier), created: nowS(), livemode: false });
    }
    if (parts[1] === "coupons" && parts[2] && (req.method === "GET" || req.method === "DELETE")) {
      const coupon = coupons.get(parts[2]);
      if (!coupon) {
        return stripeError(res, 404, "invalid_request_error", `No such coupon: '${parts[2]}'`, { code: "resource_missing", param: "id" });
      }
      if (req.method === "GET") return json(res, 200, coupon);
      coupons.delete(coupon.id);
      return json(res, 200, { id: coupon.id, object: "coupon", deleted: true });
    }
    if (req.method === "GET" && path === "/v1/prices") {
      const keys = [...url.searchParams].filter(([k]) => k.startsWith("lookup_keys")).map(([, v]) => v);
      const data = [...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key));
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (req.method === "GET" && parts[1] === "prices" && parts[2]) {
      const price = prices.get(parts[2]);
      return price ? json(res, 200, price) : stripeError(res, 404, "invalid_request_error", `No such price: '${parts[2]}'`);
    }
    if (req.method === "POST" && path === "/v1/subscription_schedules") {
      const sub = subscriptions.get(String(form.from_subscription ?? ""));
      if (!sub) return stripeError(res, 400, "invalid_request_error", "No such subscription", { param: "from_subscription" });
      if (sub.schedule) {
        return stripeError(res, 400, "invalid_request_error", "You cannot migrate a subscription that is already attached to a schedule.", {
          param: "from_subscription",
        });
      }
      if (sub.status === "canceled" || sub.cancel_at_period_end) {
        return stripeError(res, 400, "invalid_request_error", "You cannot migrate a subscription that is canceled or set to cancel.", {
          param: "from_subscription",
        });
      }
      const item = (sub.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
      const schedule: Schedule = {
        id: `sub_sched_${rand()}`,
        object: "subscription_schedule",
        customer: sub.customer,
        subscription: sub.id,
        released_subscription: null,
        status: "active",
        end_behavior: "release",
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: itemsOf(sub),
            proration_behavior: "create_prorations",
            trial_end: (sub.trial_end as number | null) ?? null,
          },
        ],
        created: nowS(),
        released_at: null,
        canceled_at: null,
        completed_at: null,
        metadata: {},
      };
      schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      json(res, 200, scheduleJson(schedule));
      await sendEvent("subscription_schedule.created", scheduleJson(schedule));
      await sendEvent("customer.subscription.updated", subscriptionJson(sub));
      return;
    }
    if (parts[1] === "subscription_schedules" && parts[2]) {
      const schedule = schedules.get(parts[2]);
      if (!schedule) return stripeError(res, 404, "invalid_request_error", `No such subscription_schedule: '${parts[2]}'`);
      if (req.method === "GET")
        return json(res, 200, scheduleJson(schedule, [...url.searchParams.values()].includes("phases.items.price")));
      if (req.method !== "POST") return stripeError(res, 405, "invalid_request_error", "Method not allowed.");
      if (schedule.status !== "active") {
        return stripeError(
          res,
          400,
          "invalid_request_error",
          `You cannot ${parts[3] ?? "update"} a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      }
      const sub = subscriptions.get(schedule.subscription ?? "")!;
      const now = nowS();
      if (parts[3] === "release") {
        Object.assign(schedule, { status: "released", released_at: now, released_subscription: sub.id, subscription: null });
        sub.schedule = null;
        json(res, 200, scheduleJson(schedule));
        await sendEvent("subscription_schedule.released", scheduleJson(schedule));
        await sendEvent("customer.subscription.updated", subscriptionJson(sub));
        return;
      }
      if (parts[3] === "cancel") {
        Object.assign(schedule, { status: "canceled", canceled_at: now });
        Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now, schedule: null });
        json(res, 200, scheduleJson(schedule));
        await sendEvent("subscription_schedule.canceled", scheduleJson(schedule));
        await sendEvent("customer.subscription.deleted", subscriptionJson(sub));
        return;
      }
      if (parts[3]) return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`);
      if (form.phases !== undefined) {
        const phases = phasesOf(form, currentPhase(schedule));
        if (typeof phases === "string") return stripeError(res, 400, "invalid_request_error", "Invalid phases.", { param: phases });
        schedule.phases = phases;
      }
      if (form.end_behavior !== undefined) schedule.end_behavior = String(form.end_behavior);
      json(res, 200, scheduleJson(schedule));
      await sendEvent("subscription_schedule.updated", scheduleJson(schedule));
      return;
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = paymentIntents.get(String(form.payment_intent ?? ""));
      if (!intent) {
        return stripeError(res, 400, "invalid_request_error", `No such payment_intent: '${String(form.payment_intent ?? "")}'`, {
          code: "resource_missing",
          param: "payment_intent",
        });
      }
      const left = intent.amount - intent.refunded;
      if (left <= 0) {
        return stripeError(res, 400, "invalid_request_error", `Charge ch_${intent.id.slice(3)} has already been refunded.`, {
          code: "charge_already_refunded",
        });
      }
      const amount = form.amount !== undefined ? Number(form.amount) : left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return stripeError(
          res,
          400,
          "invalid_request_error",
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          { param: "amount" },
        );
      }
      intent.refunded += amount;
      const refund = {
        id: `re_${rand()}${rand()}`,
        object: "refund",
        amount,
        currency: intent.currency,
        charge: `ch_${intent.id.slice(3)}`,
        payment_intent: intent.id,
        reason: form.reason ?? null,
        status: "succeeded",
        metadata: form.metadata ?? {},
        created: nowS(),
      };
      refunds.push(refund);
      return json(res, 200, refund);
    }
    if (req.method === "GET" && path === "/v1/refunds") {
      const intent = url.searchParams.get("payment_intent");
      const data = refunds.filter((r) => !intent || r.payment_intent === intent).reverse();
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      if (failingCheckouts > 0) {
        failingCheckouts--;
        return stripeError(res, 400, "invalid_request_error", "Your account cannot currently make live charges.");
      }
      if (form.mode === "payment") return createPaymentSession(res, form);
      const item = ((form.line_items ?? {}) as Form)["0"] as Form | undefined;
      if (!item || !prices.has(String(item.price)))
        return stripeError(res, 400, "invalid_request_error", "No such price", { param: "line_items[0][price]" });
      if (!customers.has(String(form.customer)))
        return stripeError(res, 400, "invalid_request_error", "No such customer", { param: "customer" });
      const discount = ((form.discounts ?? {}) as Form)["0"] as Form | undefined;
      if (discount?.coupon !== undefined && !coupons.has(String(discount.coupon))) {
        return stripeError(res, 400, "invalid_request_error", `No such coupon: '${String(discount.coupon)}'`, {
          code: "resource_missing",
          param: "discounts[0][coupon]",
        });
      }
      const id = `cs_test_${rand()}${rand()}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        status: "open",
        payment_status: "unpaid",
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        subscription_data: form.subscription_data,
        discounts: discount?.coupon !== undefined ? [{ coupon: String(discount.coupon), promotion_code: null }] : [],
        coupon: discount?.coupon !== undefined ? String(discount.coupon) : null,
        price: item.price,
        // Further line items: the metered overage price (no quantity), as Snip adds it.
        metered: Object.values((form.line_items ?? {}) as Record<string, Form>)
          .slice(1)
          .map((line) => String(line.price))
          .filter((id) => prices.get(id)?.recurring.usage_type === "metered"),
        url: `${base}/checkout/${id}`,
      };
      sessions.set(id, session);
      return json(res, 200, { ...session, price: undefined, metered: undefined, coupon: undefined });
    }
    // Expire a Checkout Session (`stripe.checkout.sessions.expire`): only an open one; Stripe then sends checkout.session.expired.
    if (req.method === "POST" && parts[1] === "checkout" && parts[2] === "sessions" && parts[3] && parts[4] === "expire") {
      const session = sessions.get(parts[3]);
      if (!session)
        return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${parts[3]}'`, { code: "resource_missing" });
      if (session.status !== "open")
        return stripeError(res, 400, "invalid_request_error", 'Only Checkout Sessions with a status in ["open"] can be expired.');
      Object.assign(session, { status: "expired", url: null });
      json(res, 200, sessionJson(session));
      await sendEvent("checkout.session.expired", sessionJson(session));
      return;
    }
    if (req.method === "GET" && parts[1] === "checkout" && parts[2] === "sessions" && parts[3]) {
      const session = sessions.get(parts[3]);
      return session ? json(res, 200, sessionJson(session)) : stripeError(res, 404, "invalid_request_error", "No such checkout.session");
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(String(form.customer)))
        return stripeError(res, 400, "invalid_request_error", "No such customer", { param: "customer" });
      const portal = { id: `bps_${rand()}`, customer: String(form.customer), return_url: String(form.return_url) };
      portals.set(portal.id, portal);
      return json(res, 200, { ...portal, object: "billing_portal.session", url: `${base}/portal/${portal.id}` });
    }
    if (req.method === "GET" && path === "/v1/subscriptions") {
      // Stripe's list: by customer; `status=all` includes canceled ones (the default leaves them out).
      const customer = url.searchParams.get("customer");
      const all = url.searchParams.get("status") === "all";
      const data = [...subscriptions.values()]
        .filter((sub) => (!customer || sub.customer === customer) && (all || sub.status !== "canceled"))
        .map((sub) => subscriptionJson(sub));
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    if (req.method === "GET" && path === "/v1/customers") {
      const email = url.searchParams.get("email");
      const data = [...customers.values()].filter((c) => !email || c.email === email).map(({ card: _card, ...body }) => body);
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/customers" });
    }
    if (req.method === "GET" && path === "/v1/invoices") {
      const data = invoices.filter((i) => i.customer === url.searchParams.get("customer"));
      return json(res, 200, { object: "list", data, has_more: false, url: "/v1/invoices" });
    }
    if (parts[1] === "subscriptions" && parts[2]) {
      const sub = subscriptions.get(parts[2]);
      if (!sub) return stripeError(res, 404, "invalid_request_error", `No such subscription: '${parts[2]}'`);
      const expand = [...url.searchParams.values()].includes("default_payment_method");
      if (req.method === "GET") return json(res, 200, subscriptionJson(sub, expand));
      if (req.method === "DELETE") {
        // Cancelling the subscription cancels its schedule with it.
        const schedule = sub.schedule ? schedules.get(String(sub.schedule)) : undefined;
        if (schedule) Object.assign(schedule, { status: "canceled", canceled_at: nowS() });
        Object.assign(sub, { status: "canceled", canceled_at: nowS(), ended_at: nowS(), cancel_at_period_end: false, schedule: null });
        json(res, 200, subscriptionJson(sub));
        void sendEvent("customer.subscription.deleted", subscriptionJson(sub));
        return;
      }
      if (req.method === "POST") {
        const items = sub.items as { data: Form[] };
        const change = ((form.items ?? {}) as Form)["0"] as Form | undefined;
        if (sub.schedule && (change?.price || form.cancel_at_period_end !== undefined)) {
          return stripeError(
            res,
            400,
            "invalid_request_error",
            `The subscription is managed by the subscription schedule \`${String(sub.schedule)}\`, and updating any cancelation behavior or items directly is not allowed. Please update the schedule instead.`,
          );
        }
        if (change?.price) {
          const price = prices.get(String(change.price));
          if (!price) return stripeError(res, 400, "invalid_request_error", "No such price", { param: "items[0][price]" });
          const card = customers.get(sub.customer)?.card;
          if (card?.declines || !card) {
            return stripeError(res, 402, "card_error", "Your card was declined.", {
              code: "card_declined",
              decline_code: "generic_decline",
            });
          }
          const start = nowS();
          items.data[0] = {
            ...items.data[0],
            price,
            current_period_start: start,
            current_period_end: start + (price.recurring.interval === "year" ? YEAR_S : MONTH_S),
          };
          Object.assign(sub, { status: "active", trial_end: null });
          addInvoice(sub, price.unit_amount);
        }
        if (form.cancel_at_period_end !== undefined) sub.cancel_at_period_end = form.cancel_at_period_end === "true";
        json(res, 200, subscriptionJson(sub));
        void sendEvent("customer.subscription.updated", subscriptionJson(sub));
        return;
      }
    }
    stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      // Stripe's idempotency: a key it has seen answers the first answer again (nothing is done twice).
      const key = req.headers["idempotency-key"];
      if (req.method === "POST" && typeof key === "string" && req.url?.startsWith("/v1/")) {
        const seen = idempotent.get(key);
        if (seen) {
          res.writeHead(seen.status, { "content-type": "application/json", "idempotent-replayed": "true" });
          res.end(seen.body);
          return;
        }
        if (inFlight.has(key)) {
          // Stripe refuses a key whose first request is still running (the SDK retries a 409).
          res.writeHead(409, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              error: {
                type: "idempotency_error",
                message: "There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.",
              },
            }),
          );
          return;
        }
        inFlight.add(key);
        const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
        res.end = ((chunk?: unknown) => {
          inFlight.delete(key);
          // Only a request that ran is kept: Stripe saves no result for one refused before it started.
          if (res.statusCode < 400) idempotent.set(key, { status: res.statusCode, body: typeof chunk === "string" ? chunk : "" });
          return end(chunk);
        }) as typeof res.end;
      }
      handle(req, res, raw).catch((error: unknown) => {
        console.error("stripe stub:", error);
        if (!res.headersSent) stripeError(res, 500, "api_error", "stub failure");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
