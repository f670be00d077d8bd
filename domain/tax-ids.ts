/**
 * The tax-id form without login (spec 01 §2 `/user/vatinfo/{encrypted}`, docs/decisions/046):
 * the tax id types offered (Stripe's type names, which Paddle's business takes as plain text),
 * the form's schema and its messages. Pure: no I/O.
 */
import { z } from "zod";

export const TAX_ID_TYPES = [
  { value: "eu_vat", label: "EU VAT number", example: "DE123456789", pattern: /^[A-Z]{2}[0-9A-Z]{2,13}$/ },
  { value: "gb_vat", label: "United Kingdom VAT number", example: "GB123456789", pattern: /^GB([0-9]{9}|[0-9]{12})$/ },
  {
    value: "ch_vat",
    label: "Switzerland VAT number",
    example: "CHE-123.456.789 MWST",
    pattern: /^CHE-?[0-9]{3}\.?[0-9]{3}\.?[0-9]{3} ?(MWST|TVA|IVA)$/,
  },
  { value: "no_vat", label: "Norway VAT number", example: "123456789MVA", pattern: /^[0-9]{9}MVA$/ },
  { value: "au_abn", label: "Australian Business Number", example: "12345678912", pattern: /^[0-9]{11}$/ },
  { value: "ca_bn", label: "Canadian Business Number", example: "123456789", pattern: /^[0-9]{9}$/ },
  { value: "us_ein", label: "United States EIN", example: "12-3456789", pattern: /^[0-9]{2}-?[0-9]{7}$/ },
  { value: "in_gst", label: "India GST number", example: "12ABCDE3456FGZH", pattern: /^[0-9]{2}[A-Z0-9]{13}$/ },
] as const;

export type TaxIdType = (typeof TAX_ID_TYPES)[number]["value"];

export const TAX_ID_MESSAGES = {
  type: "Choose the type of your tax ID.",
  valueRequired: "The tax ID field is required.",
  valueMax: "The tax ID must not be greater than 32 characters.",
  valueFormat: "The tax ID format is invalid.",
  nameRequired: "The business name field is required.",
  nameMax: "The business name must not be greater than 255 characters.",
  refused: "The billing provider did not accept this tax ID. Check it and try again.",
  failed: "Something went wrong. Please try again or contact customer support.",
  saved: "Your tax ID has been saved. It will appear on your next invoices.",
  notFound: "This tax ID link is not valid. Use the link from your invoices page or from our email.",
} as const;

/** Spaces dropped and letters upper-cased, as tax ids are written on invoices. */
export function normalizeTaxId(value: string): string {
  return value.replace(/\s+/g, " ").trim().toUpperCase();
}

export const taxIdSchema = z
  .object({
    type: z.enum(TAX_ID_TYPES.map((t) => t.value) as [TaxIdType, ...TaxIdType[]], { error: TAX_ID_MESSAGES.type }),
    value: z
      .string({ error: TAX_ID_MESSAGES.valueRequired })
      .transform(normalizeTaxId)
      .pipe(z.string().min(1, TAX_ID_MESSAGES.valueRequired).max(32, TAX_ID_MESSAGES.valueMax)),
    business_name: z
      .string({ error: TAX_ID_MESSAGES.nameRequired })
      .trim()
      .min(1, TAX_ID_MESSAGES.nameRequired)
      .max(255, TAX_ID_MESSAGES.nameMax),
  })
  .superRefine((input, ctx) => {
    const type = TAX_ID_TYPES.find((t) => t.value === input.type);
    // A missing or too long value already has its message.
    if (!type || input.value.length === 0 || input.value.length > 32) return;
    // The format without the separators people type (spaces); ch_vat keeps its own.
    const compact = input.type === "ch_vat" ? input.value : input.value.replace(/ /g, "");
    if (!type.pattern.test(compact)) ctx.addIssue({ code: "custom", path: ["value"], message: TAX_ID_MESSAGES.valueFormat });
  })
  .transform((input) => ({ ...input, value: input.type === "ch_vat" ? input.value : input.value.replace(/ /g, "") }));

export type TaxIdInput = z.infer<typeof taxIdSchema>;
