/**
 * Authentication: better-auth (email and password, verification, reset, TOTP two-factor with
 * backup codes, sessions) on D1 through its drizzle adapter. The app never mounts the
 * library's HTTP handler: every flow is a React Router action that calls `auth.api` and
 * forwards the cookies it sets (docs/decisions/004-accounts-with-better-auth.md).
 */
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { generateRandomString } from "better-auth/crypto";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getDb } from "../db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../domain/account";
import type { AppEnv } from "./env.server";
import { emailChangeMail, mailLinkOrigin, passwordResetMail, reportNoMailLinkOrigin, sendMail, verificationMail } from "./mail.server";

/** The session cookie: host-only, Secure, HttpOnly, SameSite=Lax (DESIGN.md security rules). */
export const SESSION_COOKIE = "__Host-snip_session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const EMAIL_VERIFICATION_EXPIRES_SECONDS = 24 * 60 * 60;
export const PASSWORD_RESET_EXPIRES_SECONDS = 60 * 60;
export const BACKUP_CODE_COUNT = 10;
/** Letters and digits per backup code, shown as two groups of five (domain/account.ts backupCodeSchema). */
const BACKUP_CODE_LENGTH = 10;
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

/** A fresh set of backup codes in their readable form (shown to the user once). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = generateRandomString(BACKUP_CODE_LENGTH, "a-z", "0-9", "A-Z");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** How backup codes are stored: a JSON list of their keyed hashes. */
export async function encodeBackupCodes(secret: string, codes: readonly string[]): Promise<string> {
  return JSON.stringify(await Promise.all(codes.map((code) => hashBackupCode(secret, code))));
}

/**
 * The new address of an email-change verification token (better-auth signs it as a JWT whose
 * payload names the request type); null for any other token. Only picks the mail's wording and
 * the page shown afterwards: the library verifies the token itself.
 */
export function emailChangeTarget(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { requestType?: unknown; updateTo?: unknown };
    return json.requestType === "change-email-verification" && typeof json.updateTo === "string" ? json.updateTo : null;
  } catch {
    return null;
  }
}

/**
 * Single sign-on's session (issue 17, docs/decisions/034): after the app has verified the
 * organization provider's answer (app/lib/sso/flow.server.ts), a normal session for the user,
 * created and set as a cookie exactly as a password sign-in does, marked with the organization
 * whose provider signed it in. Server-only: the library's HTTP handler is never mounted.
 */
const ssoSessionPlugin = {
  id: "snip-sso-session",
  endpoints: {
    ssoSignIn: createAuthEndpoint(
      "/sso/sign-in",
      {
        method: "POST",
        body: z.object({ userId: z.string().min(1), organizationId: z.string().min(1) }),
        metadata: { SERVER_ONLY: true },
      },
      async (ctx) => {
        const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "user not found" });
        const session = await ctx.context.internalAdapter.createSession(user.id, false, { ssoOrganizationId: ctx.body.organizationId });
        if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "session not created" });
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id, sessionId: session.id });
      },
    ),
  },
} satisfies BetterAuthPlugin;

export function createAuth(env: AppEnv, origin: string) {
  const db = getDb(env.DB);
  // Links in mail: the configured public origin, never the request's Host.
  const linkOrigin = mailLinkOrigin(env, origin);
  return betterAuth({
    appName: "Snip",
    baseURL: linkOrigin ?? origin,
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
        // New accounts may be asked the onboarding survey (decision 032); accounts from before were not.
        surveyEnabled: { type: "boolean", required: false, defaultValue: true, input: false },
        // Staff terminated the account (decision 036): read with the session, so the kiosk closes at once.
        terminatedAt: { type: "date", required: false, input: false },
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
        ssoOrganizationId: { type: "string", required: false, input: false },
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
        if (!linkOrigin) return reportNoMailLinkOrigin("password reset mail");
        await sendMail(env, passwordResetMail(user.email, `${linkOrigin}/app/password/reset/${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_SECONDS,
      // Also the mail of an email change (user.changeEmail): then `user.email` is the new address.
      sendVerificationEmail: async ({ user, token }) => {
        if (!linkOrigin) return reportNoMailLinkOrigin("verification mail");
        const url = `${linkOrigin}/app/email/verify/${encodeURIComponent(user.id)}/${encodeURIComponent(token)}`;
        const mail = emailChangeTarget(token) ? emailChangeMail(user.email, user.name, url) : verificationMail(user.email, user.name, url);
        await sendMail(env, mail);
      },
    },
    databaseHooks: {
      user: {
        update: {
          before: async (data) => (data.emailVerified === true ? { data: { ...data, emailVerifiedAt: new Date() } } : { data }),
        },
      },
    },
    // Failed sign-ins are answered to the user; the library's per-attempt warnings are noise in the logs.
    logger: { level: "error" },
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
      ssoSessionPlugin,
      // Staff impersonation (the kiosk): only users with role "admin", which goes with the developer
      // flag (db/users.server.ts setUserDeveloperFlag); an hour at most. Developers may log in as
      // other developers too, as before the role followed the flag: the kiosk refuses any
      // impersonated session (app/lib/kiosk/staff.server.ts), and the staff log records the login.
      admin({ adminRoles: ["admin"], defaultRole: "user", impersonationSessionDuration: 60 * 60, allowImpersonatingAdmins: true }),
      twoFactor({
        issuer: "Snip",
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          length: BACKUP_CODE_LENGTH,
          customBackupCodesGenerate: generateBackupCodes,
          storeBackupCodes: {
            encrypt: async (json) => encodeBackupCodes(env.AUTH_SECRET, JSON.parse(json) as string[]),
            decrypt: async (stored) => stored,
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
