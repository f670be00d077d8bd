/**
 * POST /app/api/user/confirm-password, and POST /app/api/password/confirm (spec 02 §7's path, the
 * same route module), with {password}: the password-confirmation step of a 423 answer (spec 01
 * §8). Checks the password with better-auth and records the confirmation on the current session (sessions.password_confirmed_at),
 * then answers 204. A wrong password: 422 {errors: {password: [...]}}. Failures count toward
 * the login throttle of the account's email, so this is no way around it.
 */
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { markSessionPasswordConfirmed } from "../../../db/sessions.server";
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from "../../../domain/account";
import { API_MESSAGES } from "../../../domain/api-messages";
import { getCloudflare } from "../../context.server";
import { apiError, methodNotAllowed, noContent, requireApiViewer, validateBody } from "../../lib/api.server";
import { attempt, clearFailedLogins, loginLockMinutes, recordFailedLogin } from "../../lib/auth-flow.server";
import { getAuth } from "../../session.server";
import type { Route } from "./+types/user.confirm-password";

const confirmPasswordSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPasswordWrong),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow: "POST" });
  const viewer = requireApiViewer(context);
  const { env } = getCloudflare(context);
  const { password } = await validateBody(request, confirmPasswordSchema);

  const lockedMinutes = await loginLockMinutes(env, request, viewer.user.email);
  if (lockedMinutes > 0) return apiError(429, ACCOUNT_MESSAGES.throttled(lockedMinutes));

  const result = await attempt(() => getAuth(request, context).api.verifyPassword({ body: { password }, headers: request.headers }));
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`password check failed: ${result.error.code}`);
    if (result.error.status === 401) return apiError(401, API_MESSAGES.notAuthorized);
    await recordFailedLogin(env, request, viewer.user.email);
    return apiError(422, API_MESSAGES.invalidData, { password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  }
  await clearFailedLogins(env, viewer.user.email);
  await markSessionPasswordConfirmed(getDb(env.DB), { id: viewer.session.id });
  return noContent();
}

export const loader = methodNotAllowed("POST");
