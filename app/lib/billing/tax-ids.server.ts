/**
 * The tax-id form without login (spec 01 §2 `/user/vatinfo/{encrypted}`, docs/decisions/046).
 *
 * The path carries an encrypted reference to one billing customer: `{p: "vatinfo", t: billing
 * type, c: the provider's customer id (the owner's id in test mode)}` encrypted with AUTH_SECRET
 * by the helper SSO secrets use (XChaCha20-Poly1305, authenticated). A forged or altered value
 * does not decrypt, so it names no customer (404); the purpose field keeps any other value
 * encrypted with the same key from being taken for a reference. Whoever holds the link may give
 * that customer's tax id, nothing else: the page shows no account data.
 */
import { z } from "zod";
import { findBillingCustomerUser, findBillingOwner, getBillingCustomer, getCurrentSubscriptionRow } from "../../../db/billing.server";
import type { Db } from "../../../db/client.server";
import { getTaxId, saveTaxId, type BillingTaxId } from "../../../db/tax-ids.server";
import { BILLING_TYPES, type BillingType } from "../../../domain/billing";
import { TAX_ID_MESSAGES, TAX_ID_TYPES, type TaxIdInput } from "../../../domain/tax-ids";
import type { AppEnv } from "../../env.server";
import { decryptWithAuthSecret, encryptWithAuthSecret } from "../sso/secret.server";
import { paddleClient } from "./paddle.server";
import { availableBillingTypes } from "./select.server";
import { stripeClient } from "./stripe.server";

export const VATINFO_PATH = "/user/vatinfo";

export interface TaxCustomer {
  billingType: BillingType;
  /** The provider's customer id, or the billing owner's id in test mode. */
  customerId: string;
  ownerId: string;
}

const referenceSchema = z.object({
  p: z.literal("vatinfo"),
  t: z.union([z.literal(BILLING_TYPES.test), z.literal(BILLING_TYPES.stripe), z.literal(BILLING_TYPES.paddle)]),
  c: z.string().min(1).max(200),
});

export async function vatinfoPath(authSecret: string, customer: Pick<TaxCustomer, "billingType" | "customerId">): Promise<string> {
  const encrypted = await encryptWithAuthSecret(
    authSecret,
    JSON.stringify({ p: "vatinfo", t: customer.billingType, c: customer.customerId }),
  );
  return `${VATINFO_PATH}/${encrypted}`;
}

/** What a reference names, when it is one this service encrypted for this form; null otherwise. */
export async function readVatinfoReference(
  authSecret: string,
  encrypted: string,
): Promise<Pick<TaxCustomer, "billingType" | "customerId"> | null> {
  if (!/^[0-9a-f]{40,1000}$/.test(encrypted)) return null;
  const plain = await decryptWithAuthSecret(authSecret, encrypted);
  if (!plain) return null;
  try {
    const result = referenceSchema.safeParse(JSON.parse(plain));
    return result.success ? { billingType: result.data.t, customerId: result.data.c } : null;
  } catch {
    return null;
  }
}

/** The billing customer a reference names, read from D1; null for a forged, altered or stale one. */
export async function taxCustomerOf(db: Db, authSecret: string, encrypted: string): Promise<TaxCustomer | null> {
  const ref = await readVatinfoReference(authSecret, encrypted);
  if (!ref) return null;
  if (ref.billingType === BILLING_TYPES.test)
    return (await findBillingOwner(db, ref.customerId)) ? { ...ref, ownerId: ref.customerId } : null;
  const ownerId = await findBillingCustomerUser(db, ref.billingType, ref.customerId);
  return ownerId ? { ...ref, ownerId } : null;
}

/**
 * The tax-id link of a billing owner, for the invoices page: at the provider of the current
 * subscription (its customer there), or in test mode when that is how the service sells; null
 * when the owner has no customer to attach a tax id to.
 */
