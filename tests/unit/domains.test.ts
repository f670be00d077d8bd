import { describe, expect, it } from "vitest";
import {
  creatableDomains,
  DOMAIN_LOCK_PATHS,
  domainLock,
  domainOptions,
  findDomain,
  initialDomain,
  parseShortDomains,
  type DomainChooser,
} from "../../domain/domains";

const HOST = "snip.example";
const CONFIGURED = parseShortDomains(
  JSON.stringify([
    { domain: "Guest.Example", allowForGuests: true, guestCanUseCustomAlias: true },
    { domain: "verified.example", requireEmailVerification: true },
    { domain: "pro.example", subscribedOnly: true },
    { domain: "both.example", requireEmailVerification: true, subscribedOnly: true },
    { domain: "blocked.example", allowForGuests: true, isBlocked: true },
    { domain: "disabled.example", isDisabled: true },
    { domain: "deleted.example", isDeleted: true },
  ]),
);
const DOMAINS = creatableDomains(HOST, CONFIGURED);
const GUEST: DomainChooser = { kind: "guest" };
const UNVERIFIED: DomainChooser = { kind: "user", emailVerified: false, subscribed: false };
const VERIFIED: DomainChooser = { kind: "user", emailVerified: true, subscribed: false };
const SUBSCRIBER: DomainChooser = { kind: "user", emailVerified: true, subscribed: true };

function domain(name: string) {
  const found = findDomain(DOMAINS, name);
  if (!found) throw new Error(`${name} is not offered`);
  return found;
}

describe("the domain table", () => {
  it("offers the default host and the configured domains, alphabetically, lower-cased", () => {
    expect(DOMAINS.map((d) => d.domain)).toEqual(["both.example", "guest.example", "pro.example", "snip.example", "verified.example"]);
  });

  it("never offers a disabled, deleted or blocked domain", () => {
    for (const name of ["blocked.example", "disabled.example", "deleted.example"]) expect(findDomain(DOMAINS, name)).toBeUndefined();
  });

  it("is the default host alone without configuration", () => {
    expect(creatableDomains("Localhost:8787").map((d) => d.domain)).toEqual(["localhost:8787"]);
    expect(parseShortDomains("  ")).toEqual([]);
  });

  it("refuses a malformed SHORT_DOMAINS", () => {
    expect(() => parseShortDomains("{")).toThrow();
    expect(() => parseShortDomains(JSON.stringify([{ domain: "bad host/" }]))).toThrow();
  });

  it("finds a posted domain whatever its case", () => {
    expect(findDomain(DOMAINS, " PRO.example ")?.domain).toBe("pro.example");
  });
});

describe("who may choose a domain (spec 02 §5)", () => {
  it("guests need allowForGuests", () => {
    expect(domainLock(domain(HOST), GUEST)).toBeNull();
    expect(domainLock(domain("guest.example"), GUEST)).toBeNull();
    expect(domainLock(domain("pro.example"), GUEST)).toBe("guest");
    expect(domainLock(domain("verified.example"), GUEST)).toBe("guest");
  });

  it("signed-in users need a verified email where the domain asks for one", () => {
    expect(domainLock(domain("verified.example"), UNVERIFIED)).toBe("verify");
    expect(domainLock(domain("verified.example"), VERIFIED)).toBeNull();
  });

  it("and a subscription for a subscribers-only domain", () => {
    expect(domainLock(domain("pro.example"), VERIFIED)).toBe("subscribe");
    expect(domainLock(domain("pro.example"), SUBSCRIBER)).toBeNull();
  });

  it("asks for the email first when a domain wants both", () => {
    expect(domainLock(domain("both.example"), UNVERIFIED)).toBe("verify");
    expect(domainLock(domain("both.example"), VERIFIED)).toBe("subscribe");
  });

  it("a locked domain sends the chooser to register, verify or subscribe", () => {
    expect(DOMAIN_LOCK_PATHS).toEqual({ guest: "/app/register", verify: "/app/email/verify", subscribe: "/app/settings/subscription" });
  });

  it("guests choose an alias only where the domain allows it", () => {
    const options = domainOptions(DOMAINS, GUEST);
    expect(options.find((o) => o.domain === "guest.example")?.customAlias).toBe(true);
    expect(options.find((o) => o.domain === HOST)?.customAlias).toBe(false);
    expect(domainOptions(DOMAINS, VERIFIED).every((o) => o.customAlias)).toBe(true);
  });

  it("the form starts on the default host, else on the first usable domain, else nowhere (domain not found)", () => {
    expect(initialDomain(DOMAINS, GUEST, HOST)?.domain).toBe(HOST);
    const withoutDefault = creatableDomains(HOST, parseShortDomains(JSON.stringify([{ domain: HOST, isDisabled: true }, ...CONFIGURED])));
    expect(initialDomain(withoutDefault, GUEST, HOST)?.domain).toBe("guest.example");
    const guestless = creatableDomains(HOST, parseShortDomains(JSON.stringify([{ domain: HOST, allowForGuests: false }])));
    expect(initialDomain(guestless, GUEST, HOST)).toBeNull();
    expect(initialDomain(guestless, VERIFIED, HOST)?.domain).toBe(HOST);
  });
});
