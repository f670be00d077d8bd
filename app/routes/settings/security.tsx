/**
 * /app/settings/security (L): the password, two-factor sign-in (TOTP only, mode 1 of spec 01
 * §3) with its backup codes, and the signed-in sessions.
 *
 * Sensitive actions ask for the password (spec 01 §8): changing the password and turning
 * two-factor on take it in their own form; turning two-factor off, new backup codes and ending
 * sessions go through the password-confirmation dialog (app/lib/password-confirm.server.ts).
 * Successful changes redirect (post/redirect/get), so the page is rendered for the changed
 * session; what is shown only once (the setup secret, backup codes) is returned as action data.
 *
 * A password change (and a reset, whose sign-in lands here) ends the other sessions but not the
 * API tokens, which do not depend on the password: the page then lists the live tokens, each
 * with a one-click revoke (`?tokens=review`).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { listApiTokens, revokeApiToken } from "../../../db/api-tokens.server";
import { getDb } from "../../../db/client.server";
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "../../../db/sessions.server";
import { countBackupCodes, disableTwoFactor, replaceBackupCodes } from "../../../db/two-factor.server";
import { ACCOUNT_MESSAGES } from "../../../domain/account-rules";
import { BACKUP_CODE_COUNT, encodeBackupCodes, generateBackupCodes } from "../../auth.server";
import { Notice, PasswordField, SubmitButton, TextField } from "../../components/form-fields";
import { isPasswordConfirmReply, PasswordConfirmDialog } from "../../components/password-confirm";
import {
  DateTime,
  SettingsCard,
  SettingsHeading,
  settingsButton,
  settingsDangerButton,
  settingsSecondaryButton,
} from "../../components/settings";
import { getCloudflare } from "../../context.server";
import {
  backupCodeListSchema,
  changePasswordSchema,
  confirmTwoFactorSchema,
  enableTwoFactorSchema,
  revokeApiTokenSchema,
  revokeSessionSchema,
  totpUriSchema,
} from "../../forms/settings";
import { afterPasswordChange, SECURITY_INTENTS, SETTINGS_MESSAGES, type SecurityIntent } from "../../forms/settings-rules";
import {
  attempt,
  claimTotp,
  clearFailedLogins,
  loginLockMinutes,
  recordFailedLogin,
  redirectWithCookies,
} from "../../lib/auth-flow.server";
import { describeDevice, type DeviceKind } from "../../lib/devices.server";
import { markPasswordConfirmed, requireRecentPassword } from "../../lib/password-confirm.server";
import { commonPasswordError } from "../../lib/password-dictionary.server";
import { qrCodeSvg } from "../../lib/qr.server";
import { getAuth, requireUser, type Viewer } from "../../session.server";
import type { Route } from "./+types/security";
import { formIntent, requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Security | Snip" }];

const PAGE = "/app/settings/security";

const NOTICES = {
  "password-changed": "Your password has been changed. Your other sessions have been signed out.",
  "2fa-enabled": "Two-factor authentication is on. When you sign in, we will ask for a code from your authenticator app.",
  "2fa-disabled": "Two-factor authentication is off.",
  "session-revoked": "The session has been signed out.",
  "sessions-revoked": "All your other sessions have been signed out.",
  "password-reset": "Your password has been reset. Every other session has been signed out.",
  "token-revoked": "The API token has been revoked.",
} as const;

type NoticeKey = keyof typeof NOTICES;

function done(notice: NoticeKey): Response {
  return redirect(`${PAGE}?notice=${notice}`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const db = getDb(getCloudflare(context).env.DB);
  const url = new URL(request.url);
  const reviewTokens = url.searchParams.get("tokens") === "review";
  const [backupCodesLeft, sessions, tokens] = await Promise.all([
    viewer.user.twoFactorEnabled ? countBackupCodes(db, viewer.user.id) : Promise.resolve(null),
    listUserSessions(db, viewer.user.id),
    reviewTokens ? listApiTokens(db, viewer.user.id) : Promise.resolve([]),
  ]);
  const notice = url.searchParams.get("notice");
  const now = Date.now();
  return {
    liveTokens: tokens
      .filter((t) => t.expiresAt === null || t.expiresAt.getTime() > now)
      .map((t) => ({ id: t.id, name: t.name, prefix: t.prefix, lastUsedAt: t.lastUsedAt?.toISOString() ?? null })),
    twoFactorEnabled: viewer.user.twoFactorEnabled,
    backupCodesLeft,
    backupCodeCount: BACKUP_CODE_COUNT,
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      ipAddress: session.ipAddress || null,
      createdAt: session.createdAt.toISOString(),
      lastActiveAt: session.updatedAt.toISOString(),
      current: session.id === viewer.session.id,
    })),
    notice: notice && notice in NOTICES ? NOTICES[notice as NoticeKey] : null,
  };
}

/** What the two-factor setup shows until the first code confirms it. */
interface TwoFactorSetup {
  totpUri: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

type Reply = {
  intent: SecurityIntent;
  result?: SubmissionResult<string[]>;
  setup?: TwoFactorSetup;
  backupCodes?: string[];
  error?: string;
};

async function twoFactorSetup(totpUri: string, backupCodes: string[]): Promise<TwoFactorSetup> {
  return { totpUri, secret: new URL(totpUri).searchParams.get("secret") ?? "", qrSvg: await qrCodeSvg(totpUri), backupCodes };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, SECURITY_INTENTS);
  switch (intent) {
    case "change-password":
      return changePassword(request, context, viewer, formData);
    case "enable-2fa":
      return enableTwoFactor(request, context, viewer, formData);
    case "confirm-2fa":
      return confirmTwoFactor(request, context, viewer, formData);
    case "disable-2fa": {
      if (!viewer.user.twoFactorEnabled) return done("2fa-disabled");
      const denied = await requireRecentPassword(request, context, viewer, formData);
      if (denied) return denied;
      await disableTwoFactor(getDb(getCloudflare(context).env.DB), viewer.user.id);
      return done("2fa-disabled");
    }
    case "regenerate-codes": {
      const denied = await requireRecentPassword(request, context, viewer, formData);
      if (denied) return denied;
      const { env } = getCloudflare(context);
      const codes = generateBackupCodes();
      if (!(await replaceBackupCodes(getDb(env.DB), viewer.user.id, await encodeBackupCodes(env.AUTH_SECRET, codes)))) {
        return data<Reply>({ intent, error: SETTINGS_MESSAGES.twoFactorNotOn }, { status: 409 });
      }
      return data<Reply>({ intent, backupCodes: codes });
    }
    case "revoke-session": {
      const submission = parseWithZod(formData, { schema: revokeSessionSchema });
      if (submission.status !== "success") return data<Reply>({ intent, error: ACCOUNT_MESSAGES.generic }, { status: 422 });
      if (submission.value.session_id === viewer.session.id) {
        return data<Reply>({ intent, error: SETTINGS_MESSAGES.revokeCurrentSession }, { status: 422 });
      }
      const denied = await requireRecentPassword(request, context, viewer, formData);
      if (denied) return denied;
      // A session that already ended (or is not the user's) answers the same: it is gone.
      await deleteUserSession(getDb(getCloudflare(context).env.DB), viewer.user.id, submission.value.session_id);
      return done("session-revoked");
    }
    case "revoke-api-token": {
      const submission = parseWithZod(formData, { schema: revokeApiTokenSchema });
      if (submission.status !== "success") return data<Reply>({ intent, error: ACCOUNT_MESSAGES.generic }, { status: 422 });
      // A token already revoked (or not the user's) answers the same: it no longer works.
      await revokeApiToken(getDb(getCloudflare(context).env.DB), viewer.user.id, submission.value.token_id);
      return redirect(`${PAGE}?notice=token-revoked&tokens=review`);
    }
    case "revoke-other-sessions": {
      const denied = await requireRecentPassword(request, context, viewer, formData);
      if (denied) return denied;
      await deleteOtherUserSessions(getDb(getCloudflare(context).env.DB), viewer.user.id, viewer.session.id);
      return done("sessions-revoked");
    }
    default:
      return data({ intent: null, error: ACCOUNT_MESSAGES.generic }, { status: 400 });
  }
}

