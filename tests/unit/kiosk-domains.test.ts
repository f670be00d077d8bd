/** How the kiosk names a branded domain's owner (decision 045; an organization's own domain, decision 044). */
import { describe, expect, it } from "vitest";
import { domainOwnerLabel, kioskDomainState } from "../../domain/kiosk-domains";

const none = { ownerEmail: null, organizationName: null, teamName: null };

describe("domainOwnerLabel", () => {
  it("names each kind of owner", () => {
    expect(domainOwnerLabel({ ...none, workspaceKind: "personal", ownerEmail: "a@b.example" })).toBe("User a@b.example");
    expect(domainOwnerLabel({ ...none, workspaceKind: "team", teamName: "Ops", organizationName: "Acme" })).toBe("Team Ops of Acme");
    expect(domainOwnerLabel({ ...none, workspaceKind: "member", ownerEmail: "a@b.example", organizationName: "Acme" })).toBe(
      "Own links of a@b.example in Acme",
    );
  });

  it("an organization's own domain, held by no workspace, names the organization", () => {
    expect(domainOwnerLabel({ ...none, workspaceKind: null, organizationName: "Acme" })).toBe("Organization Acme");
    expect(domainOwnerLabel({ ...none, workspaceKind: null })).toBe("No workspace");
  });
});

describe("kioskDomainState", () => {
  it("staff stopping a domain wins over its verification state", () => {
    expect(kioskDomainState("active", new Date())).toBe("disabled by staff (active)");
    expect(kioskDomainState("pending", null)).toBe("pending");
  });
});
