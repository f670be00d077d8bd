import { describe, expect, it } from "vitest";
import {
  TRIAL_HARD_REMINDER_DAYS,
  TRIAL_SOFT_REMINDER_DAYS,
  hasScheduledDowngrade,
  isActive,
  isFree,
  isIncomplete,
  isPastDue,
  isPastDueTrial,
  isSubscribed,
  needsAction,
  onGracePeriod,
  onTrial,
  renewalDate,
  settleScheduledDowngrade,
  trialReminder,
  type Subscription,
} from "../../domain/subscription";
import { isScheduledDowngrade } from "../../domain/billing";

const NOW = new Date("2025-03-10T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function sub(overrides: Partial<Subscription> = {}): Subscription {
  return {
    name: "pro",
    interval: "monthly",
    amount: 2_900,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: new Date("2025-03-01T00:00:00.000Z"),
    periodEndsAt: new Date("2025-04-01T00:00:00.000Z"),
    createdAt: new Date("2025-01-01T00:00:00.000Z"),
    updatedAt: new Date("2025-03-01T00:00:00.000Z"),
    billingStatus: null,
    type: "default",
    ...overrides,
  };
}

describe("isActive and onGracePeriod", () => {
  it("is active with no end date, and not on grace period", () => {
    expect(isActive(sub(), NOW)).toBe(true);
    expect(onGracePeriod(sub(), NOW)).toBe(false);
  });

  it.each([
    ["one ms after now", 1, true],
    ["exactly now", 0, false],
    ["one ms before now", -1, false],
  ])("with an end date %s: active and on grace period = %s", (_label, offset, expected) => {
    const s = sub({ endsAt: at(offset) });
    expect(isActive(s, NOW)).toBe(expected);
    expect(onGracePeriod(s, NOW)).toBe(expected);
  });
});

describe("onTrial", () => {
  it.each([
    ["one ms after now", 1, true],
    ["exactly now", 0, false],
    ["one ms before now", -1, false],
  ])("with a trial ending %s is on trial = %s", (_label, offset, expected) => {
    expect(onTrial(sub({ trialEndsAt: at(offset) }), NOW)).toBe(expected);
  });

  it("is not on trial without a trial end", () => {
    expect(onTrial(sub(), NOW)).toBe(false);
  });
});

describe("billing status", () => {
  it.each([
    [null, false, false],
    ["past_due", true, false],
    ["incomplete", false, true],
  ] as const)("billing status %s: past due %s, incomplete %s", (status, pastDue, incomplete) => {
    const s = sub({ billingStatus: status });
    expect(isPastDue(s)).toBe(pastDue);
    expect(isIncomplete(s)).toBe(incomplete);
  });

  it.each([
    ["active and past due", { billingStatus: "past_due", endsAt: null }, true],
    ["active and incomplete", { billingStatus: "incomplete", endsAt: null }, true],
    ["active and in good standing", { billingStatus: null, endsAt: null }, false],
    ["past due but ended exactly now", { billingStatus: "past_due", endsAt: NOW }, false],
    ["past due and ending in one ms", { billingStatus: "past_due", endsAt: at(1) }, true],
  ] as const)("needs action when %s = %s", (_label, overrides, expected) => {
    expect(needsAction(sub(overrides), NOW)).toBe(expected);
  });
});

describe("free, subscribed and scheduled downgrade", () => {
  it("is free only when named free", () => {
    expect(isFree(sub({ name: "free" }))).toBe(true);
    expect(isFree(sub({ name: "basic" }))).toBe(false);
  });

  it("counts as subscribed only with a current, non-free subscription", () => {
    expect(isSubscribed(sub())).toBe(true);
    expect(isSubscribed(sub({ name: "free" }))).toBe(false);
    expect(isSubscribed(null)).toBe(false);
    expect(isSubscribed(undefined)).toBe(false);
  });

  it("has a scheduled downgrade exactly when a future subscription exists", () => {
    expect(hasScheduledDowngrade(sub({ name: "basic" }))).toBe(true);
    expect(hasScheduledDowngrade(null)).toBe(false);
    expect(hasScheduledDowngrade(undefined)).toBe(false);
  });
});

describe("isPastDueTrial", () => {
  const start = new Date("2025-03-01T00:00:00.000Z");

  it("is a past-due trial when past due and the trial ended at the period start", () => {
    expect(isPastDueTrial(sub({ billingStatus: "past_due", trialEndsAt: start, periodStartsAt: start }))).toBe(true);
  });

  it("is not when the trial end differs from the period start by one ms", () => {
    const s = sub({ billingStatus: "past_due", trialEndsAt: new Date(start.getTime() + 1), periodStartsAt: start });
    expect(isPastDueTrial(s)).toBe(false);
  });

  it("is not when the dates match but billing is only incomplete", () => {
    expect(isPastDueTrial(sub({ billingStatus: "incomplete", trialEndsAt: start, periodStartsAt: start }))).toBe(false);
  });

  it("is not without a trial end", () => {
    expect(isPastDueTrial(sub({ billingStatus: "past_due", trialEndsAt: null, periodStartsAt: start }))).toBe(false);
  });
});

