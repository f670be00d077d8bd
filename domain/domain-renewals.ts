/**
 * Renewal of bought domains (issue 18, docs/decisions/050): pure rules. A domain bought through
 * Snip records its expiry (the registrar's answer) and an auto-renew setting; a daily cron sends
 * the domains due within RENEWAL_WINDOW_DAYS whose renewal is paid for to the `domains.renew`
 * job, which renews each at the registrar once.
 */
import type { Envelope } from "./events";
import { getPlan } from "./plans";
import { isActive, isIncomplete, isPastDue, onTrial, type Subscription } from "./subscription";

export const DOMAIN_RENEW_JOB = "domains.renew";
/** The payload names the expiry the cron saw: a job whose domain has moved past it already renewed. */
export type DomainRenewJob = Envelope<typeof DOMAIN_RENEW_JOB, { domain: string; expiresAt: number }>;

/** The daily cron of the app worker (wrangler.toml `[triggers]`) that runs the renewal pass. */
export const RENEWAL_CRON = "0 6 * * *";
/** Domains whose registration runs out within this many days are renewed. */
export const RENEWAL_WINDOW_DAYS = 30;
export const DAY_MS = 86_400_000;
/** The plan offered to a workspace with no paid plan (spec 01 §3: yearly only). */
export const RENEWAL_PLAN = "domain-renewal-service" as const;

/**
 * Whether the workspace's subscription pays for renewing a domain that runs out at `expiresAt`:
 * any billable plan (the domain-renewal-service plan, or any other paid plan, which includes it),
 * paid (not on a trial, not past due or incomplete), and not ending before the domain would.
 */
export function renewalPaidFor(sub: Subscription | null | undefined, expiresAt: Date, now: Date): boolean {
  if (!sub || !getPlan(sub.name).billable) return false;
  if (!isActive(sub, now) || onTrial(sub, now) || isPastDue(sub) || isIncomplete(sub)) return false;
  return sub.endsAt === null || sub.endsAt.getTime() >= expiresAt.getTime();
}

/** Why the subscription does not pay for renewal, in the owner's words (null when it does). */
export function renewalNotPaidReason(sub: Subscription | null | undefined, expiresAt: Date, now: Date): string | null {
  if (renewalPaidFor(sub, expiresAt, now)) return null;
  if (!sub || !getPlan(sub.name).billable || !isActive(sub, now)) return RENEWAL_MESSAGES.noPlan;
  if (onTrial(sub, now)) return RENEWAL_MESSAGES.trial;
  if (isPastDue(sub) || isIncomplete(sub)) return RENEWAL_MESSAGES.pastDue;
  return RENEWAL_MESSAGES.ending;
}

/** Due: auto-renew on and the registration runs out within the window (or already has). */
export function isDue(reg: { autoRenew: boolean; expiresAt: Date }, now: Date): boolean {
  return reg.autoRenew && reg.expiresAt.getTime() <= now.getTime() + RENEWAL_WINDOW_DAYS * DAY_MS;
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
export const formatExpiry = (date: Date) => DATE.format(date);

/** The line the owner sees beside the domain: it renews only with auto-renew on and the renewal paid for. */
export function expiryLine(reg: { autoRenew: boolean; expiresAt: Date }, paid: boolean, now: Date): string {
  const date = formatExpiry(reg.expiresAt);
  if (reg.expiresAt.getTime() <= now.getTime()) return `Expired on ${date}`;
  return reg.autoRenew && paid ? `Renews on ${date}` : `Expires on ${date}`;
}

export const RENEWAL_MESSAGES = {
  noPlan: "Renewing a bought domain needs a paid plan. Without one it expires on its date and stops serving.",
  trial: "Renewal starts once your plan's first payment goes through.",
  pastDue: "Your plan's payment is past due: the domain is renewed once it is paid.",
  ending: "Your plan ends before this domain runs out, so it will not be renewed.",
  autoRenewOn: "Auto-renew is on.",
  autoRenewOff: "Auto-renew is off: the domain expires on its date.",
  notFound: "Domain not found.",
  notInAccount: "The domain is no longer registered in Snip's registrar account.",
} as const;
