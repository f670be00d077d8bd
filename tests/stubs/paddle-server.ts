/**
 * A local Paddle Billing stand-in speaking Paddle's wire format (JSON in, `{data, meta}` out,
 * snake_case fields, `{error: {type, code, detail, errors?}, meta}` errors, list paging in
 * `meta.pagination`), with only the endpoints app/lib/billing/paddle.server.ts calls:
 * customers, prices (Snip's lookup key in custom_data.lookup_key), transactions (create, list,
 * get), subscriptions (get, update, cancel) and the payment-method change transaction.
 *
 * Paddle.js cannot load from Paddle's CDN here (no internet): `/paddle.js` is a tiny labelled
 * stand-in with what /paddle/payment uses (Environment.set, Initialize with the success URL
 * and an eventCallback, Checkout.open({transactionId}), the checkout.completed / .closed
 * events). Paying in it completes the transaction at the stub, which then sends the webhooks
 * Paddle would (subscription.created, transaction.completed, subscription.updated), signed as
 * Paddle signs them (`Paddle-Signature: ts=...;h1=HMAC-SHA256(secret, "ts:body")`).
 *
 * Card 4000 0000 0000 0002 declines every charge: at checkout (in the overlay) and, once put on
 * file through a payment-method change, a prorated plan change (`subscription_payment_declined`).
 * The stub's prices carry no trial period, so a subscription is active and billed at once.
 * `/__stub/*` plays what Paddle does by itself over time (a period nearing its end, a renewal),
 * a burst of changes whose notifications share one `occurred_at` (`/__stub/burst`), and a
 * subscription made without a checkout (`/__stub/subscriptions`). `PATCH /transactions/{id}`
 * `{status: "canceled"}` cancels a ready transaction and sends `transaction.canceled`.
 * Discounts: Snip's catalog (domain/coupons.ts) as Paddle discounts whose `code` is Snip's code,
 * `recur: false` (GET /discounts with `code`, `status`, `id` filters); a transaction's
 * `discount_id` discounts it (the first payment), renewals are billed in full unless the
 * discount recurs. `/__stub/discounts/{code}/archive` archives one (an account without it).
 * One-off transactions (domain orders, docs/decisions/049): `POST /transactions` with non-catalog
 * prices (`items[].price` with `description`, `unit_price`, `product`, no billing cycle); paying one
 * sends `transaction.paid` then `transaction.completed`. Refunds are adjustments (`POST /adjustments`
 * with `action: refund`, `type: full`, or `partial` with the transaction's line item ids; `GET
 * /adjustments`), refused beyond what is left of the transaction; `/__stub/adjustments` lists them.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { priceLookupKey } from "../../domain/billing";
import { COUPONS } from "../../domain/coupons";
import { addMonthsClamped } from "../../domain/subscription";
import { PLANS } from "../../domain/plans";

export const PADDLE_STUB_API_KEY = "pdl_sdbx_apikey_snip_stub";
export const PADDLE_STUB_WEBHOOK_SECRET = "pdl_ntfset_snip_stub_e2e";
export const PADDLE_STUB_CLIENT_TOKEN = "test_snip_stub_client_token";
export const DECLINED_CARD = "4000000000000002";

type Json = Record<string, unknown>;

interface Card {
  type: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
  declines: boolean;
}

interface Customer {
  id: string;
  email: string;
  name: string | null;
  custom_data: Json | null;
  created_at: string;
  card: Card | null;
}

interface Price {
  id: string;
  product_id: string;
  lookup_key: string;
  interval: "month" | "year";
  amount: number;
}

interface PaddleDiscount {
  id: string;
  code: string;
  type: "percentage" | "flat";
  /** percent ("10") or minor units ("500") */
  amount: string;
  currency_code: "USD" | null;
  recur: boolean;
  status: "active" | "archived";
}

/** The amount after the discount, never below zero. */
export function amountAfterDiscount(amount: number, d: Pick<PaddleDiscount, "type" | "amount">): number {
  const off = d.type === "percentage" ? Math.round((amount * Number(d.amount)) / 100) : Number(d.amount);
  return Math.max(0, amount - off);
}

/** A line of a one-off transaction made with a non-catalog price. */
interface OneOffLine {
  id: string;
  price: Json & { id: string; product_id: string };
  product: Json & { id: string; name: string };
  quantity: number;
  /** minor units: unit price × quantity */
  amount: number;
}

interface Transaction {
  id: string;
  /** Non-catalog lines (a one-off payment); catalog transactions have price_id instead. */
  lines?: OneOffLine[];
  /** What adjustments refunded so far (minor units). */
  refunded?: number;
  status: "ready" | "completed" | "canceled";
  customer_id: string;
  custom_data: Json | null;
  origin: "api" | "subscription_update" | "subscription_payment_method_change" | "subscription_recurring";
  subscription_id: string | null;
  invoice_number: string | null;
  price_id: string;
  amount: number;
  /** the price before a discount (equal to amount without one) */
  subtotal?: number;
  discount_id?: string | null;
  billing_period: { starts_at: string; ends_at: string } | null;
  card: Card | null;
  created_at: string;
  billed_at: string | null;
}

interface Subscription {
  id: string;
  status: "active" | "past_due" | "canceled";
  customer_id: string;
  custom_data: Json | null;
  price_id: string;
  created_at: string;
  updated_at: string;
  started_at: string;
  canceled_at: string | null;
  period: { starts_at: string; ends_at: string } | null;
  scheduled_change: { action: "cancel"; effective_at: string; resume_at: null } | null;
  /** A recurring discount from the checkout (a `recur: false` one is not kept). */
  discount_id?: string | null;
  /** The trial the subscription had (set by /__stub/fail-trial-payment). */
  trial_dates?: { starts_at: string; ends_at: string } | null;
}

/** A refund adjustment as the stub keeps it. */
interface Adjustment {
  id: string;
  type: "full" | "partial";
  transaction_id: string;
  customer_id: string;
  reason: string;
  amount: number;
  items: { item_id: string; amount: number }[];
  created_at: string;
}

/** What the stub was asked to do, for the tests to check (e.g. the proration mode of a change). */
export interface StubUpdate {
  subscription_id: string;
  body: Json;
}

const rand = () => Math.random().toString(36).slice(2, 14);
const iso = (ms: number) => new Date(ms).toISOString();

function cardOf(number: string, expiration = "12/2034"): Card {
  const [month, year] = expiration.split("/");
  return {
    type: number.startsWith("5") ? "mastercard" : "visa",
    last4: number.slice(-4),
    expiry_month: Number(month) || 12,
    expiry_year: Number(year) || 2034,
    cardholder_name: "Stub Card",
    declines: number === DECLINED_CARD,
  };
}

