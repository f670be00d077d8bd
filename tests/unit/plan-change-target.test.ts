import { describe, expect, it } from "vitest";
import { planChangeTarget } from "../../app/lib/billing/subscribe.server";

describe("Change Plan address (…/subscription/update/{plan}/{interval})", () => {
  it("names a plan that is sold, at monthly or yearly exactly", () => {
    expect(planChangeTarget({ subscription: "pro", interval: "monthly" })).toMatchObject({ plan: { name: "pro" }, interval: "monthly" });
    expect(planChangeTarget({ subscription: "pro", interval: "yearly" })).toMatchObject({ plan: { name: "pro" }, interval: "yearly" });
  });

  it("refuses any other interval instead of reading it as monthly, and unknown or unsold plans", () => {
    for (const interval of ["garbage", "Monthly", "", undefined]) expect(planChangeTarget({ subscription: "pro", interval })).toBeNull();
    expect(planChangeTarget({ subscription: "nope", interval: "monthly" })).toBeNull();
    expect(planChangeTarget({ subscription: "free", interval: "monthly" })).toBeNull();
    expect(planChangeTarget({ interval: "monthly" })).toBeNull();
  });
});