export async function vatinfoPathForOwner(env: AppEnv, db: Db, ownerId: string): Promise<string | null> {
  const row = await getCurrentSubscriptionRow(db, ownerId);
  const type = (row?.billingType ?? availableBillingTypes(env)[0] ?? null) as BillingType | null;
  if (type === null) return null;
  if (type === BILLING_TYPES.test) return row ? vatinfoPath(env.AUTH_SECRET, { billingType: type, customerId: ownerId }) : null;
  const customer = await getBillingCustomer(db, ownerId, type);
  return customer ? vatinfoPath(env.AUTH_SECRET, { billingType: type, customerId: customer.billingId }) : null;
}

export function currentTaxId(db: Db, customer: TaxCustomer): Promise<BillingTaxId | undefined> {
  return getTaxId(db, customer.billingType, customer.customerId);
}

export type TaxIdOutcome = { ok: true } | { ok: false; status: 422 | 502; message: string };

/**
 * Gives the tax id to the customer's provider: Stripe, a customer tax id; Paddle, a business with
 * the tax identifier; test mode has nothing to call. The provider's id of what it made, or why not.
 * A customer has one tax id from this form: `previous` (the provider's id of the one sent before)
 * is replaced, so invoices never list old ones — at Stripe the new one is made first and the old
 * one then deleted (one already gone is fine); at Paddle the business is updated in place.
 */
export async function sendTaxIdToProvider(
  env: Partial<Pick<AppEnv, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "PADDLE_API_KEY" | "PADDLE_ENVIRONMENT">>,
  customer: Pick<TaxCustomer, "billingType" | "customerId">,
  input: TaxIdInput,
  previous: string | null = null,
): Promise<{ ok: true; providerId: string | null } | Exclude<TaxIdOutcome, { ok: true }>> {
  try {
    if (customer.billingType === BILLING_TYPES.stripe) {
      const stripe = stripeClient(env);
      const made = await stripe.customers.createTaxId(customer.customerId, { type: input.type, value: input.value });
      if (previous && previous !== made.id) {
        try {
          await stripe.customers.deleteTaxId(customer.customerId, previous);
        } catch (error) {
          if ((error as { code?: string })?.code !== "resource_missing") throw error;
        }
      }
      return { ok: true, providerId: made.id };
    }
    if (customer.billingType === BILLING_TYPES.paddle) {
      const paddle = paddleClient(env as AppEnv);
      const fields = { name: input.business_name, taxIdentifier: input.value };
      if (previous) {
        try {
          return { ok: true, providerId: (await paddle.businesses.update(customer.customerId, previous, fields)).id };
        } catch (error) {
          if ((error as { code?: string })?.code !== "entity_not_found") throw error;
        }
      }
      return { ok: true, providerId: (await paddle.businesses.create(customer.customerId, fields)).id };
    }
    return { ok: true, providerId: null };
  } catch (error) {
    const e = error as { type?: string; statusCode?: number; code?: string };
    // Stripe answers 400 (StripeInvalidRequestError, tax_id_invalid); Paddle a 400 bad_request with field errors.
    if ((e?.type === "StripeInvalidRequestError" && e.statusCode === 400) || e?.code === "bad_request")
      return { ok: false, status: 422, message: TAX_ID_MESSAGES.refused };
    console.error("tax id not sent to the provider", error instanceof Error ? error.message : error);
    return { ok: false, status: 502, message: TAX_ID_MESSAGES.failed };
  }
}

/** The tax id to the provider, then kept (nothing is kept when the provider refuses or cannot be reached). */
export async function submitTaxId(env: AppEnv, db: Db, customer: TaxCustomer, input: TaxIdInput, now = new Date()): Promise<TaxIdOutcome> {
  const before = await currentTaxId(db, customer);
  const sent = await sendTaxIdToProvider(env, customer, input, before?.providerId ?? null);
  if (!sent.ok) return sent;
  await saveTaxId(
    db,
    {
      billingType: customer.billingType,
      customerId: customer.customerId,
      ownerId: customer.ownerId,
      type: input.type,
      value: input.value,
      businessName: input.business_name,
      providerId: sent.providerId,
    },
    now,
  );
  return { ok: true };
}

export function taxIdTypeLabel(type: string): string {
  return TAX_ID_TYPES.find((t) => t.value === type)?.label ?? type;
}
