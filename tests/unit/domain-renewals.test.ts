/** Who pays for a bought domain's renewal, when it is due, and the line its owner sees (docs/decisions/050). */
import { describe, expect, it } from "vitest";
import { expiryLine, isDue, renewalNotPaidReason, renewalPaidFor, RENEWAL_MESSAGES } from "../../domain/domain-renewals";
import type { Subscription } from "../../domain/subscription";

const DAY = 86_400_000;
const now = new Date("2026-11-26T12:00:00Z");
const expiresAt = new Date("2027-01-10T00:00:00Z");

function sub(fields: Partial<Subscription> = {}): Subscription {
  return {
    name: "domain-renewal-service",
    interval: "yearly",
    amount: 1000,
    currency: "USD",
    quantity: 1,
    endsAt: null,
    trialEndsAt: null,
    periodStartsAt: now,
    periodEndsAt: new Date(now.getTime() + 365 * DAY),
    createdAt: now,
    updatedAt: now,
    billingStatus: null,
    type: "default",
    ...fields,
  };
}

describe("renewalPaidFor", () => {
  it("a paid plan in good standing pays: the renewal service, or any other paid plan", () => {
    expect(renewalPaidFor(sub(), expiresAt, now)).toBe(true);
    expect(renewalPaidFor(sub({ name: "basic", interval: "monthly" }), expiresAt, now)).toBe(true);
  });

  it("no plan, the free plan, a trial, a past-due or incomplete plan, or one ending before the domain does not", () => {
    expect(renewalPaidFor(null, expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ name: "free" }), expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ trialEndsAt: new Date(now.getTime() + DAY) }), expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ billingStatus: "past_due" }), expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ billingStatus: "incomplete" }), expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ endsAt: new Date(now.getTime() + DAY) }), expiresAt, now)).toBe(false);
    expect(renewalPaidFor(sub({ endsAt: new Date(expiresAt.getTime() + DAY) }), expiresAt, now)).toBe(true);
  });

  it("says why it does not pay", () => {
    expect(renewalNotPaidReason(null, expiresAt, now)).toBe(RENEWAL_MESSAGES.noPlan);
    expect(renewalNotPaidReason(sub({ trialEndsAt: new Date(now.getTime() + DAY) }), expiresAt, now)).toBe(RENEWAL_MESSAGES.trial);
    expect(renewalNotPaidReason(sub({ billingStatus: "past_due" }), expiresAt, now)).toBe(RENEWAL_MESSAGES.pastDue);
    expect(renewalNotPaidReason(sub({ endsAt: new Date(now.getTime() + DAY) }), expiresAt, now)).toBe(RENEWAL_MESSAGES.ending);
    expect(renewalNotPaidReason(sub(), expiresAt, now)).toBeNull();
  });
});

describe("isDue and the expiry line", () => {
  it("is due within 30 days of the expiry (or past it), with auto-renew on", () => {
    expect(isDue({ autoRenew: true, expiresAt }, new Date(expiresAt.getTime() - 31 * DAY))).toBe(false);
    expect(isDue({ autoRenew: true, expiresAt }, new Date(expiresAt.getTime() - 30 * DAY))).toBe(true);
    expect(isDue({ autoRenew: true, expiresAt }, new Date(expiresAt.getTime() + DAY))).toBe(true);
    expect(isDue({ autoRenew: false, expiresAt }, new Date(expiresAt.getTime() - DAY))).toBe(false);
  });

  it("renews only with auto-renew on and the renewal paid for; otherwise it expires", () => {
    expect(expiryLine({ autoRenew: true, expiresAt }, true, now)).toBe("Renews on January 10, 2027");
    expect(expiryLine({ autoRenew: true, expiresAt }, false, now)).toBe("Expires on January 10, 2027");
    expect(expiryLine({ autoRenew: false, expiresAt }, true, now)).toBe("Expires on January 10, 2027");
    expect(expiryLine({ autoRenew: true, expiresAt }, true, new Date(expiresAt.getTime() + DAY))).toBe("Expired on January 10, 2027");
  });
});
