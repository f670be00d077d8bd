/**
 * Branded domains (docs/decisions/035): the plan's flags and bounds for adding domains,
 * subdomains and vanity subdomains, the names that may be added, and the Cloudflare client
 * (the official SDK) against the local stub of the custom hostnames API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customHostnamesClient, stateOf } from "../../app/lib/custom-hostnames.server";
import {
  addDomainRefusal,
  BRANDED_MESSAGES,
  brandedAliasRefusal,
  isReservedVanityName,
  isStaleClaim,
  mayRedirect,
  mayUseBrandedDomains,
  normalizeHostname,
  UNVERIFIED_CLAIM_DAYS,
} from "../../domain/branded-domains";
import { startCloudflareStub, STUB_CF_TOKEN, STUB_CF_ZONE, type CloudflareStub } from "../stubs/cloudflare-server";

const none = { domain: 0, subdomain: 0, vanity: 0 };

describe("plan bounds for branded domains", () => {
  it("free and basic users may not add domains; pro may, enterprise may add vanity subdomains too", () => {
    expect(addDomainRefusal({ plan: "free" }, "domain", none)).toBe(BRANDED_MESSAGES.notAllowed);
    expect(addDomainRefusal({ plan: "basic" }, "domain", none)).toBe(BRANDED_MESSAGES.notAllowed);
    expect(addDomainRefusal({ plan: "pro" }, "domain", none)).toBeNull();
    expect(addDomainRefusal({ plan: "pro" }, "vanity", none)).toBe(BRANDED_MESSAGES.vanityNotAllowed);
    expect(addDomainRefusal({ plan: "enterprise" }, "vanity", none)).toBeNull();
    // A user's own flag grants what the plan does not.
    expect(addDomainRefusal({ plan: "basic", userFeatures: ["add_branded_domains"] }, "domain", none)).toBeNull();
  });

  it("max_domains, max_subdomains, max_domains_subdomains and max_vanity_subdomains each stop the next one", () => {
    expect(addDomainRefusal({ plan: "pro" }, "domain", { ...none, domain: 4 })).toBeNull();
    expect(addDomainRefusal({ plan: "pro" }, "domain", { ...none, domain: 5 })).toBe(BRANDED_MESSAGES.maxDomains(5));
    expect(addDomainRefusal({ plan: "pro" }, "subdomain", { ...none, domain: 1, subdomain: 5 })).toBe(BRANDED_MESSAGES.maxSubdomains(5));
    // 3 + 2 = 5 domains and subdomains in all: neither kind may grow, though each is under its own bound.
    expect(addDomainRefusal({ plan: "pro" }, "domain", { ...none, domain: 3, subdomain: 2 })).toBe(
      BRANDED_MESSAGES.maxDomainsSubdomains(5),
    );
    expect(addDomainRefusal({ plan: "pro" }, "subdomain", { ...none, domain: 3, subdomain: 2 })).toBe(
      BRANDED_MESSAGES.maxDomainsSubdomains(5),
    );
    expect(addDomainRefusal({ plan: "enterprise" }, "vanity", { ...none, vanity: 25 })).toBe(BRANDED_MESSAGES.maxVanity(25));
    // Vanity subdomains do not count against domains.
    expect(addDomainRefusal({ plan: "pro" }, "domain", { ...none, vanity: 40 })).toBeNull();
  });

  it("root and 404 redirects, the sidebar entry and links a month on branded hosts follow the plan", () => {
    expect(mayRedirect({ plan: "pro" }, "root")).toBe(false);
    expect(mayRedirect({ plan: "enterprise" }, "root")).toBe(true);
    expect(mayRedirect({ plan: "enterprise" }, "404")).toBe(true);
    expect(mayUseBrandedDomains({ plan: "free" })).toBe(false);
    expect(mayUseBrandedDomains({ plan: "pro" })).toBe(true);
    expect(brandedAliasRefusal({ plan: "pro" }, 4_999)).toBeNull();
    expect(brandedAliasRefusal({ plan: "pro" }, 5_000)).toBe(BRANDED_MESSAGES.maxBrandedAliases(5_000));
    expect(brandedAliasRefusal({ plan: "enterprise" }, 10_000_000)).toBeNull();
  });
});

describe("names", () => {
  it("accepts host names and refuses what is not one", () => {
    expect(normalizeHostname(" Links.Example.COM. ")).toBe("links.example.com");
    expect(normalizeHostname("xn--bcher-kva.example")).toBe("xn--bcher-kva.example");
    for (const bad of ["example", "http://example.com", "exa mple.com", "-a.example.com", "1.2.3.4", "example.com:8080", "a..com", ""]) {
      expect(normalizeHostname(bad), bad).toBeNull();
    }
  });

  it("reserves the app's words and service names for vanity subdomains", () => {
    for (const name of ["www", "app", "api", "admin", "mail", "kiosk"]) expect(isReservedVanityName(name), name).toBe(true);
    expect(isReservedVanityName("acme")).toBe(false);
  });
});

describe("the custom hostnames client against the stub", () => {
  let stub: CloudflareStub;
  beforeAll(async () => {
    stub = await startCloudflareStub();
  });
  afterAll(() => stub.close());
  const env = () => ({ CF_API_TOKEN: STUB_CF_TOKEN, CF_ZONE_ID: STUB_CF_ZONE, CF_API_BASE_URL: stub.apiBase });

  it("fails closed without a token or a zone", () => {
    expect(customHostnamesClient({ ...env(), CF_API_TOKEN: undefined })).toBeNull();
    expect(customHostnamesClient({ ...env(), CF_ZONE_ID: undefined })).toBeNull();
  });

  it("creates a hostname, follows its DNS through pending, active, removed, and deletes it", async () => {
    const client = customHostnamesClient(env())!;
    const created = await client.create("links.brand.example");
    expect(created.ownership_verification?.name).toBe("_cf-custom-hostname.links.brand.example");
    expect(stateOf(created)).toBe("pending");
    await expect(client.create("links.brand.example")).rejects.toThrow(/Duplicate custom hostname/);
    stub.setDns("links.brand.example", "active");
    expect(stateOf(await client.get(created.id))).toBe("active");
    stub.setDns("links.brand.example", "removed");
    expect(stateOf(await client.get(created.id))).toBe("removed");
    stub.setDns("links.brand.example", "failed");
    expect(stateOf(await client.get(created.id))).toBe("failed");
    await client.delete(created.id);
    expect(await client.get(created.id)).toBeNull();
    expect(stateOf(null)).toBe("removed");
  });

  it("a wrong token is refused by the API, and the client says so", async () => {
    const client = customHostnamesClient({ ...env(), CF_API_TOKEN: "wrong" })!;
    await expect(client.create("other.brand.example")).rejects.toThrow(/Authentication error/);
  });
});

describe("isStaleClaim (decision 061)", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const claim = { kind: "domain" as const, status: "pending", verifiedAt: null, createdAt: daysAgo(UNVERIFIED_CLAIM_DAYS) };

  it("a domain or subdomain pending or failed for 7 days, never verified, gives way", () => {
    expect(isStaleClaim(claim, now)).toBe(true);
    expect(isStaleClaim({ ...claim, status: "failed" }, now)).toBe(true);
    expect(isStaleClaim({ ...claim, kind: "subdomain" }, now)).toBe(true);
  });

  it("holds for less than 7 days", () => {
    expect(isStaleClaim({ ...claim, createdAt: new Date(daysAgo(UNVERIFIED_CLAIM_DAYS).getTime() + 1000) }, now)).toBe(false);
  });

  it("never gives way once verified (even lapsed), nor for a vanity subdomain", () => {
    expect(isStaleClaim({ ...claim, status: "active", verifiedAt: daysAgo(30) }, now)).toBe(false);
    expect(isStaleClaim({ ...claim, status: "lapsed", verifiedAt: daysAgo(30) }, now)).toBe(false);
    expect(isStaleClaim({ ...claim, status: "pending", verifiedAt: daysAgo(30) }, now)).toBe(false);
    expect(isStaleClaim({ ...claim, kind: "vanity" }, now)).toBe(false);
  });
});