type Args = [request: Request, context: Route.ActionArgs["context"], viewer: Viewer, formData: FormData];

/** The current password is this action's confirmation; the other sessions end with the old password. */
async function changePassword(...[request, context, viewer, formData]: Args) {
  const { env } = getCloudflare(context);
  const hidden = ["current_password", "password", "password_confirmation"];
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data<Reply>({ intent: "change-password", result: submission.reply({ hideFields: hidden }) }, { status: 422 });
  }
  const fail = (message: string, status: number) =>
    data<Reply>(
      { intent: "change-password", result: submission.reply({ fieldErrors: { current_password: [message] }, hideFields: hidden }) },
      { status },
    );
  const tooCommon = await commonPasswordError(env, submission.value.password);
  if (tooCommon) {
    return data<Reply>(
      { intent: "change-password", result: submission.reply({ fieldErrors: { password: [tooCommon] }, hideFields: hidden }) },
      { status: 422 },
    );
  }
  const lockedMinutes = await loginLockMinutes(env, request, viewer.user.email);
  if (lockedMinutes > 0) return fail(ACCOUNT_MESSAGES.throttled(lockedMinutes), 429);
  const result = await attempt(() =>
    getAuth(request, context).api.changePassword({
      body: { currentPassword: submission.value.current_password, newPassword: submission.value.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`password change failed: ${result.error.code}`);
    if (result.error.code !== "INVALID_PASSWORD") {
      return data<Reply>(
        { intent: "change-password", result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.generic], hideFields: hidden }) },
        { status: 422 },
      );
    }
    await recordFailedLogin(env, request, viewer.user.email);
    return fail(ACCOUNT_MESSAGES.currentPasswordWrong, 422);
  }
  await clearFailedLogins(env, viewer.user.email);
  // Every session was replaced by a new one for this device; the password was just entered in it.
  const token = result.value.response.token;
  if (token) await markPasswordConfirmed(context, { token });
  return redirectWithCookies(afterPasswordChange("password-changed"), result.value.headers);
}

