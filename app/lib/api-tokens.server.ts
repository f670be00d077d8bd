/**
 * Making and recognising API tokens: 32 random bytes (base64url) after "snip_", stored as
 * the SHA-256 hash (hex). A high-entropy token needs no slow hash: nobody can guess one.
 */
import { API_TOKEN_PREFIX, API_TOKEN_RANDOM_BYTES, shownPrefix } from "../../domain/api";

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function hashApiToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new token: the plaintext (shown once), its hash and the prefix kept for the list. */
export async function generateApiToken(): Promise<{ token: string; tokenHash: string; prefix: string }> {
  const token = API_TOKEN_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(API_TOKEN_RANDOM_BYTES)));
  return { token, tokenHash: await hashApiToken(token), prefix: shownPrefix(token) };
}
