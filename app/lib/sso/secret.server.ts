/**
 * The organization's client secret at rest, and the pending sign-in cookie's contents: encrypted
 * with AUTH_SECRET by better-auth's symmetricEncrypt, the same function and key the two-factor
 * plugin uses for TOTP secrets (docs/decisions/034).
 */
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";

export async function encryptWithAuthSecret(authSecret: string, value: string): Promise<string> {
  return symmetricEncrypt({ key: authSecret, data: value });
}

/** The plain value, or null when it was not encrypted with this key (a forged or foreign value). */
export async function decryptWithAuthSecret(authSecret: string, stored: string): Promise<string | null> {
  try {
    const value = await symmetricDecrypt({ key: authSecret, data: stored });
    return typeof value === "string" && value.length > 0 ? value : null;
  } catch {
    return null;
  }
}