/** Step 1: the password (this action's confirmation) gives a new secret and backup codes. */
async function enableTwoFactor(...[request, context, viewer, formData]: Args) {
  const { env } = getCloudflare(context);
  if (viewer.user.twoFactorEnabled) return done("2fa-enabled");
  const submission = parseWithZod(formData, { schema: enableTwoFactorSchema });
  if (submission.status !== "success") {
    return data<Reply>({ intent: "enable-2fa", result: submission.reply({ hideFields: ["password"] }) }, { status: 422 });
  }
  const fail = (message: string, status: number) =>
    data<Reply>(
      { intent: "enable-2fa", result: submission.reply({ fieldErrors: { password: [message] }, hideFields: ["password"] }) },
      { status },
    );
  const lockedMinutes = await loginLockMinutes(env, request, viewer.user.email);
  if (lockedMinutes > 0) return fail(ACCOUNT_MESSAGES.throttled(lockedMinutes), 429);
  const result = await attempt(() =>
    getAuth(request, context).api.enableTwoFactor({
      body: { password: submission.value.password, method: "totp" },
      headers: request.headers,
    }),
  );
  if (!result.ok) {
    if (result.error.code === "TOTP_ALREADY_ENABLED") return done("2fa-enabled");
    if (result.error.status >= 500 || result.error.code !== "INVALID_PASSWORD")
      throw new Error(`two-factor setup failed: ${result.error.code}`);
    await recordFailedLogin(env, request, viewer.user.email);
    return fail(ACCOUNT_MESSAGES.currentPasswordWrong, 422);
  }
  await Promise.all([clearFailedLogins(env, viewer.user.email), markPasswordConfirmed(context, { id: viewer.session.id })]);
  if (result.value.method !== "totp") throw new Error("two-factor setup returned no TOTP URI");
  return data<Reply>({ intent: "enable-2fa", setup: await twoFactorSetup(result.value.totpURI, result.value.backupCodes) });
}

