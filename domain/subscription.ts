import type { BillingInterval, PlanName } from "./plans";

export type BillingStatus = "past_due" | "incomplete";
export type SubscriptionType = "default" | "addon" | "shopping-cart";

/** A user's or team's subscription (spec §3). Dates that may be absent are null. */
export type Subscription = {
  readonly name: PlanName;
  readonly interval: BillingInterval;
  /** Minor units. */
  readonly amount: number;
  readonly currency: string;
  readonly quantity: number;
  /** Set once cancelled: the moment the subscription ends. */
  readonly endsAt: Date | null;
  readonly trialEndsAt: Date | null;
  readonly periodStartsAt: Date | null;
  readonly periodEndsAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly billingStatus: BillingStatus | null;
  readonly type: SubscriptionType;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export const TRIAL_HARD_REMINDER_DAYS = 1;
export const TRIAL_SOFT_REMINDER_DAYS = 7;

function isAfter(date: Date, now: Date): boolean {
  return date.getTime() > now.getTime();
}

/** Active while no end date has passed: no end date, or one still in the future. */
export function isActive(sub: Subscription, now: Date): boolean {
  return sub.endsAt === null || isAfter(sub.endsAt, now);
}

/** On trial while the trial end is in the future. */
export function onTrial(sub: Subscription, now: Date): boolean {
  return sub.trialEndsAt !== null && isAfter(sub.trialEndsAt, now);
}

/** Cancelled but not yet ended: an end date is set and still in the future. */
export function onGracePeriod(sub: Subscription, now: Date): boolean {
  return sub.endsAt !== null && isAfter(sub.endsAt, now);
}

export function isPastDue(sub: Subscription): boolean {
  return sub.billingStatus === "past_due";
}

export function isIncomplete(sub: Subscription): boolean {
  return sub.billingStatus === "incomplete";
}

/** Active and past due or incomplete: the user must act on billing. */
export function needsAction(sub: Subscription, now: Date): boolean {
  return isActive(sub, now) && (isPastDue(sub) || isIncomplete(sub));
}

export function isFree(sub: Subscription): boolean {
  return sub.name === "free";
}

/** Subscribed when a current subscription exists and is not free. */
export function isSubscribed(current: Subscription | null | undefined): boolean {
  return current != null && !isFree(current);
}

/** A future subscription means a scheduled downgrade. */
export function hasScheduledDowngrade(future: Subscription | null | undefined): boolean {
  return future != null;
}

/**
 * The subscriptions as they stand at `now`: a future subscription that has ended (a cancelled
 * scheduled downgrade) is none; once the current period has ended, a scheduled downgrade is the
 * current subscription (the next change made records it so).
 */
export function settleScheduledDowngrade<T extends Pick<Subscription, "endsAt" | "periodEndsAt">>(
  current: T | null,
  future: T | null,
  now: Date,
): { current: T | null; future: T | null } {
  const scheduled = future !== null && (future.endsAt === null || isAfter(future.endsAt, now)) ? future : null;
  const ended = current?.periodEndsAt != null && current.periodEndsAt.getTime() <= now.getTime();
  return scheduled !== null && ended ? { current: scheduled, future: null } : { current, future: scheduled };
}

/** Past due, with the trial end equal to the period start. */
export function isPastDueTrial(sub: Subscription): boolean {
  return (
    isPastDue(sub) && sub.trialEndsAt !== null && sub.periodStartsAt !== null && sub.trialEndsAt.getTime() === sub.periodStartsAt.getTime()
  );
}

/** Adds calendar months in UTC, clamping to the last day of the target month (Jan 31 + 1 = Feb 28/29). */
export function addMonthsClamped(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(targetYear, targetMonth, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

/** The last update plus one month or one year, by interval. */
export function renewalDate(sub: Subscription): Date {
  return addMonthsClamped(sub.updatedAt, sub.interval === "yearly" ? 12 : 1);
}

export type TrialReminder = "hard" | "soft";

/**
 * Trial reminders (spec §4), only while on trial with no payment method: hard when 1 day or less
 * remains, soft when more than 1 and up to 7 days remain.
 */
export function trialReminder(sub: Subscription, hasPaymentMethod: boolean, now: Date): TrialReminder | null {
  if (hasPaymentMethod || !onTrial(sub, now) || sub.trialEndsAt === null) return null;
  const remainingMs = sub.trialEndsAt.getTime() - now.getTime();
  if (remainingMs <= TRIAL_HARD_REMINDER_DAYS * DAY_MS) return "hard";
  if (remainingMs <= TRIAL_SOFT_REMINDER_DAYS * DAY_MS) return "soft";
  return null;
}

/** Spec 01 §9: the wait after a subscription change before the state is refreshed. */
export const SUBSCRIPTION_REFRESH_MS = 3000;
