/**
 * The app's mail interface: messages go to the jobs queue and the consumer delivers them
 * (the HTTP mail API in production, the dev mailbox locally). Templates live here.
 */
import type { MailJob, MailMessage } from "../domain/mail";
import type { AppEnv } from "./env.server";

export async function sendMail(env: Pick<AppEnv, "JOBS">, message: MailMessage): Promise<void> {
  const job: MailJob = { type: "mail.send", v: 1, id: crypto.randomUUID(), payload: message };
  try {
    await env.JOBS.send(job);
  } catch {
    // Local queues refuse a small share of sends under load; one more try before giving up.
    await env.JOBS.send(job);
  }
}

/**
 * The origin of links in mail: the configured APP_ORIGIN, never the request's Host (anyone can
 * send a request with `Host: evil.example` and have a reset link pointing there). Only local
 * runs (LOCAL_DEV, set by how the process was started) fall back to the request's origin;
 * otherwise null, and mail with links is not sent.
 */
export function mailLinkOrigin(env: Pick<AppEnv, "APP_ORIGIN" | "LOCAL_DEV">, requestOrigin: string): string | null {
  if (env.APP_ORIGIN) return env.APP_ORIGIN;
  return env.LOCAL_DEV === "true" ? requestOrigin : null;
}

/** Logged instead of sending a mail whose links would have no trustworthy origin. */
export function reportNoMailLinkOrigin(what: string): void {
  console.error(`${what} not sent: APP_ORIGIN is not set (the public origin of the app for links in mail)`);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function actionMail(to: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— Snip`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(outro)}<br>${escapeHtml(url)}</p>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return actionMail(
    to,
    "Verify your email address",
    `Hi ${name}, please confirm that ${to} is your email address.`,
    "Verify Email Address",
    url,
    "If you did not create a Snip account, no further action is required.",
  );
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return actionMail(
    to,
    "Reset your password",
    "You are receiving this email because we received a password reset request for your account.",
    "Reset Password",
    url,
    "This link expires in 60 minutes and works once. If you did not request a password reset, no further action is required.",
  );
}

/** The link that completes an email change, sent to the new address. */
export function emailChangeMail(to: string, name: string, url: string): MailMessage {
  return actionMail(
    to,
    "Confirm your new email address",
    `Hi ${name}, you asked to change the email address of your Snip account to ${to}. Open this link to confirm it; until then your account keeps its current address.`,
    "Confirm Email Address",
    url,
    "This link expires in 24 hours. If you did not ask for this change, ignore this email: nothing changes without it.",
  );
}