/** Step 2: a code from the app turns two-factor on (better-auth replaces the session). */
async function confirmTwoFactor(...[request, context, viewer, formData]: Args) {
  const { env } = getCloudflare(context);
  if (viewer.user.twoFactorEnabled) return done("2fa-enabled");
  // The setup stays on the page between attempts; it was shown to this user already.
  const uri = totpUriSchema.safeParse(formData.get("totp_uri"));
  if (!uri.success) {
    return data<Reply>({ intent: "confirm-2fa", error: SETTINGS_MESSAGES.twoFactorSetupExpired }, { status: 422 });
  }
  const codes = backupCodeListSchema.safeParse(formData.get("backup_codes") ?? "");
  const setup = await twoFactorSetup(uri.data, codes.success ? codes.data : []);
  const submission = parseWithZod(formData, { schema: confirmTwoFactorSchema });
  const invalid = (message: string, status = 422) =>
    data<Reply>(
      { intent: "confirm-2fa", setup, result: submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }) },
      { status },
    );
  if (submission.status !== "success") return data<Reply>({ intent: "confirm-2fa", setup, result: submission.reply() }, { status: 422 });
  const { code } = submission.value;
  // A code works once (DESIGN.md): claimed before it is checked.
  if (!(await claimTotp(env, viewer.user.id, code))) return invalid(ACCOUNT_MESSAGES.codeInvalid);
  const result = await attempt(() =>
    getAuth(request, context).api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok) {
    if (result.error.status >= 500) throw new Error(`two-factor confirmation failed: ${result.error.code}`);
    if (result.error.code === "ACCOUNT_TEMPORARILY_LOCKED") return invalid(ACCOUNT_MESSAGES.throttled(15), 429);
    if (result.error.code === "TOTP_NOT_ENABLED") {
      return data<Reply>({ intent: "confirm-2fa", error: SETTINGS_MESSAGES.twoFactorSetupExpired }, { status: 422 });
    }
    return invalid(ACCOUNT_MESSAGES.codeInvalid);
  }
  return redirectWithCookies(`${PAGE}?notice=2fa-enabled`, result.value.headers);
}

// ---------------------------------------------------------------------------------------------

