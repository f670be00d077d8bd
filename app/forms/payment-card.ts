/**
 * The test-mode card forms (docs/decisions/024): the checkout (/app/billing/test-checkout/{session}),
 * a domain order's payment (/app/shopping-cart/pay/{order}), the payment method
 * (/app/settings/payment-method) and the past-due page (/app/subscribe). Each takes the cardholder
 * name (spec 01 §5 "Cardholder name is required.") and a card number; the payment method also an
 * expiry. One schema each, so every form says the same thing for the same mistake, whether the
 * field is sent empty or not at all (domain/zod-messages.ts: a missing field gets the message of
 * the empty one; so the card number drops spaces with `.overwrite`, a check zod's fallback can ask,
 * rather than a transform and a pipe).
 */
import { z } from "zod";

export const CARD_MESSAGES = {
  /** Spec 01 §5. */
  nameRequired: "Cardholder name is required.",
  nameMax: "The cardholder name must not be greater than 100 characters.",
  number: "Enter a card number.",
  expiration: "Enter the expiry as MM/YYYY.",
} as const;

/** The cardholder name: required (spec 01 §5), trimmed. */
export const cardholderNameField = z.string().trim().min(1, CARD_MESSAGES.nameRequired).max(100, CARD_MESSAGES.nameMax);

/** A card number as typed: spaces and dashes dropped, then 12 to 19 digits. */
export const cardNumberField = z
  .string()
  .overwrite((value) => value.replace(/[\s-]/g, ""))
  .regex(/^\d{12,19}$/, CARD_MESSAGES.number);

/** The card's expiry, MM/YYYY. */
export const cardExpirationField = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/20\d\d$/, CARD_MESSAGES.expiration);

/** A payment with a test card: the checkout, a domain order, the past-due page. */
export const testPaymentSchema = z.object({ name: cardholderNameField, card: cardNumberField });

/** A new test card on file: the payment method page. */
export const testCardOnFileSchema = z.object({ name: cardholderNameField, card: cardNumberField, expiration: cardExpirationField });

export type CardErrors = { name?: string[]; card?: string[]; expiration?: string[] };