describe("renewalDate", () => {
  it.each([
    ["monthly", "2025-03-15T10:20:30.400Z", "2025-04-15T10:20:30.400Z"],
    ["monthly", "2025-01-31T00:00:00.000Z", "2025-02-28T00:00:00.000Z"],
    ["monthly", "2024-01-31T00:00:00.000Z", "2024-02-29T00:00:00.000Z"],
    ["monthly", "2025-03-31T23:59:59.999Z", "2025-04-30T23:59:59.999Z"],
    ["monthly", "2025-12-31T08:00:00.000Z", "2026-01-31T08:00:00.000Z"],
    ["monthly", "2025-02-28T00:00:00.000Z", "2025-03-28T00:00:00.000Z"],
    ["yearly", "2025-03-15T00:00:00.000Z", "2026-03-15T00:00:00.000Z"],
    ["yearly", "2024-02-29T00:00:00.000Z", "2025-02-28T00:00:00.000Z"],
    ["yearly", "2023-02-28T00:00:00.000Z", "2024-02-28T00:00:00.000Z"],
  ] as const)("a %s subscription updated %s renews %s", (interval, updated, expected) => {
    expect(renewalDate(sub({ interval, updatedAt: new Date(updated) })).toISOString()).toBe(expected);
  });
});

describe("trialReminder", () => {
  it("uses the spec's 1 and 7 day thresholds", () => {
    expect(TRIAL_HARD_REMINDER_DAYS).toBe(1);
    expect(TRIAL_SOFT_REMINDER_DAYS).toBe(7);
  });

  it.each([
    ["one ms left", 1, "hard"],
    ["exactly 1 day left", DAY, "hard"],
    ["1 day + 1 ms left", DAY + 1, "soft"],
    ["exactly 7 days left", 7 * DAY, "soft"],
    ["7 days + 1 ms left", 7 * DAY + 1, null],
    ["the trial ending exactly now", 0, null],
    ["the trial ended 1 ms ago", -1, null],
  ] as const)("without a payment method, with %s, shows %s", (_label, offset, expected) => {
    expect(trialReminder(sub({ trialEndsAt: at(offset) }), false, NOW)).toBe(expected);
  });

  it.each([1, DAY, DAY + 1, 7 * DAY])("shows nothing with a payment method (%d ms left)", (offset) => {
    expect(trialReminder(sub({ trialEndsAt: at(offset) }), true, NOW)).toBeNull();
  });

  it("shows nothing when not on trial", () => {
    expect(trialReminder(sub(), false, NOW)).toBeNull();
  });
});

describe("scheduled downgrades", () => {
  it("a cheaper plan, or yearly to monthly where the plan forbids it, waits for the period's end", () => {
    expect(isScheduledDowngrade({ name: "pro", interval: "yearly" }, { name: "basic", interval: "monthly" })).toBe(true);
    expect(isScheduledDowngrade({ name: "pro", interval: "monthly" }, { name: "basic", interval: "yearly" })).toBe(true);
    expect(isScheduledDowngrade({ name: "basic", interval: "monthly" }, { name: "pro", interval: "yearly" })).toBe(false);
    expect(isScheduledDowngrade({ name: "pro", interval: "yearly" }, { name: "pro", interval: "monthly" })).toBe(false);
    expect(isScheduledDowngrade({ name: "enterprise", interval: "yearly" }, { name: "enterprise", interval: "monthly" })).toBe(true);
  });

  it("the future subscription becomes the current one once the current period has ended", () => {
    const current = sub({ name: "pro", periodEndsAt: new Date(NOW.getTime() + 1000) });
    const future = sub({ name: "basic", periodStartsAt: current.periodEndsAt });
    expect(settleScheduledDowngrade(current, future, NOW)).toEqual({ current, future });
    expect(settleScheduledDowngrade(current, future, new Date(NOW.getTime() + 1000))).toEqual({ current: future, future: null });
    expect(settleScheduledDowngrade(current, null, new Date(NOW.getTime() + 5000))).toEqual({ current, future: null });
    // A cancelled scheduled downgrade is kept ended at its cancellation: it is none.
    const cancelled = sub({ name: "basic", endsAt: NOW });
    expect(settleScheduledDowngrade(current, cancelled, NOW)).toEqual({ current, future: null });
    expect(settleScheduledDowngrade(current, cancelled, new Date(NOW.getTime() + 1000))).toEqual({ current, future: null });
  });
});
