/** Shared answers of the two-factor sign-in steps. */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { sessions } from "../../db/schema";
import { ACCOUNT_MESSAGES, safeReturnPath } from "../../domain/account";
import type { AppEnv } from "../env.server";
import { requireGuest } from "../session.server";
import type { AuthFailure } from "./auth-flow.server";

/**
 * The loader of both second-step pages (G): a pending sign-in (the two-factor cookie) or back to
 * the login page; the `to` value to carry on.
 */
export function pendingTwoFactor(request: Request, context: Readonly<RouterContextProvider>): { to: string } {
  requireGuest(context);
  if (!request.headers.get("cookie")?.includes("snip.two_factor")) throw redirect("/app/login?notice=2fa-expired");
  return { to: safeReturnPath(new URL(request.url).searchParams.get("to"), "") };
}

/** Maps a failed verification: an expired or used-up challenge restarts sign-in; a wrong code stays on the page. */
export function twoFactorFailure(
  error: AuthFailure,
  submission: { reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult },
) {
  if (error.code === "INVALID_TWO_FACTOR_COOKIE" || error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    throw redirect("/app/login?notice=2fa-expired");
  }
  if (error.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return data(submission.reply({ formErrors: [ACCOUNT_MESSAGES.throttled(15)] }), { status: 429 });
  }
  if (error.status >= 500) throw new Error(`two-factor verification failed: ${error.code}`);
  return data(submission.reply({ fieldErrors: { code: [ACCOUNT_MESSAGES.codeInvalid] } }), { status: 422 });
}

/** Ends a session that was just created (a replayed code must not sign anyone in). */
export async function revokeNewSession(env: AppEnv, token: string): Promise<void> {
  await getDb(env.DB).delete(sessions).where(eq(sessions.token, token));
}
