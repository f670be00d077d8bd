/**
 * Authentication: better-auth (email and password, verification, reset, TOTP two-factor with
 * backup codes, sessions) on D1 through its drizzle adapter. The app never mounts the
 * library's HTTP handler: every flow is a React Router action that calls `auth.api` and
 * forwards the cookies it sets (docs/decisions/004-accounts-with-better-auth.md).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getDb } from "../db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../domain/account";
import type { AppEnv } from "./env.server";
import { passwordResetMail, sendMail, verificationMail } from "./mail.server";

/** The session cookie: host-only, Secure, HttpOnly, SameSite=Lax (DESIGN.md security rules). */
export const SESSION_COOKIE = "__Host-snip_session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const EMAIL_VERIFICATION_EXPIRES_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_EXPIRES_SECONDS = 60 * 60;
export const BACKUP_CODE_COUNT = 10;
const BACKUP_CODE_HASH_PREFIX = "hmac:";

async function hmacHex(secret: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Backup codes are stored as keyed hashes, never in a readable form; a submitted code is hashed the same way. */
export async function hashBackupCode(secret: string, code: string): Promise<string> {
  if (code.startsWith(BACKUP_CODE_HASH_PREFIX)) return code;
  return BACKUP_CODE_HASH_PREFIX + (await hmacHex(secret, code.trim()));
}

export function createAuth(env: AppEnv, origin: string) {
  const db = getDb(env.DB);
  return betterAuth({
    appName: "Snip",
    baseURL: origin,
    basePath: "/app/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        isDeveloper: { type: "boolean", required: false, defaultValue: false, input: false },
        status: { type: "number", required: false, defaultValue: 0, input: false },
        features: { type: "string", required: false, defaultValue: "[]", input: false },
        emailVerifiedAt: { type: "date", required: false, input: false },
        lastReadAnnouncementsAt: { type: "date", required: false, input: false },
        aliasLifetime: { type: "string", required: false, input: false },
        surveyEnabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
      deleteUser: { enabled: true },
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        impersonatedBy: { type: "string", required: false, input: false },
        passwordConfirmedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await sendMail(env, passwordResetMail(user.email, `${origin}/app/password/reset/${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${origin}/app/email/verify/${encodeURIComponent(user.id)}/${encodeURIComponent(token)}`;
        await sendMail(env, verificationMail(user.email, user.name, url));
      },
    },
    databaseHooks: {
      user: {
        update: {
          before: async (data) => (data.emailVerified === true ? { data: { ...data, emailVerifiedAt: new Date() } } : { data }),
        },
      },
    },
    // Login throttling is Snip's own (app/login-throttle.server.ts): auth.api calls bypass the library's limiter.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "snip",
      useSecureCookies: false,
      defaultCookieAttributes: { secure: true, httpOnly: true, sameSite: "lax", path: "/" },
      cookies: { session_token: { name: SESSION_COOKIE } },
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
    },
    plugins: [
      // Staff impersonation (the kiosk): only users with role "admin"; an hour at most.
      admin({ adminRoles: ["admin"], defaultRole: "user", impersonationSessionDuration: 60 * 60 }),
      twoFactor({
        issuer: "Snip",
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          length: 10,
          storeBackupCodes: {
            encrypt: async (json) =>
              JSON.stringify(await Promise.all((JSON.parse(json) as string[]).map((code) => hashBackupCode(env.AUTH_SECRET, code)))),
            decrypt: async (stored) => stored,
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
