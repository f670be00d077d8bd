/** The rules of decision 053: when the cart is refused, and when a bought domain may move to an organization. */
import { describe, expect, it } from "vitest";
import { cartRefusal, moveRefusal, type MoveFacts } from "../../domain/domain-moves";

describe("cartRefusal (spec 01 §5: refused unless the domains data is the base one)", () => {
  it("refuses in team mode, whatever the plan", () => {
    expect(cartRefusal({ teamMode: true, mayPurchase: true })).toBe("team");
    expect(cartRefusal({ teamMode: true, mayPurchase: false })).toBe("team");
  });
  it("refuses a plan that may not buy domains on the account", () => {
    expect(cartRefusal({ teamMode: false, mayPurchase: false })).toBe("plan");
  });
  it("allows the account with a plan that buys domains", () => {
    expect(cartRefusal({ teamMode: false, mayPurchase: true })).toBeNull();
  });
});

describe("moveRefusal", () => {
  const ok: MoveFacts = {
    domainWorkspaceId: "u1",
    personalWorkspaceId: "u1",
    boughtByMover: true,
    holdsPermission: true,
    organizationArchived: false,
  };
  it("lets the buyer move their own bought personal domain where they hold the permission", () => {
    expect(moveRefusal(ok)).toBeNull();
  });
  it("is forbidden without the permission in the organization, or into an archived one", () => {
    expect(moveRefusal({ ...ok, holdsPermission: false })).toBe("forbidden");
    expect(moveRefusal({ ...ok, organizationArchived: true })).toBe("forbidden");
  });
  it("is not found for someone else's domain, an organization's domain, or one added by hand", () => {
    expect(moveRefusal({ ...ok, domainWorkspaceId: "u2" })).toBe("not-found");
    expect(moveRefusal({ ...ok, domainWorkspaceId: null })).toBe("not-found");
    expect(moveRefusal({ ...ok, boughtByMover: false })).toBe("not-found");
  });
});