function nextPeriodEnd(start: number, interval: "month" | "year"): number {
  return addMonthsClamped(new Date(start), interval === "year" ? 12 : 1).getTime();
}

/** The Paddle.js stand-in: the API /paddle/payment uses, paying at the stub. */
const PADDLE_JS = `/* Paddle.js stub: a local stand-in for Paddle's checkout overlay (tests/stubs/paddle-server.ts). */
(function () {
  var origin = new URL(document.currentScript.src).origin;
  var settings = {};
  var callback = null;
  var overlay = null;
  function emit(name, data) { if (callback) callback({ name: name, data: data }); }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }
  function close(transactionId) {
    if (overlay) overlay.remove();
    overlay = null;
    emit("checkout.closed", { transaction_id: transactionId });
  }
  window.Paddle = {
    Environment: { set: function () {} },
    Initialize: function (options) {
      settings = (options && options.checkout && options.checkout.settings) || {};
      callback = (options && options.eventCallback) || null;
    },
    Checkout: {
      close: function () { close(null); },
      open: function (options) {
        var id = options.transactionId;
        fetch(origin + "/__stub/checkout/" + encodeURIComponent(id)).then(function (r) { return r.json(); }).then(function (info) {
          overlay = el("div", { style: "position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;font-family:sans-serif" });
          var box = el("div", { role: "dialog", "aria-label": "Paddle checkout", style: "background:#fff;border-radius:12px;padding:24px;width:24rem;display:grid;gap:12px" });
          overlay.appendChild(box);
          box.appendChild(el("p", { role: "note", style: "margin:0;font-size:13px;color:#92400e;background:#fef3c7;padding:8px;border-radius:6px" }, "Paddle.js stub — a local stand-in for Paddle's checkout overlay."));
          box.appendChild(el("h2", { style: "margin:0;font-size:18px" }, info.description));
          box.appendChild(el("p", { style: "margin:0" }, "Due today: " + (info.amount / 100).toFixed(2) + " USD"));
          var label = el("label", { style: "display:grid;gap:4px;font-size:14px" }, "Card number");
          var input = el("input", { name: "card", value: "4242 4242 4242 4242", style: "padding:8px;border:1px solid #cbd5e1;border-radius:6px" });
          label.appendChild(input);
          box.appendChild(label);
          var alert = el("p", { role: "alert", style: "margin:0;color:#b91c1c" });
          var pay = el("button", { type: "button", style: "padding:10px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font-weight:600" }, info.amount > 0 ? "Pay now" : "Save card");
          var cancel = el("button", { type: "button", style: "padding:8px;border:1px solid #cbd5e1;border-radius:6px;background:#fff" }, "Close checkout");
          box.appendChild(alert);
          box.appendChild(pay);
          box.appendChild(cancel);
          document.body.appendChild(overlay);
          emit("checkout.loaded", { transaction_id: id });
          cancel.addEventListener("click", function () { close(id); });
          pay.addEventListener("click", function () {
            pay.disabled = true;
            fetch(origin + "/__stub/checkout/" + encodeURIComponent(id) + "/pay", {
              method: "POST",
              body: new URLSearchParams({ card: input.value }),
            }).then(function (r) { return r.json(); }).then(function (result) {
              pay.disabled = false;
              if (result.error) {
                alert.textContent = result.error;
                emit("checkout.payment.failed", { transaction_id: id });
                return;
              }
              emit("checkout.completed", { transaction_id: id, status: "completed" });
              if (settings.successUrl) location.assign(settings.successUrl);
            });
          });
        });
      },
    },
  };
})();
`;

