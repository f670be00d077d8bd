/**
 * An organization's subdomains, vanity subdomains and redirects (decision 044): the pure rules the
 * organization's pages share with the personal ones — which base a subdomain may be made on, which
 * redirect changes the plan in force allows — and the organization's flags on top of its plan
 * (`{ plan, userFeatures }`, as workspaceSubject builds it).
 */
import { describe, expect, it } from "vitest";
import { addDomainRefusal, BRANDED_MESSAGES, redirectRefusals, subdomainBaseRefusal } from "../../domain/branded-domains";

const none = { domain: 0, subdomain: 0, vanity: 0 };

describe("the base of a subdomain", () => {
  const bases = [
    { hostname: "brand.example", kind: "domain" as const, status: "active" },
    { hostname: "waiting.example", kind: "domain" as const, status: "pending" },
    { hostname: "go.brand.example", kind: "subdomain" as const, status: "active" },
    { hostname: "acme.snip.example", kind: "vanity" as const, status: "active" },
  ];

  it("is one of the owner's own verified domains", () => {
    expect(subdomainBaseRefusal(bases, "brand.example")).toBeNull();
  });

  it("is refused when it is not the owner's, not yet verified, or not a base domain", () => {
    expect(subdomainBaseRefusal(bases, "someone-else.example")).toEqual({ message: BRANDED_MESSAGES.notYourDomain });
    expect(subdomainBaseRefusal(bases, "waiting.example")).toEqual({ message: BRANDED_MESSAGES.baseNotVerified });
    expect(subdomainBaseRefusal(bases, "go.brand.example")).toEqual({ message: BRANDED_MESSAGES.notYourDomain });
    expect(subdomainBaseRefusal(bases, "acme.snip.example")).toEqual({ message: BRANDED_MESSAGES.notYourDomain });
    expect(subdomainBaseRefusal([], "brand.example")).toEqual({ message: BRANDED_MESSAGES.notYourDomain });
  });
});

describe("root and 404 redirects", () => {
  const saved = { root: null, notFound: "https://brand.example/missing" };

  it("a plan with domain_root_redirect and domain_404_redirect may change both", () => {
    expect(redirectRefusals({ plan: "enterprise" }, saved, { root: "https://brand.example/", notFound: null })).toEqual({});
  });

  it("a plan without them may change neither, but an unchanged value passes", () => {
    expect(redirectRefusals({ plan: "pro" }, saved, { root: "https://evil.example/", notFound: null })).toEqual({
      root: BRANDED_MESSAGES.redirectsNotAllowed,
      notFound: BRANDED_MESSAGES.redirectsNotAllowed,
    });
    expect(redirectRefusals({ plan: "pro" }, saved, saved)).toEqual({});
  });

  it("each flag opens its own field only", () => {
    const rootOnly = { plan: "pro" as const, userFeatures: ["domain_root_redirect" as const] };
    expect(redirectRefusals(rootOnly, saved, { root: "https://brand.example/", notFound: saved.notFound })).toEqual({});
    expect(redirectRefusals(rootOnly, saved, { root: null, notFound: "https://brand.example/other" })).toEqual({
      notFound: BRANDED_MESSAGES.redirectsNotAllowed,
    });
  });
});

describe("an organization's flags on top of its plan", () => {
  it("add_vanity_subdomains lets a pro organization add vanity subdomains, up to the plan's max_vanity_subdomains", () => {
    expect(addDomainRefusal({ plan: "pro" }, "vanity", none)).toBe(BRANDED_MESSAGES.vanityNotAllowed);
    const flagged = { plan: "pro" as const, userFeatures: ["add_vanity_subdomains" as const] };
    expect(addDomainRefusal(flagged, "vanity", none)).toBeNull();
    expect(addDomainRefusal(flagged, "vanity", { ...none, vanity: 1 })).toBe(BRANDED_MESSAGES.maxVanity(1));
  });

  it("a free organization may add no domain, subdomain or vanity subdomain", () => {
    expect(addDomainRefusal({ plan: "free" }, "domain", none)).toBe(BRANDED_MESSAGES.notAllowed);
    expect(addDomainRefusal({ plan: "free" }, "subdomain", none)).toBe(BRANDED_MESSAGES.notAllowed);
    expect(addDomainRefusal({ plan: "free" }, "vanity", none)).toBe(BRANDED_MESSAGES.vanityNotAllowed);
  });
});
