import { describe, expect, it } from "vitest";
import { SUBSCRIBE_FIELD_MESSAGES, subscribeSchema } from "../../app/lib/billing/calls.server";

const base = { billing_type: 1, subscription: "pro", interval: "yearly", currency: "usd", type: "default" };

/** The errors as the call answers them: the first message of each field. */
function errorsOf(body: Record<string, unknown>) {
  const issues = subscribeSchema.safeParse(body).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("POST settings/subscription/new (spec 01 §7, §8 422)", () => {
  it("takes a trial as a boolean or its form spellings, and a coupon as a string", () => {
    expect(subscribeSchema.parse({ ...base, trial: "on", coupon: " SAVE10 " })).toMatchObject({ trial: true, coupon: "SAVE10" });
    expect(subscribeSchema.parse({ ...base, trial: false }).trial).toBe(false);
  });

  it("a trial or a coupon of the wrong kind is refused in the call's own words, not zod's", () => {
    expect(errorsOf({ ...base, trial: "maybe" })).toEqual({ trial: SUBSCRIBE_FIELD_MESSAGES.trial });
    expect(errorsOf({ ...base, trial: 2 })).toEqual({ trial: SUBSCRIBE_FIELD_MESSAGES.trial });
    expect(errorsOf({ ...base, coupon: 123 })).toEqual({ coupon: SUBSCRIBE_FIELD_MESSAGES.coupon });
    expect(errorsOf({ ...base, coupon: ["A"] })).toEqual({ coupon: SUBSCRIBE_FIELD_MESSAGES.coupon });
  });
});
