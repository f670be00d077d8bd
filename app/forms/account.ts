/** The account forms' schemas, composed from the field schemas in domain/account.ts. */
import { z } from "zod";
import { ACCOUNT_MESSAGES, backupCodeSchema, emailSchema, nameSchema, passwordSchema, totpCodeSchema } from "../../domain/account";

export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });

/** Login checks presence only: the length rule would tell which passwords cannot exist. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired),
  remember: z.literal("on").optional(),
  to: z.string().optional(),
});

export const twoFactorSchema = z.object({ code: totpCodeSchema, to: z.string().optional() });
export const backupCodeFormSchema = z.object({ code: backupCodeSchema, to: z.string().optional() });
export const resetRequestSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({ password: passwordSchema, password_confirmation: z.string().optional() })
  .refine((value) => value.password === value.password_confirmation, {
    message: ACCOUNT_MESSAGES.passwordConfirmation,
    path: ["password_confirmation"],
  });
