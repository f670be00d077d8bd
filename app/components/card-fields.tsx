/**
 * The fields of the test-mode card forms (docs/decisions/024; app/forms/payment-card.ts): the
 * checkout, a domain order's payment, the payment method and the past-due page. Each shows the
 * cardholder name (spec 01 §5) and the card number, the payment method also the expiry, with each
 * field's errors under it.
 */
import type { CardErrors } from "../forms/payment-card";
import { TextField } from "./form-fields";

export function CardFields({
  errors,
  name,
  card,
  expiration = false,
}: {
  errors?: CardErrors;
  /** The cardholder name the user sent, kept after a refusal. */
  name?: string;
  /** A prefilled card number (the test card on the checkout pages). */
  card?: string;
  /** Ask for the expiry too (a card kept on file). */
  expiration?: boolean;
}) {
  return (
    <>
      <TextField label="Cardholder name" name="name" autoComplete="cc-name" defaultValue={name} errors={errors?.name} required />
      <TextField
        label="Card number"
        name="card"
        inputMode="numeric"
        autoComplete="cc-number"
        defaultValue={card}
        errors={errors?.card}
        required
      />
      {expiration ? (
        <TextField label="Expiry (MM/YYYY)" name="expiration" autoComplete="cc-exp" errors={errors?.expiration} required />
      ) : null}
    </>
  );
}

/** The banner over a test-mode card form: no provider is configured, and which cards to use. */
export function TestModeCardNote({ className = "" }: { className?: string }) {
  return (
    <p
      className={`rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-sm font-bold text-amber-900 ${className}`}
      role="note"
    >
      TEST MODE — no payment provider is configured. Use 4242 4242 4242 4242, or 4000 0000 0000 0002 for a declined card.
    </p>
  );
}