function DeviceIcon({ kind }: { kind: DeviceKind }) {
  return (
    <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {kind === "desktop" ? (
          <path d="M3 5h18v11H3zM8 20h8M12 16v4" />
        ) : (
          <path d="M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2" />
        )}
      </svg>
    </span>
  );
}

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        on ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"
      }`}
    >
      {on ? "On" : "Off"}
    </span>
  );
}

function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <ul
      aria-label="Backup codes"
      className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm sm:grid-cols-3"
    >
      {codes.map((code) => (
        <li key={code} className="rounded-md bg-white px-2 py-1.5 text-center tracking-wider text-slate-900 ring-1 ring-slate-200">
          {code}
        </li>
      ))}
    </ul>
  );
}

function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

function TwoFactorSetupSteps({ setup, result, error }: { setup: TwoFactorSetup; result?: SubmissionResult<string[]>; error?: string }) {
  const [form, fields] = useForm<{ code: string }>({ id: "confirm-2fa", lastResult: result });
  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li>
          <p className="font-semibold text-slate-900">1. Scan this QR code with your authenticator app</p>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
            <div
              role="img"
              aria-label="QR code of your two-factor secret"
              className="h-44 w-44 shrink-0 rounded-xl border border-slate-200 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <div className="text-sm text-slate-600">
              <p>Can&apos;t scan it? Enter this key in the app instead:</p>
              <code
                data-testid="totp-secret"
                className="mt-2 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
              >
                {groupSecret(setup.secret)}
              </code>
            </div>
          </div>
        </li>
        {setup.backupCodes.length > 0 ? (
          <li>
            <p className="font-semibold text-slate-900">2. Save your backup codes</p>
            <p className="mt-1 text-sm text-slate-600">
              If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: this is the only time they are shown.
            </p>
            <div className="mt-3">
              <BackupCodeList codes={setup.backupCodes} />
            </div>
          </li>
        ) : null}
        <li>
          <p className="font-semibold text-slate-900">{setup.backupCodes.length > 0 ? "3." : "2."} Enter the code the app shows</p>
          <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-4">
            {error ? <Notice tone="error">{error}</Notice> : null}
            <input type="hidden" name="intent" value="confirm-2fa" />
            <input type="hidden" name="totp_uri" value={setup.totpUri} />
            <input type="hidden" name="backup_codes" value={setup.backupCodes.join(" ")} />
            <div className="max-w-xs">
              <TextField
                label="Authentication code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={7}
                errors={fields.code.errors}
                required
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <SubmitButton busyText="Verifying…" className={settingsButton}>
                Confirm and Turn On
              </SubmitButton>
              <Link to={PAGE} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
                Cancel
              </Link>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && !isPasswordConfirmReply(actionData) && actionData.intent ? (actionData as Reply) : null;
  const replyFor = (intent: SecurityIntent) => (reply?.intent === intent ? reply : null);
  const generalError = actionData && !isPasswordConfirmReply(actionData) && !actionData.intent ? actionData.error : null;
  const setup = replyFor("enable-2fa")?.setup ?? replyFor("confirm-2fa")?.setup ?? null;
  const setupError = replyFor("confirm-2fa")?.error;
  const newCodes = replyFor("regenerate-codes")?.backupCodes ?? null;
  const sessionError = replyFor("revoke-session")?.error ?? null;

  const [passwordForm, passwordFields] = useForm<{ current_password: string; password: string; password_confirmation: string }>({
    id: "change-password",
    lastResult: replyFor("change-password")?.result,
  });
  const [enableForm, enableFields] = useForm<{ password: string }>({ id: "enable-2fa", lastResult: replyFor("enable-2fa")?.result });
  const otherSessions = loaderData.sessions.filter((session) => !session.current);

  return (
    <>
      <SettingsHeading title="Security" lead="Your password, two-factor authentication and the devices signed in to your account." />
      <div className="space-y-6">
        {loaderData.notice ? <Notice tone="success">{loaderData.notice}</Notice> : null}
        {generalError ? <Notice tone="error">{generalError}</Notice> : null}
        {loaderData.liveTokens.length > 0 ? <LiveTokens tokens={loaderData.liveTokens} /> : null}

        <SettingsCard id="password" title="Change password" description="Changing your password signs you out on every other device.">
          <Form method="post" {...getFormProps(passwordForm)} noValidate className="max-w-md space-y-4">
            {passwordForm.errors ? <Notice tone="error">{passwordForm.errors[0]}</Notice> : null}
            <input type="hidden" name="intent" value="change-password" />
            <PasswordField
              label="Current password"
              name="current_password"
              autoComplete="current-password"
              errors={passwordFields.current_password.errors}
              required
            />
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              errors={passwordFields.password.errors}
              required
              minLength={6}
            />
            <PasswordField
              label="Confirm new password"
              name="password_confirmation"
              autoComplete="new-password"
              errors={passwordFields.password_confirmation.errors}
              required
            />
            <SubmitButton busyText="Saving…" className={settingsButton}>
              Change Password
            </SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard
          id="two-factor"
          title="Two-factor authentication"
          description="Sign in with a code from an authenticator app (such as Google Authenticator, 1Password or Authy) as well as your password."
        >
          <div className="mb-5 flex items-center gap-2 text-sm font-semibold text-slate-800">
            Status: <StatusBadge on={loaderData.twoFactorEnabled} />
          </div>
          {replyFor("regenerate-codes")?.error ? (
            <div className="mb-5">
              <Notice tone="error">{replyFor("regenerate-codes")?.error}</Notice>
            </div>
          ) : null}
          {setup ? (
            <TwoFactorSetupSteps setup={setup} result={replyFor("confirm-2fa")?.result} error={setupError} />
          ) : setupError ? (
            <Notice tone="error">{setupError}</Notice>
          ) : null}
          {!setup && loaderData.twoFactorEnabled ? (
            <div className="space-y-5">
              <p className="text-sm text-slate-700" data-testid="backup-codes-left">
                Backup codes left: <strong className="text-slate-900">{loaderData.backupCodesLeft ?? 0}</strong> of{" "}
                {loaderData.backupCodeCount}
              </p>
              {newCodes ? (
                <div className="space-y-3">
                  <Notice tone="success">
                    Here are your new backup codes. The old ones no longer work. Keep these somewhere safe: this is the only time they are
                    shown.
                  </Notice>
                  <BackupCodeList codes={newCodes} />
                </div>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="intent" value="regenerate-codes" />
                  <SubmitButton className={settingsSecondaryButton}>Regenerate Backup Codes</SubmitButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="disable-2fa" />
                  <SubmitButton className={settingsDangerButton}>Turn Off Two-Factor Authentication</SubmitButton>
                </Form>
              </div>
            </div>
          ) : null}
          {!setup && !loaderData.twoFactorEnabled ? (
            <Form method="post" {...getFormProps(enableForm)} noValidate className="max-w-md space-y-4">
              {enableForm.errors ? <Notice tone="error">{enableForm.errors[0]}</Notice> : null}
              <input type="hidden" name="intent" value="enable-2fa" />
              <PasswordField
                label="Your password"
                name="password"
                id="field-enable-password"
                autoComplete="current-password"
                errors={enableFields.password.errors}
                required
              />
              <SubmitButton busyText="Starting…" className={settingsButton}>
                Set Up Two-Factor Authentication
              </SubmitButton>
            </Form>
          ) : null}
        </SettingsCard>

        <SettingsCard id="sessions" title="Sessions" description="Where you are signed in. Sign out any session you don't recognise.">
          {sessionError ? (
            <div className="mb-4">
              <Notice tone="error">{sessionError}</Notice>
            </div>
          ) : null}
          <ul aria-label="Sessions" className="divide-y divide-slate-200">
            {loaderData.sessions.map((session) => (
              <li key={session.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
                <DeviceIcon kind={session.device.kind} />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-slate-900">
                    {session.device.label}
                    {session.current ? (
                      <span className="ml-2 inline-flex items-center rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-slate-600">
                    {session.ipAddress ? <>IP {session.ipAddress} · </> : null}
                    Signed in <DateTime iso={session.createdAt} /> · Last active <DateTime iso={session.lastActiveAt} />
                  </p>
                </div>
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-session" />
                    <input type="hidden" name="session_id" value={session.id} />
                    <SubmitButton className={settingsSecondaryButton}>Sign Out</SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {otherSessions.length > 0 ? (
            <Form method="post" className="mt-5 border-t border-slate-200 pt-5">
              <input type="hidden" name="intent" value="revoke-other-sessions" />
              <SubmitButton className={settingsSecondaryButton}>Sign Out All Other Sessions</SubmitButton>
            </Form>
          ) : null}
        </SettingsCard>
      </div>
      {isPasswordConfirmReply(actionData) ? <PasswordConfirmDialog request={actionData.passwordConfirm} /> : null}
    </>
  );
}

/** After a password change or reset: the API tokens that still work, each revoked with one click. */
function LiveTokens({ tokens }: { tokens: { id: string; name: string; prefix: string; lastUsedAt: string | null }[] }) {
  return (
    <SettingsCard
      id="live-tokens"
      title="API tokens still active"
      description="A new password does not end API tokens. Revoke any you don't recognise or no longer use."
    >
      <ul aria-label="API tokens still active" className="divide-y divide-slate-200">
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="live-token">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-slate-900">{token.name}</p>
              <p className="mt-0.5 text-slate-600">
                <code className="rounded bg-slate-100 px-1">{token.prefix}…</code> ·{" "}
                {token.lastUsedAt ? (
                  <>
                    Last used <DateTime iso={token.lastUsedAt} />
                  </>
                ) : (
                  "Never used"
                )}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-api-token" />
              <input type="hidden" name="token_id" value={token.id} />
              <SubmitButton className={settingsDangerButton}>Revoke</SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
