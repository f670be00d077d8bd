import { describe, expect, it } from "vitest";
import { issueInvitationSchema, SAFETY_MESSAGES } from "../../app/forms/trust-safety";
import { ACCESS_MESSAGES, invitationProblem, newInvitationCode, normalizeInvitationCode } from "../../domain/access-invitations";
import { blockReason, hostRecordOf, isBannedHost, normalizeDomain } from "../../domain/trust-safety";

describe("normalizeDomain", () => {
  it("stores what staff type as a bare lower-case punycode host", () => {
    expect(normalizeDomain("Example.COM")).toBe("example.com");
    expect(normalizeDomain("https://www.Example.com/path?q=1")).toBe("www.example.com");
    expect(normalizeDomain("bücher.example.")).toBe("xn--bcher-kva.example");
  });
  it("refuses what is not a domain", () => {
    for (const bad of ["", "not a domain", "localhost", "javascript:alert(1)", "ftp://example.com", "user@example.com", "-bad.example"]) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });
});

describe("blockReason", () => {
  const link = { url: "https://www.evil.example/x", terminatedAt: null };
  it("holds a link to a banned domain or a subdomain of it, not a look-alike", () => {
    expect(blockReason(link, false, ["evil.example"])).toBe("domain");
    expect(blockReason({ ...link, url: "https://notevil.example/?to=evil.example" }, false, ["evil.example"])).toBeNull();
    expect(isBannedHost("evil.example", ["evil.example"])).toBe(true);
  });
  it("names the strongest reason: the link's own termination, then the account, then the domain", () => {
    expect(blockReason({ ...link, terminatedAt: new Date() }, true, ["evil.example"])).toBe("link");
    expect(blockReason(link, true, ["evil.example"])).toBe("account");
    expect(blockReason({ ...link, url: "https://fine.example/" }, false, ["evil.example"])).toBeNull();
  });
});

describe("hostRecordOf", () => {
  const domain = {
    status: "active",
    disabledAt: null,
    rootRedirect: "https://www.evil.example/",
    notFoundRedirect: "https://notevil.example/?to=evil.example",
  };
  it("holds a branded domain's root or 404 redirect to a banned domain or a subdomain of it, not a look-alike", () => {
    expect(hostRecordOf(domain, ["evil.example"])).toEqual({
      active: true,
      root: null,
      notFound: "https://notevil.example/?to=evil.example",
    });
    expect(hostRecordOf(domain, [])).toEqual({ active: true, root: domain.rootRedirect, notFound: domain.notFoundRedirect });
    expect(hostRecordOf({ ...domain, rootRedirect: null, notFoundRedirect: "https://EVIL.example./x" }, ["evil.example"])).toEqual({
      active: true,
      root: null,
      notFound: null,
    });
  });
  it("serves only a verified domain staff have not disabled", () => {
    expect(hostRecordOf({ ...domain, status: "lapsed" }, []).active).toBe(false);
    expect(hostRecordOf({ ...domain, disabledAt: new Date() }, []).active).toBe(false);
  });
});

describe("access invitation codes", () => {
  it("are 12 unambiguous characters in groups of four, read back in any case and spacing", () => {
    const code = newInvitationCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(normalizeInvitationCode(code.toLowerCase().replace(/-/g, " "))).toBe(code);
    expect(normalizeInvitationCode("OOOO-1111-IIII")).toBeNull();
    expect(normalizeInvitationCode("short")).toBeNull();
  });
  it("admit a sign-up only while open, unexpired, not used up and for that address", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const open = { email: null, maxUses: 2, uses: 1, expiresAt: null, revokedAt: null };
    expect(invitationProblem(open, "a@example.com", now)).toBeNull();
    expect(invitationProblem(null, "a@example.com", now)).toBe(ACCESS_MESSAGES.invalid);
    expect(invitationProblem({ ...open, revokedAt: now }, "a@example.com", now)).toBe(ACCESS_MESSAGES.invalid);
    expect(invitationProblem({ ...open, expiresAt: now }, "a@example.com", now)).toBe(ACCESS_MESSAGES.expired);
    expect(invitationProblem({ ...open, uses: 2 }, "a@example.com", now)).toBe(ACCESS_MESSAGES.usedUp);
    expect(invitationProblem({ ...open, email: "b@example.com" }, "A@example.com", now)).toBe(ACCESS_MESSAGES.otherEmail);
    expect(invitationProblem({ ...open, email: "a@example.com" }, " A@Example.com ", now)).toBeNull();
  });
});

describe("issueInvitationSchema", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const parse = (expires: string) => issueInvitationSchema(now).safeParse({ uses: "1", expires });
  it("takes a day in the future as the end of that day, UTC", () => {
    const parsed = parse("2027-02-28");
    expect(parsed.success && parsed.data.expires?.toISOString()).toBe("2027-02-28T23:59:59.999Z");
    expect(parse("2028-02-29").success).toBe(true);
  });
  it("refuses a day the month does not have (the parser rolled 2027-02-30 over to March 2nd), and a past day", () => {
    for (const bad of ["2027-02-30", "2027-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2026-11-26"]) {
      const parsed = parse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message, bad).toBe(SAFETY_MESSAGES.expiryInvalid);
    }
  });
});
