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

/**
 * An invitation to an organization or one of its teams (docs/decisions/030): who invites, to
 * what, with which role, their message, and the link (it leads to sign-up with the address filled
 * in, or to sign-in when the address has an account; answering happens signed in).
 */
export function invitationMail(
  to: string,
  invitation: {
    inviterName: string;
    organizationName: string;
    teamName: string | null;
    role: string;
    message: string | null;
    expiresInDays: number;
  },
  url: string,
): MailMessage {
  const destination = invitation.teamName
    ? `the team ${invitation.teamName} of ${invitation.organizationName}`
    : `the organization ${invitation.organizationName}`;
  const subject = invitation.teamName
    ? `${invitation.inviterName} invited you to ${invitation.teamName} (${invitation.organizationName}) on Snip`
    : `${invitation.inviterName} invited you to ${invitation.organizationName} on Snip`;
  const intro = `${invitation.inviterName} invited ${to} to join ${destination} on Snip as ${invitation.role}.`;
  const quoted = invitation.message ? `\n\nTheir message: “${invitation.message}”` : "";
  const outro = `The invitation expires in ${invitation.expiresInDays} days. Sign up or sign in with ${to} and verify the address to accept or reject it from the Invitations menu. If you did not expect it, ignore this email.`;
  const text = `${intro}${quoted}\n\nOpen the invitation: ${url}\n\n${outro}\n\n— Snip`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    (invitation.message
      ? `<blockquote style="border-left:3px solid #c7d2fe;margin:0;padding:4px 12px;color:#334155">${escapeHtml(invitation.message)}</blockquote>`
      : "") +
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">Open the invitation</a></p>` +
    `<p style="color:#475569;font-size:13px">${escapeHtml(outro)}<br>${escapeHtml(url)}</p>`;
  return { to, subject, text, html };
}
