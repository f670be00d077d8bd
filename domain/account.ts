/**
 * Account field schemas (spec 01 §5). The bounds, messages and helpers are in
 * domain/account-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-rules";

export * from "./account-rules";

export const passwordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordMax);

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email(ACCOUNT_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

export const nameSchema = z
  .string({ error: ACCOUNT_MESSAGES.nameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameMax);

/** A TOTP code: six digits, spaces allowed while typing. */
export const totpCodeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, ACCOUNT_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeInvalid),
  );

/** A backup code as issued: ten letters and digits, shown as two groups of five. */
export const backupCodeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.codeRequired)
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, ACCOUNT_MESSAGES.codeInvalid)
  .transform((code) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`));