export interface PaddleStub {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the stub on 127.0.0.1 (port 0: any free one); webhooks go to `webhookUrl`. */
export async function startPaddleStub({ port = 0, webhookUrl }: { port?: number; webhookUrl: string }): Promise<PaddleStub> {
  const prices = new Map<string, Price>();
  const products = new Map<string, { id: string; name: string }>();
  for (const plan of PLANS) {
    if (!plan.billable) continue;
    products.set(`pro_${plan.name.replaceAll("-", "")}`, { id: `pro_${plan.name.replaceAll("-", "")}`, name: plan.title });
    for (const price of plan.prices) {
      const key = priceLookupKey(plan.name, price.interval);
      const id = `pri_${key.replaceAll("_", "").replaceAll("-", "")}`;
      prices.set(id, {
        id,
        product_id: `pro_${plan.name.replaceAll("-", "")}`,
        lookup_key: key,
        interval: price.interval === "yearly" ? "year" : "month",
        amount: price.amount,
      });
    }
  }
  const discounts = new Map<string, PaddleDiscount>();
  for (const c of COUPONS) {
    const id = `dsc_${c.coupon.toLowerCase()}`;
    discounts.set(id, {
      id,
      code: c.coupon,
      type: c.percent_off !== null ? "percentage" : "flat",
      amount: String(c.percent_off ?? c.amount_off ?? 0),
      currency_code: c.percent_off !== null ? null : "USD",
      recur: false,
      status: "active",
    });
  }
  const customers = new Map<string, Customer>();
  const businesses = new Map<string, Json & { id: string; customer_id: string }>();
  const transactions = new Map<string, Transaction>();
  const subscriptions = new Map<string, Subscription>();
  const adjustments: Adjustment[] = [];
  const updates: StubUpdate[] = [];
  let invoiceCount = 0;
  let lastOccurred = 0;
  let base = "";
  const createdAt = iso(Date.now());

  // --- JSON as Paddle shapes it --------------------------------------------------------------

  function productJson(id: string) {
    const product = products.get(id)!;
    return {
      id,
      name: product.name,
      type: "standard",
      tax_category: "standard",
      description: null,
      image_url: null,
      custom_data: null,
      status: "active",
      import_meta: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  }

  function priceJson(price: Price) {
    return {
      id: price.id,
      product_id: price.product_id,
      type: "standard",
      description: price.lookup_key,
      name: price.lookup_key,
      billing_cycle: { interval: price.interval, frequency: 1 },
      trial_period: null,
      tax_mode: "account_setting",
      unit_price: { amount: String(price.amount), currency_code: "USD" },
      unit_price_overrides: [],
      quantity: { minimum: 1, maximum: 1 },
      status: "active",
      custom_data: { lookup_key: price.lookup_key },
      import_meta: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  }

  function customerJson(c: Customer) {
    return {
      id: c.id,
      name: c.name,
      email: c.email,
      marketing_consent: false,
      status: "active",
      custom_data: c.custom_data,
      locale: "en",
      import_meta: null,
      created_at: c.created_at,
      updated_at: c.created_at,
    };
  }

  function cardJson(card: Card) {
    const { declines: _d, ...details } = card;
    return details;
  }

  function discountJson(d: PaddleDiscount) {
    return {
      id: d.id,
      status: d.status,
      description: `${d.code} (Snip coupon)`,
      enabled_for_checkout: true,
      code: d.code,
      mode: "standard",
      type: d.type,
      amount: d.amount,
      currency_code: d.currency_code,
      recur: d.recur,
      maximum_recurring_intervals: null,
      usage_limit: null,
      restrict_to: null,
      expires_at: null,
      custom_data: null,
      times_used: 0,
      discount_group_id: null,
      import_meta: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  }

  function totals(amount: number, subtotal = amount) {
    const a = String(amount);
    return {
      subtotal: String(subtotal),
      discount: String(subtotal - amount),
      tax: "0",
      total: a,
      credit: "0",
      credit_to_balance: "0",
      balance: "0",
      grand_total: a,
      grand_total_tax: "0",
      fee: null,
      earnings: null,
      currency_code: "USD",
    };
  }

  function lineTotals(t: Transaction) {
    const subtotal = t.subtotal ?? t.amount;
    return { subtotal: String(subtotal), discount: String(subtotal - t.amount), tax: "0", total: String(t.amount) };
  }

  /**
   * A transaction as Paddle answers it: a catalog one (a subscription's, its price's single line)
   * or a one-off one (its non-catalog lines as items and line items, no subscription, period or
   * discount, paid with a card not stored on the customer).
   */
  function transactionJson(t: Transaction) {
    const lines = t.lines;
    const price = lines ? null : prices.get(t.price_id)!;
    const oneOffTotals = (amount: number) => ({ subtotal: String(amount), discount: "0", tax: "0", total: String(amount) });
    return {
      id: t.id,
      status: t.status,
      customer_id: t.customer_id,
      address_id: null,
      business_id: null,
      custom_data: t.custom_data,
      currency_code: "USD",
      origin: t.origin,
      subscription_id: lines ? null : t.subscription_id,
      invoice_id: t.invoice_number ? `inv_${t.id.slice(4)}` : null,
      invoice_number: t.invoice_number,
      collection_mode: "automatic",
      discount_id: lines ? null : (t.discount_id ?? null),
      billing_details: null,
      billing_period: lines ? null : t.billing_period,
      items: lines
        ? lines.map((l) => ({ price: l.price, quantity: l.quantity, proration: null }))
        : [{ price: priceJson(price!), quantity: 1, proration: null }],
      details: {
        tax_rates_used: [],
        totals: lines ? totals(t.amount) : totals(t.amount, t.subtotal ?? t.amount),
        adjusted_totals: null,
        payout_totals: null,
        adjusted_payout_totals: null,
        line_items: lines
          ? lines.map((l) => ({
              id: l.id,
              price_id: l.price.id,
              quantity: l.quantity,
              proration: null,
              tax_rate: "0",
              unit_totals: oneOffTotals(l.amount / l.quantity),
              totals: oneOffTotals(l.amount),
              product: l.product,
            }))
          : [
              {
                id: `txnitm_${t.id.slice(4)}`,
                price_id: price!.id,
                quantity: 1,
                proration: null,
                tax_rate: "0",
                unit_totals: lineTotals(t),
                totals: lineTotals(t),
                product: productJson(price!.product_id),
              },
            ],
      },
      payments: t.card
        ? [
            {
              payment_attempt_id: `pa_${t.id.slice(4)}`,
              stored_payment_method_id: lines ? null : `paymtd_${t.customer_id.slice(4)}`,
              payment_method_id: lines ? `paymtd_${t.id.slice(4)}` : `paymtd_${t.customer_id.slice(4)}`,
              amount: String(t.amount),
              status: "captured",
              error_code: null,
              method_details: { type: "card", card: cardJson(t.card) },
              created_at: t.billed_at,
              captured_at: t.billed_at,
            },
          ]
        : [],
      checkout: { url: `${base}/pay?_ptxn=${t.id}` },
      created_at: t.created_at,
      updated_at: t.billed_at ?? t.created_at,
      billed_at: t.billed_at,
      revised_at: null,
    };
  }

  /** Non-catalog items of POST /transactions as the transaction's lines, or the field that is wrong. */
  function oneOffLines(items: Json[]): OneOffLine[] | { field: string; message: string } {
    const lines: OneOffLine[] = [];
    for (const [i, item] of items.entries()) {
      const price = item.price as Json | undefined;
      const unit = price?.unit_price as Json | undefined;
      const product = price?.product as Json | undefined;
      const quantity = Number(item.quantity ?? 1);
      if (!price || typeof price.description !== "string" || !price.description)
        return { field: `items[${i}].price.description`, message: "is required" };
      if (!unit || !/^\d+$/.test(String(unit.amount ?? "")) || unit.currency_code !== "USD")
        return { field: `items[${i}].price.unit_price`, message: "amount (a string of minor units) and currency_code are required" };
      if (price.billing_cycle) return { field: `items[${i}].price.billing_cycle`, message: "the stub takes one-off prices only" };
      if (!product || typeof product.name !== "string" || !["standard", "digital-goods", "saas"].includes(String(product.tax_category)))
        return { field: `items[${i}].price.product`, message: "name and tax_category are required" };
      if (!Number.isInteger(quantity) || quantity < 1) return { field: `items[${i}].quantity`, message: "must be at least 1" };
      const productId = `pro_${rand()}${rand()}`;
      const priceId = `pri_${rand()}${rand()}`;
      const productBody = {
        id: productId,
        name: product.name,
        type: "custom",
        tax_category: product.tax_category,
        description: null,
        image_url: null,
        custom_data: null,
        status: "active",
        import_meta: null,
        created_at: iso(Date.now()),
        updated_at: iso(Date.now()),
      };
      lines.push({
        id: `txnitm_${rand()}${rand()}`,
        quantity,
        amount: Number(unit.amount) * quantity,
        product: productBody,
        price: {
          id: priceId,
          product_id: productId,
          type: "custom",
          description: price.description,
          name: (price.name as string | undefined) ?? null,
          billing_cycle: null,
          trial_period: null,
          tax_mode: (price.tax_mode as string | undefined) ?? "account_setting",
          unit_price: { amount: String(unit.amount), currency_code: "USD" },
          unit_price_overrides: [],
          quantity: { minimum: 1, maximum: 100 },
          status: "active",
          custom_data: (price.custom_data as Json | null | undefined) ?? null,
          import_meta: null,
          created_at: iso(Date.now()),
          updated_at: iso(Date.now()),
        },
      });
    }
    return lines;
  }

  function adjustmentJson(a: Adjustment) {
    return {
      id: a.id,
      action: "refund",
      type: a.type,
      transaction_id: a.transaction_id,
      subscription_id: null,
      customer_id: a.customer_id,
      reason: a.reason,
      credit_applied_to_balance: null,
      currency_code: "USD",
      status: "pending_approval",
      items: a.items.map((i) => ({
        id: `adjitm_${rand()}`,
        item_id: i.item_id,
        type: "full",
        amount: String(i.amount),
        proration: null,
        totals: { subtotal: String(i.amount), tax: "0", total: String(i.amount) },
      })),
      totals: { subtotal: String(a.amount), tax: "0", total: String(a.amount), fee: "0", earnings: String(a.amount), currency_code: "USD" },
      payout_totals: null,
      created_at: a.created_at,
      updated_at: a.created_at,
    };
  }

  function subscriptionJson(s: Subscription) {
    const price = prices.get(s.price_id)!;
    const next = s.status === "canceled" || s.scheduled_change ? null : (s.period?.ends_at ?? null);
    return {
      id: s.id,
      status: s.status,
      customer_id: s.customer_id,
      address_id: `add_${s.customer_id.slice(4)}`,
      business_id: null,
      currency_code: "USD",
      created_at: s.created_at,
      updated_at: s.updated_at,
      started_at: s.started_at,
      first_billed_at: s.started_at,
      next_billed_at: next,
      paused_at: null,
      canceled_at: s.canceled_at,
      discount: s.discount_id ? { id: s.discount_id, starts_at: s.started_at, ends_at: null } : null,
      collection_mode: "automatic",
      billing_details: null,
      current_billing_period: s.period,
      billing_cycle: { interval: price.interval, frequency: 1 },
      scheduled_change: s.scheduled_change,
      management_urls: { update_payment_method: null, cancel: `${base}/manage/${s.id}/cancel` },
      items: [
        {
          status: "active",
          quantity: 1,
          recurring: true,
          created_at: s.created_at,
          updated_at: s.updated_at,
          previously_billed_at: s.period?.starts_at ?? null,
          next_billed_at: next,
          trial_dates: s.trial_dates ?? null,
          price: priceJson(price),
          product: productJson(price.product_id),
        },
      ],
      custom_data: s.custom_data,
      import_meta: null,
    };
  }

  // --- webhooks ------------------------------------------------------------------------------

  /** A notification as Paddle writes it. */
  function eventBody(type: string, data: unknown, occurredAt: number): string {
    return JSON.stringify({
      event_id: `evt_${rand()}${rand()}`,
      event_type: type,
      occurred_at: iso(occurredAt),
      notification_id: `ntf_${rand()}${rand()}`,
      data,
    });
  }

  /** Sends one notification, signed as Paddle signs it; outside a burst, `occurred_at` never repeats. */
  async function sendEvent(type: string, data: unknown): Promise<void> {
    lastOccurred = Math.max(Date.now(), lastOccurred + 1);
    await deliver(eventBody(type, data, lastOccurred));
  }

  async function deliver(body: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      // Signed at each attempt: Paddle's SDK accepts a signature at most 5 seconds old.
      const ts = Math.floor(Date.now() / 1000);
      const h1 = createHmac("sha256", PADDLE_STUB_WEBHOOK_SECRET).update(`${ts}:${body}`).digest("hex");
      try {
        const res = await fetch(webhookUrl, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "paddle-signature": `ts=${ts};h1=${h1}` },
        });
        if (res.ok) return;
      } catch {
        // retried below, as Paddle retries
      }
      await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
    }
  }

  // --- what Paddle does ----------------------------------------------------------------------

  function newTransaction(fields: Partial<Transaction> & Pick<Transaction, "customer_id" | "price_id" | "amount" | "origin">): Transaction {
    const t: Transaction = {
      id: `txn_${rand()}${rand()}`,
      status: "ready",
      custom_data: null,
      subscription_id: null,
      invoice_number: null,
      billing_period: null,
      card: null,
      created_at: iso(Date.now()),
      billed_at: null,
      ...fields,
    };
    transactions.set(t.id, t);
    return t;
  }

  function complete(t: Transaction, card: Card) {
    Object.assign(t, { status: "completed", card, billed_at: iso(Date.now()) });
    if (t.amount > 0 || t.origin !== "subscription_payment_method_change") {
      t.invoice_number = `STUB-PDL-${String(++invoiceCount).padStart(4, "0")}`;
    }
  }

  function touch(s: Subscription) {
    s.updated_at = iso(Date.now());
  }

  /** The customer paid a transaction in the overlay. */
  async function pay(t: Transaction, number: string): Promise<{ error?: string }> {
    const card = cardOf(number);
    if (t.status === "completed") return {};
    if (t.status === "canceled") return { error: "This checkout was canceled." };
    if (card.declines && t.amount > 0) return { error: "Your card was declined." };
    const customer = customers.get(t.customer_id);
    if (customer) customer.card = card;
    complete(t, card);
    if (t.lines) {
      // A one-off payment: Paddle tells it paid, then completed.
      await sendEvent("transaction.paid", transactionJson(t));
      await sendEvent("transaction.completed", transactionJson(t));
      return {};
    }
    if (t.origin === "subscription_payment_method_change" && t.subscription_id) {
      await sendEvent("transaction.completed", transactionJson(t));
      // Paddle retries a past-due renewal with the new card.
      const sub = subscriptions.get(t.subscription_id);
      if (sub?.status === "past_due" && !card.declines) {
        sub.status = "active";
        touch(sub);
        await sendEvent("subscription.updated", subscriptionJson(sub));
      }
      return {};
    }
    // A checkout: the subscription starts, carrying the transaction's custom data (as Paddle does).
    const price = prices.get(t.price_id)!;
    const now = Date.now();
    const sub: Subscription = {
      id: `sub_${rand()}${rand()}`,
      status: "active",
      customer_id: t.customer_id,
      custom_data: t.custom_data,
      price_id: t.price_id,
      created_at: iso(now),
      updated_at: iso(now),
      started_at: iso(now),
      canceled_at: null,
      period: { starts_at: iso(now), ends_at: iso(nextPeriodEnd(now, price.interval)) },
      scheduled_change: null,
      discount_id: t.discount_id && discounts.get(t.discount_id)?.recur ? t.discount_id : null,
    };
    subscriptions.set(sub.id, sub);
    Object.assign(t, { subscription_id: sub.id, billing_period: sub.period });
    await sendEvent("subscription.created", { ...subscriptionJson(sub), transaction_id: t.id });
    await sendEvent("transaction.completed", transactionJson(t));
    return {};
  }

  /** PATCH /subscriptions/{id}: items (with a proration mode), scheduled_change: null, custom_data. */
  async function update(res: ServerResponse, sub: Subscription, body: Json) {
    updates.push({ subscription_id: sub.id, body });
    if (sub.status === "canceled") {
      return apiError(res, 400, "request_error", "subscription_update_when_canceled", "Canceled subscriptions cannot be updated.");
    }
    const items = body.items as { price_id?: string; quantity?: number }[] | undefined;
    let charge: Transaction | null = null;
    if (items) {
      const mode = String(body.proration_billing_mode ?? "");
      if (!["prorated_immediately", "do_not_bill", "full_immediately"].includes(mode)) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "proration_billing_mode", message: "is required when items change" },
        ]);
      }
      const price = prices.get(String(items[0]?.price_id ?? ""));
      if (!price || items.length !== 1) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "items[0].price_id", message: "price not found" },
        ]);
      }
      const old = prices.get(sub.price_id)!;
      const now = Date.now();
      const period = sub.period!;
      const start = Date.parse(period.starts_at);
      const end = Date.parse(period.ends_at);
      const left = Math.max(0, end - now) / Math.max(1, end - start);
      let amount = 0;
      let newPeriod = period;
      if (mode === "prorated_immediately" || mode === "full_immediately") {
        const credit = mode === "full_immediately" ? 0 : Math.round(old.amount * left);
        if (price.interval !== old.interval) {
          // Another billing cycle starts a new period now: the new price in full, less the unused old time.
          newPeriod = { starts_at: iso(now), ends_at: iso(nextPeriodEnd(now, price.interval)) };
          amount = Math.max(0, price.amount - credit);
        } else {
          amount = Math.max(0, Math.round(price.amount * left) - credit);
        }
      }
      // do_not_bill: the items change now, nothing is charged, and the next renewal bills the new price.
      if (amount > 0) {
        const card = customers.get(sub.customer_id)?.card;
        if (!card || card.declines) {
          // on_payment_failure: prevent_change (Paddle's default) keeps the subscription as it was.
          return apiError(res, 400, "request_error", "subscription_payment_declined", "The payment for this change was declined.");
        }
        charge = newTransaction({
          customer_id: sub.customer_id,
          price_id: price.id,
          amount,
          origin: "subscription_update",
          subscription_id: sub.id,
          billing_period: newPeriod,
        });
        complete(charge, card);
      }
      sub.price_id = price.id;
      sub.period = newPeriod;
    }
    if ("scheduled_change" in body && body.scheduled_change === null) sub.scheduled_change = null;
    if ("custom_data" in body) sub.custom_data = (body.custom_data as Json | null) ?? null;
    touch(sub);
    json(res, 200, { data: subscriptionJson(sub) });
    await sendEvent("subscription.updated", subscriptionJson(sub));
    if (charge) await sendEvent("transaction.completed", transactionJson(charge));
  }

  // --- HTTP ----------------------------------------------------------------------------------

  function json(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*" });
    res.end(JSON.stringify({ ...body, meta: { request_id: `req_${rand()}`, ...(body.meta as Json | undefined) } }));
  }

  function apiError(res: ServerResponse, status: number, type: string, code: string, detail: string, errors?: Json[]) {
    json(res, status, {
      error: {
        type,
        code,
        detail,
        documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}`,
        ...(errors ? { errors } : {}),
      },
    });
  }

  function list(res: ServerResponse, url: URL, data: unknown[]) {
    const perPage = Number(url.searchParams.get("per_page") ?? 50);
    const after = url.searchParams.get("after");
    const from = after ? data.findIndex((d) => (d as { id: string }).id === after) + 1 : 0;
    const page = data.slice(from, from + perPage);
    const last = page.at(-1) as { id: string } | undefined;
    const next = new URL(url);
    if (last) next.searchParams.set("after", last.id);
    json(res, 200, {
      data: page,
      meta: {
        pagination: { per_page: perPage, next: next.toString(), has_more: from + perPage < data.length, estimated_total: data.length },
      },
    });
  }

  const csv = (url: URL, name: string) => url.searchParams.get(name)?.split(",").filter(Boolean) ?? null;

  function subscriptionsOf(email: string | null) {
    return [...subscriptions.values()].filter((s) => customers.get(s.customer_id)?.email === email);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    const parts = path.split("/").filter(Boolean);

    // --- Paddle.js and its overlay -----------------------------------------------------------
    if (req.method === "GET" && path === "/paddle.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "access-control-allow-origin": "*" });
      return res.end(PADDLE_JS);
    }
    if (parts[0] === "__stub" && parts[1] === "checkout" && parts[2]) {
      const t = transactions.get(parts[2]);
      if (!t) return apiError(res, 404, "request_error", "not_found", "Entity not found.");
      if (req.method === "GET") {
        const description = t.lines ? t.lines.map((l) => String(l.price.description)).join(", ") : prices.get(t.price_id)!.lookup_key;
        return json(res, 200, { description, amount: t.amount, status: t.status });
      }
      if (req.method === "POST" && parts[3] === "pay") {
        const number = (new URLSearchParams(raw).get("card") ?? "").replace(/\s/g, "");
        return json(res, 200, await pay(t, number));
      }
    }

    // --- the stub's own control: what Paddle does by itself over time --------------------------
    if (parts[0] === "__stub") {
      const email = url.searchParams.get("email");
      if (req.method === "GET" && parts[1] === "subscriptions") {
        return json(res, 200, { data: subscriptionsOf(email).map(subscriptionJson) });
      }
      if (req.method === "GET" && parts[1] === "adjustments") {
        const transaction = url.searchParams.get("transaction_id");
        return json(res, 200, { data: adjustments.filter((a) => !transaction || a.transaction_id === transaction).map(adjustmentJson) });
      }
      if (req.method === "GET" && parts[1] === "transactions") {
        // What the service made: ?order_id= (custom_data.order_id).
        const order = url.searchParams.get("order_id");
        const data = [...transactions.values()].filter((t) => !order || t.custom_data?.order_id === order).map(transactionJson);
        return json(res, 200, { data });
      }
      if (req.method === "GET" && parts[1] === "updates") {
        const ids = new Set(subscriptionsOf(email).map((s) => s.id));
        return json(res, 200, { data: updates.filter((u) => ids.has(u.subscription_id)) });
      }
      if (req.method === "POST" && parts[1] === "period-ends-in") {
        // The current period now ends in `minutes` (as if it had started long ago).
        const minutes = Number(url.searchParams.get("minutes") ?? 30);
        for (const sub of subscriptionsOf(email)) {
          if (sub.status === "canceled" || !sub.period) continue;
          const end = Date.now() + minutes * 60_000;
          const interval = prices.get(sub.price_id)!.interval;
          sub.period = { starts_at: iso(addMonthsClamped(new Date(end), interval === "year" ? -12 : -1).getTime()), ends_at: iso(end) };
          touch(sub);
          await sendEvent("subscription.updated", subscriptionJson(sub));
        }
        return json(res, 200, { data: subscriptionsOf(email).map(subscriptionJson) });
      }
      if (req.method === "POST" && parts[1] === "fail-trial-payment") {
        // A 14-day trial ends now and its first charge fails: past due, the period starting at the trial's end.
        for (const sub of subscriptionsOf(email)) {
          if (sub.status === "canceled" || !sub.period) continue;
          const now = Date.now();
          const interval = prices.get(sub.price_id)!.interval;
          sub.trial_dates = { starts_at: iso(now - 14 * 86_400_000), ends_at: iso(now) };
          sub.period = { starts_at: iso(now), ends_at: iso(nextPeriodEnd(now, interval)) };
          sub.status = "past_due";
          touch(sub);
          await sendEvent("subscription.updated", subscriptionJson(sub));
        }
        return json(res, 200, { data: subscriptionsOf(email).map(subscriptionJson) });
      }
      if (req.method === "POST" && parts[1] === "subscriptions") {
        // A subscription made without a checkout, no notification sent: ?email=&lookup_key=, the
        // body (JSON, optional) its custom_data. A customer is made for an email Paddle lacks.
        const price = [...prices.values()].find((p) => p.lookup_key === url.searchParams.get("lookup_key"));
        if (!email || !price) return apiError(res, 400, "request_error", "bad_request", "email and a known lookup_key are required");
        let customer = [...customers.values()].find((c) => c.email === email);
        if (!customer) {
          customer = {
            id: `ctm_${rand()}${rand()}`,
            email,
            name: null,
            custom_data: null,
            created_at: iso(Date.now()),
            card: cardOf("4242424242424242"),
          };
          customers.set(customer.id, customer);
        }
        const now = Date.now();
        const sub: Subscription = {
          id: `sub_${rand()}${rand()}`,
          status: "active",
          customer_id: customer.id,
          custom_data: raw ? (JSON.parse(raw) as Json) : null,
          price_id: price.id,
          created_at: iso(now),
          updated_at: iso(now),
          started_at: iso(now),
          canceled_at: null,
          period: { starts_at: iso(now), ends_at: iso(nextPeriodEnd(now, price.interval)) },
          scheduled_change: null,
        };
        subscriptions.set(sub.id, sub);
        return json(res, 201, { data: subscriptionJson(sub) });
      }
      if (req.method === "POST" && parts[1] === "burst") {
        // Several changes to the customer's newest subscription at one moment: each sends
        // subscription.updated with the subscription as that change left it, all with the same
        // `occurred_at`. Body: a JSON list of changes ({cancel_at_period_end?, status?, lookup_key?,
        // custom_data?}); ?deliver= order (default) | reverse | none (only answered, for the caller to post).
        const mode = url.searchParams.get("deliver") ?? "order";
        const sub = subscriptionsOf(email)
          .reverse()
          .find((s) => s.status !== "canceled");
        if (!sub) return apiError(res, 404, "request_error", "not_found", "No subscription for that email.");
        const changes = JSON.parse(raw || "[]") as {
          cancel_at_period_end?: boolean;
          status?: "active" | "past_due";
          lookup_key?: string;
          custom_data?: Json;
        }[];
        const at = Date.now();
        const bodies: string[] = [];
        for (const change of changes) {
          if (change.cancel_at_period_end !== undefined) {
            sub.scheduled_change = change.cancel_at_period_end
              ? { action: "cancel", effective_at: sub.period!.ends_at, resume_at: null }
              : null;
          }
          if (change.status !== undefined) sub.status = change.status;
          if (change.custom_data !== undefined) sub.custom_data = change.custom_data;
          if (change.lookup_key !== undefined) {
            const price = [...prices.values()].find((p) => p.lookup_key === change.lookup_key);
            if (!price) return apiError(res, 400, "request_error", "bad_request", `No price with lookup key ${change.lookup_key}.`);
            sub.price_id = price.id;
          }
          touch(sub);
          bodies.push(eventBody("subscription.updated", subscriptionJson(sub), at));
        }
        if (mode === "order") for (const body of bodies) await deliver(body);
        if (mode === "reverse") for (const body of [...bodies].reverse()) await deliver(body);
        return json(res, 200, { occurred_at: iso(at), events: bodies, data: subscriptionJson(sub) });
      }
      if (req.method === "POST" && parts[1] === "discounts" && parts[2] && parts[3] === "archive") {
        const discount = [...discounts.values()].find((d) => d.code === parts[2]);
        if (!discount) return apiError(res, 404, "request_error", "not_found", "Entity not found.");
        discount.status = "archived";
        return json(res, 200, { data: discountJson(discount) });
      }
      if (req.method === "POST" && parts[1] === "renew") {
        // The period ends now: Paddle bills the subscription's items for the next one.
        for (const sub of subscriptionsOf(email)) {
          if (sub.status === "canceled" || !sub.period) continue;
          const price = prices.get(sub.price_id)!;
          const card = customers.get(sub.customer_id)?.card;
          const now = Date.now();
          sub.period = { starts_at: iso(now), ends_at: iso(nextPeriodEnd(now, price.interval)) };
          const recurring = sub.discount_id ? discounts.get(sub.discount_id) : undefined;
          const t = newTransaction({
            customer_id: sub.customer_id,
            price_id: price.id,
            amount: recurring ? amountAfterDiscount(price.amount, recurring) : price.amount,
            subtotal: price.amount,
            discount_id: recurring?.id ?? null,
            origin: "subscription_recurring",
            subscription_id: sub.id,
            billing_period: sub.period,
          });
          if (card && !card.declines) complete(t, card);
          else sub.status = "past_due";
          touch(sub);
          await sendEvent("subscription.updated", subscriptionJson(sub));
          if (t.status === "completed") await sendEvent("transaction.completed", transactionJson(t));
        }
        return json(res, 200, { data: subscriptionsOf(email).map(subscriptionJson) });
      }
    }

    // --- the API -------------------------------------------------------------------------------
    if (req.headers.authorization?.toLowerCase() !== `bearer ${PADDLE_STUB_API_KEY}`) {
      return apiError(res, 403, "request_error", "forbidden", "You aren't permitted to perform this request.");
    }
    let body: Json = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return apiError(res, 400, "request_error", "invalid_json", "Invalid JSON in request body.");
      }
    }

    if (path === "/customers" && req.method === "POST") {
      const email = String(body.email ?? "");
      if (!email.includes("@")) {
        return apiError(res, 400, "request_error", "invalid_field", "Invalid request.", [{ field: "email", message: "invalid email" }]);
      }
      if ([...customers.values()].some((c) => c.email === email)) {
        return apiError(res, 409, "request_error", "customer_already_exists", `customer email conflicts with customer of id ...`);
      }
      const customer: Customer = {
        id: `ctm_${rand()}${rand()}`,
        email,
        name: (body.name as string | null) ?? null,
        custom_data: (body.custom_data as Json | null) ?? null,
        created_at: iso(Date.now()),
        card: null,
      };
      customers.set(customer.id, customer);
      return json(res, 201, { data: customerJson(customer) });
    }
    // A customer's businesses (the tax-id form, docs/decisions/046): name required, tax_identifier as given.
    // PATCH a business (the tax-id form sent again replaces the customer's one: docs/decisions/046).
    const onePath = /^\/customers\/([^/]+)\/businesses\/([^/]+)$/.exec(path);
    if (onePath && req.method === "PATCH") {
      const business = businesses.get(onePath[2]!);
      if (!business || business.customer_id !== onePath[1])
        return apiError(res, 404, "request_error", "entity_not_found", `Entity ${onePath[2]} not found`);
      if (body.name !== undefined && (typeof body.name !== "string" || !body.name.trim()))
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [{ field: "name", message: "name is required" }]);
      if (typeof body.name === "string") business.name = body.name.trim();
      if (body.tax_identifier !== undefined) business.tax_identifier = (body.tax_identifier as string | null) ?? null;
      business.updated_at = iso(Date.now());
      return json(res, 200, { data: business });
    }
    const businessPath = /^\/customers\/([^/]+)\/businesses$/.exec(path);
    if (businessPath) {
      const customerId = businessPath[1]!;
      if (!customers.has(customerId)) return apiError(res, 404, "request_error", "entity_not_found", `Entity ${customerId} not found`);
      if (req.method === "GET")
        return list(
          res,
          url,
          [...businesses.values()].filter((b) => b.customer_id === customerId),
        );
      const name = typeof body.name === "string" ? body.name.trim() : "";
      if (!name) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [{ field: "name", message: "name is required" }]);
      }
      const now = iso(Date.now());
      const business = {
        id: `biz_${rand()}${rand()}`,
        customer_id: customerId,
        name,
        company_number: (body.company_number as string | null | undefined) ?? null,
        tax_identifier: (body.tax_identifier as string | null | undefined) ?? null,
        status: "active",
        contacts: [],
        created_at: now,
        updated_at: now,
        custom_data: (body.custom_data as Json | null | undefined) ?? null,
        import_meta: null,
      };
      businesses.set(business.id, business);
      return json(res, 201, { data: business });
    }
    if (path === "/discounts" && req.method === "GET") {
      const code = csv(url, "code");
      const status = csv(url, "status");
      const id = csv(url, "id");
      const data = [...discounts.values()]
        .filter((d) => (!code || code.includes(d.code)) && (!status || status.includes(d.status)) && (!id || id.includes(d.id)))
        .map(discountJson);
      return list(res, url, data);
    }
    if (path === "/prices" && req.method === "GET") {
      const status = csv(url, "status");
      const data = [...prices.values()].map(priceJson).filter((p) => !status || status.includes(p.status));
      return list(res, url, data);
    }
    if (path === "/transactions" && req.method === "POST" && (body.items as Json[] | undefined)?.some((i) => i.price !== undefined)) {
      const lines = oneOffLines(body.items as Json[]);
      if (!Array.isArray(lines)) return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [lines]);
      const customerId = (body.customer_id as string | null | undefined) ?? null;
      if (customerId !== null && !customers.has(customerId)) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "customer_id", message: "customer not found" },
        ]);
      }
      if (body.currency_code !== undefined && body.currency_code !== "USD") {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "currency_code", message: "the stub takes USD" },
        ]);
      }
      const t = newTransaction({
        customer_id: customerId ?? "",
        price_id: "",
        lines,
        amount: lines.reduce((sum, l) => sum + l.amount, 0),
        origin: "api",
        custom_data: (body.custom_data as Json | null) ?? null,
      });
      return json(res, 201, { data: transactionJson(t) });
    }
    if (path === "/adjustments" && req.method === "POST") {
      const t = transactions.get(String(body.transaction_id ?? ""));
      if (!t) return apiError(res, 404, "request_error", "entity_not_found", `Entity ${String(body.transaction_id ?? "")} not found`);
      if (body.action !== "refund") {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "action", message: "the stub takes refunds" },
        ]);
      }
      if (typeof body.reason !== "string" || !body.reason) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [{ field: "reason", message: "is required" }]);
      }
      if (t.status !== "completed") {
        return apiError(res, 400, "request_error", "adjustment_transaction_invalid_status", "Transaction is not completed.");
      }
      const left = t.amount - (t.refunded ?? 0);
      const lineItems = t.lines ?? [];
      const type = body.type === "partial" || (body.type === undefined && body.items) ? "partial" : "full";
      let items: { item_id: string; amount: number }[];
      if (type === "full") {
        if ((t.refunded ?? 0) > 0) {
          return apiError(
            res,
            400,
            "request_error",
            "adjustment_invalid_type_full",
            "A full adjustment is not allowed once the transaction has been adjusted.",
          );
        }
        items = lineItems.map((l) => ({ item_id: l.id, amount: l.amount }));
      } else {
        const asked = (body.items as Json[] | undefined) ?? [];
        items = [];
        for (const [i, item] of asked.entries()) {
          const line = lineItems.find((l) => l.id === item.item_id);
          if (!line)
            return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
              { field: `items[${i}].item_id`, message: "not an item of the transaction" },
            ]);
          items.push({ item_id: line.id, amount: item.type === "full" ? line.amount : Number(item.amount) });
        }
      }
      const amount = type === "full" ? left : items.reduce((sum, i) => sum + i.amount, 0);
      if (amount <= 0 || amount > left) {
        return apiError(
          res,
          400,
          "request_error",
          "adjustment_amount_above_remaining_allowed",
          "The adjustment is more than is left to refund of the transaction.",
        );
      }
      t.refunded = (t.refunded ?? 0) + amount;
      const adjustment: Adjustment = {
        id: `adj_${rand()}${rand()}`,
        type,
        transaction_id: t.id,
        customer_id: t.customer_id,
        reason: body.reason,
        amount,
        items,
        created_at: iso(Date.now()),
      };
      adjustments.push(adjustment);
      return json(res, 201, { data: adjustmentJson(adjustment) });
    }
    if (path === "/adjustments" && req.method === "GET") {
      const transaction = csv(url, "transaction_id");
      const action = url.searchParams.get("action");
      const data = adjustments
        .filter((a) => (!transaction || transaction.includes(a.transaction_id)) && (!action || action === "refund"))
        .map(adjustmentJson);
      return list(res, url, data);
    }
    if (path === "/transactions" && req.method === "POST") {
      const items = body.items as { price_id?: string; quantity?: number }[] | undefined;
      const price = prices.get(String(items?.[0]?.price_id ?? ""));
      if (!price) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "items[0].price_id", message: "price not found" },
        ]);
      }
      const customerId = String(body.customer_id ?? "");
      if (!customers.has(customerId)) {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "customer_id", message: "customer not found" },
        ]);
      }
      const discountId = (body.discount_id as string | null | undefined) ?? null;
      const discount = discountId ? discounts.get(discountId) : undefined;
      if (discountId && discount?.status !== "active") {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "discount_id", message: "discount not found or not active" },
        ]);
      }
      const t = newTransaction({
        customer_id: customerId,
        price_id: price.id,
        amount: discount ? amountAfterDiscount(price.amount, discount) : price.amount,
        subtotal: price.amount,
        discount_id: discount?.id ?? null,
        origin: "api",
        custom_data: (body.custom_data as Json | null) ?? null,
      });
      return json(res, 201, { data: transactionJson(t) });
    }
    if (path === "/transactions" && req.method === "GET") {
      const customer = csv(url, "customer_id");
      const status = csv(url, "status");
      const subscription = csv(url, "subscription_id");
      const orderBy = url.searchParams.get("order_by") ?? "id[ASC]";
      const data = [...transactions.values()]
        .filter(
          (t) =>
            (!customer || customer.includes(t.customer_id)) &&
            (!status || status.includes(t.status)) &&
            (!subscription || (t.subscription_id !== null && subscription.includes(t.subscription_id))),
        )
        .sort((a, b) => {
          const key = orderBy.startsWith("billed_at") ? "billed_at" : "created_at";
          const order = (a[key] ?? "").localeCompare(b[key] ?? "") || a.id.localeCompare(b.id);
          return orderBy.endsWith("[DESC]") ? -order : order;
        })
        .map(transactionJson);
      return list(res, url, data);
    }
    // PATCH /transactions/{id} with `status: canceled` (alone, as Paddle requires): a draft or ready
    // transaction is cancelled and Paddle sends transaction.canceled (decision 051).
    if (parts[0] === "transactions" && parts[1] && parts.length === 2 && req.method === "PATCH") {
      const t = transactions.get(parts[1]);
      if (!t) return apiError(res, 404, "request_error", "not_found", "Entity not found.");
      if (body.status !== "canceled") {
        return apiError(res, 400, "request_error", "bad_request", "Invalid request.", [
          { field: "status", message: "the stub only cancels transactions" },
        ]);
      }
      if (Object.keys(body).length > 1) {
        return apiError(
          res,
          400,
          "request_error",
          "transaction_cannot_be_modified_and_canceled",
          "Cannot update transaction to canceled, along with other fields at the same time",
        );
      }
      if (t.status !== "ready") {
        return apiError(res, 400, "request_error", "transaction_immutable", `Transaction is ${t.status} and cannot be canceled.`);
      }
      t.status = "canceled";
      json(res, 200, { data: transactionJson(t) });
      await sendEvent("transaction.canceled", transactionJson(t));
      return;
    }
    if (parts[0] === "transactions" && parts[1] && req.method === "GET") {
      const t = transactions.get(parts[1]);
      return t ? json(res, 200, { data: transactionJson(t) }) : apiError(res, 404, "request_error", "not_found", "Entity not found.");
    }
    if (parts[0] === "subscriptions" && parts[1]) {
      const sub = subscriptions.get(parts[1]);
      if (!sub) return apiError(res, 404, "request_error", "not_found", `Entity ${parts[1]} not found.`);
      if (req.method === "GET" && parts.length === 2) return json(res, 200, { data: subscriptionJson(sub) });
      if (req.method === "PATCH" && parts.length === 2) return update(res, sub, body);
      if (req.method === "POST" && parts[2] === "cancel") {
        updates.push({ subscription_id: sub.id, body: { cancel: body } });
        if (sub.status === "canceled") {
          return apiError(res, 400, "request_error", "subscription_locked_pending_changes", "Subscription is already canceled.");
        }
        if (body.effective_from === "immediately") {
          Object.assign(sub, { status: "canceled", canceled_at: iso(Date.now()), period: null, scheduled_change: null });
          touch(sub);
          json(res, 200, { data: subscriptionJson(sub) });
          await sendEvent("subscription.canceled", subscriptionJson(sub));
          return;
        }
        sub.scheduled_change = { action: "cancel", effective_at: sub.period!.ends_at, resume_at: null };
        touch(sub);
        json(res, 200, { data: subscriptionJson(sub) });
        await sendEvent("subscription.updated", subscriptionJson(sub));
        return;
      }
      if (req.method === "GET" && parts[2] === "update-payment-method-transaction") {
        if (sub.status === "canceled") {
          return apiError(res, 400, "request_error", "subscription_update_when_canceled", "Canceled subscriptions cannot be updated.");
        }
        const t = newTransaction({
          customer_id: sub.customer_id,
          price_id: sub.price_id,
          amount: 0,
          origin: "subscription_payment_method_change",
          subscription_id: sub.id,
        });
        return json(res, 200, { data: transactionJson(t) });
      }
    }
    apiError(res, 404, "request_error", "not_found", `Unrecognized request URL (${req.method}: ${path}).`);
  }

  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      handle(req, res, raw).catch((error: unknown) => {
        console.error("paddle stub:", error);
        if (!res.headersSent) apiError(res, 500, "api_error", "internal_error", "stub failure");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
