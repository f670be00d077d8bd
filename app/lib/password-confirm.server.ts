/**
 * Sensitive actions ask for the password again (spec 01 §8: a 423 opens the
 * password-confirmation dialog; once confirmed, the request is repeated).
 *
 * A confirmation lasts PASSWORD_CONFIRM_TTL_MS for the session it was made in
 * (sessions.password_confirmed_at). Signing in does not count as one: a session may be weeks
 * old, and a borrowed or stolen one must not change the password, the second factor or the
 * email without the password (docs/decisions/006-password-confirmation.md). A form that asks
 * for the password itself (change password, set up two-factor, delete account) counts as a
 * confirmation.
 *
 * Wrong passwords count towards the login throttle of the account's email, so the dialog
 * cannot be used to guess the password faster than the login page.
 */
import { data, type RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server";
import { markSessionPasswordConfirmed } from "../../db/sessions.server";
import { ACCOUNT_MESSAGES, PASSWORD_CONFIRM_TTL_MS } from "../../domain/account";
import { CONFIRM_PASSWORD_FIELD, type PasswordConfirmReply } from "../components/password-confirm";
import { getCloudflare } from "../context.server";
import { currentPasswordSchema } from "../forms/settings";
import { getAuth, type Viewer } from "../session.server";
import { attempt, clearFailedLogins, loginLockMinutes, recordFailedLogin } from "./auth-flow.server";

type Context = Readonly<RouterContextProvider>;

/** Fields never replayed into the dialog's hidden inputs. */
const NOT_REPLAYED = /password/i;
const MAX_REPLAYED_FIELDS = 50;
const MAX_REPLAYED_VALUE_LENGTH = 4_096;

export function isPasswordConfirmationFresh(confirmedAt: Date | null, now = Date.now()): boolean {
  return confirmedAt !== null && now - confirmedAt.getTime() < PASSWORD_CONFIRM_TTL_MS;
}

function replayFields(formData: FormData): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of formData) {
    if (typeof value !== "string" || NOT_REPLAYED.test(name)) continue;
    if (fields.length === MAX_REPLAYED_FIELDS) break;
    fields.push([name, value.slice(0, MAX_REPLAYED_VALUE_LENGTH)]);
  }
  return fields;
}

export type PasswordCheck = { ok: true } | { ok: false; message: string; status: number };

/**
 * Checks the signed-in user's password, under the login throttle of their email. On success
 * the session counts as confirmed for PASSWORD_CONFIRM_TTL_MS.
 */
export async function checkCurrentPassword(request: Request, context: Context, viewer: Viewer, password: string): Promise<PasswordCheck> {
  const { env } = getCloudflare(context);
  const email = viewer.user.email;
  const lockedMinutes = await loginLockMinutes(env, request, email);
  if (lockedMinutes > 0) return { ok: false, message: ACCOUNT_MESSAGES.throttled(lockedMinutes), status: 429 };
  const result = await attempt(() => getAuth(request, context).api.verifyPassword({ body: { password }, headers: request.headers }));
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`password verification failed: ${result.error.code}`);
    await recordFailedLogin(env, request, email);
    return { ok: false, message: ACCOUNT_MESSAGES.currentPasswordWrong, status: 422 };
  }
  await Promise.all([clearFailedLogins(env, email), markPasswordConfirmed(context, { id: viewer.session.id })]);
  return { ok: true };
}

/** Records a confirmation for a session (by id, or by token for a session just created). */
export async function markPasswordConfirmed(context: Context, session: { id: string } | { token: string }): Promise<void> {
  await markSessionPasswordConfirmed(getDb(getCloudflare(context).env.DB), session);
}

/**
 * The posted form without the confirmation dialog's password: what a page's schema parses, so that
 * no reply of the submission (conform writes the submitted values back into the page) carries the
 * password. requireRecentPassword reads the password from the form as posted.
 */
export function withoutConfirmPassword(formData: FormData): FormData {
  if (!formData.has(CONFIRM_PASSWORD_FIELD)) return formData;
  const form = new FormData();
  for (const [name, value] of formData) if (name !== CONFIRM_PASSWORD_FIELD) form.append(name, value);
  return form;
}

/**
 * The guard of a sensitive action. Null when it may proceed: the password was confirmed
 * recently in this session, or the submission carries it (`confirm_password`) and it is right.
 * Otherwise the answer to return: 423 with the fields to replay, so the page renders the
 * dialog; 422 (wrong password) or 429 (throttled) with the error for the dialog's field.
 */
export async function requireRecentPassword(
  request: Request,
  context: Context,
  viewer: Viewer,
  formData: FormData,
): Promise<ReturnType<typeof data<PasswordConfirmReply>> | null> {
  if (isPasswordConfirmationFresh(viewer.session.passwordConfirmedAt)) return null;
  const fields = replayFields(formData);
  const given = formData.get(CONFIRM_PASSWORD_FIELD);
  if (given === null) return data({ passwordConfirm: { fields, error: null } }, { status: 423 });
  const parsed = currentPasswordSchema.safeParse(given);
  if (!parsed.success) {
    return data(
      { passwordConfirm: { fields, error: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.passwordRequired } },
      { status: 422 },
    );
  }
  const check = await checkCurrentPassword(request, context, viewer, parsed.data);
  if (!check.ok) return data({ passwordConfirm: { fields, error: check.message } }, { status: check.status });
  return null;
}
