/**
 * The settings forms' schemas, composed from the field schemas in domain/account.ts. The messages
 * and intents are in app/forms/settings-rules.ts (browser-safe, no zod) and re-exported here.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES, emailSchema, nameSchema, PASSWORD_MAX_LENGTH, passwordSchema, totpCodeSchema } from "../../domain/account";

export * from "./settings-rules";

/** The password the user has now: presence and the length bound only (no hint about the rules). */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPasswordWrong);

export const nameFormSchema = z.object({ name: nameSchema });

export const emailFormSchema = z.object({ email: emailSchema });

/** A photo file; checked for type and size on the server (domain/photo.ts). */
export const photoFormSchema = z.object({ photo: z.instanceof(File, { error: ACCOUNT_MESSAGES.photoRequired }) });

export const changePasswordSchema = z
  .object({
    current_password: currentPasswordSchema,
    password: passwordSchema,
    password_confirmation: z.string().optional(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: ACCOUNT_MESSAGES.passwordConfirmation,
    path: ["password_confirmation"],
  });

export const enableTwoFactorSchema = z.object({ password: currentPasswordSchema });

/** A TOTP URI as better-auth issues it (kept on the page between the setup steps). */
export const totpUriSchema = z
  .string()
  .max(1_000)
  .regex(/^otpauth:\/\/totp\/[^\s]+\?[^\s]*secret=[A-Z2-7]+/);

/** Backup codes as issued (ten letters and digits as two groups of five), one list. */
export const backupCodeListSchema = z
  .string()
  .max(1_000)
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/)).max(20));

export const confirmTwoFactorSchema = z.object({
  code: totpCodeSchema,
  totp_uri: totpUriSchema,
  backup_codes: backupCodeListSchema.optional(),
});

export const revokeSessionSchema = z.object({ session_id: z.string().min(1).max(128) });
export const revokeApiTokenSchema = z.object({ token_id: z.string().min(1).max(128) });

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
