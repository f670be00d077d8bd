/** Blocked addresses (kiosk `ips`, decision 032): IPv4 and IPv6 CIDR parsing and matching. */
import { describe, expect, it } from "vitest";
import { cidrContains, findMatchingCidr, formatCidr, parseCidr, parseIpAddress } from "../../domain/cidr";
import { blockAddressSchema, KIOSK_MESSAGES } from "../../app/forms/kiosk";

const contains = (range: string, address: string) => {
  const parsed = parseCidr(range);
  const ip = parseIpAddress(address);
  if (!parsed || !ip) throw new Error(`bad test input ${range} ${address}`);
  return cidrContains(parsed, ip);
};

describe("parsing", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7/32"],
    ["198.51.100.0/24", "198.51.100.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:db8::/32", "2001:db8::/32"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1/128"],
    ["::1", "::1/128"],
    ["::", "::/128"],
    ["2001:db8:0:1:0:0:0:0/64", "2001:db8:0:1::/64"],
    ["fe80:0:0:0:1::/80", "fe80::1:0:0:0/80"],
    ["::ffff:192.0.2.1", "192.0.2.1/32"],
    ["::ffff:192.0.2.0/120", "192.0.2.0/24"],
    ["  10.0.0.0/8 ", "10.0.0.0/8"],
  ])("%s is the range %s", (input, canonical) => {
    const range = parseCidr(input);
    expect(range).not.toBeNull();
    expect(formatCidr(range!)).toBe(canonical);
  });

  it.each([
    "",
    "256.1.1.1",
    "1.2.3",
    "1.2.3.4.5",
    "01.2.3.4",
    "1.2.3.4/33",
    "1.2.3.4/",
    "1.2.3.4/-1",
    "10.0.0.1/8",
    "2001:db8::1/32",
    "2001:db8::/129",
    "1:2:3:4:5:6:7:8:9",
    "1::2::3",
    "12345::",
    "example.com",
    "1.2.3.4/24/1",
    "::ffff:999.0.0.1",
  ])("%j is not a range", (input) => {
    expect(parseCidr(input)).toBeNull();
  });
});

describe("matching", () => {
  it("an IPv4 range holds exactly its addresses", () => {
    expect(contains("198.51.100.0/24", "198.51.100.0")).toBe(true);
    expect(contains("198.51.100.0/24", "198.51.100.255")).toBe(true);
    expect(contains("198.51.100.0/24", "198.51.101.0")).toBe(false);
    expect(contains("198.51.100.0/24", "198.51.99.255")).toBe(false);
    expect(contains("203.0.113.7", "203.0.113.7")).toBe(true);
    expect(contains("203.0.113.7", "203.0.113.8")).toBe(false);
    expect(contains("0.0.0.0/0", "8.8.8.8")).toBe(true);
  });

  it("an IPv6 range holds exactly its addresses, however they are written", () => {
    expect(contains("2001:db8::/32", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff")).toBe(true);
    expect(contains("2001:db8::/32", "2001:0DB8::1")).toBe(true);
    expect(contains("2001:db8::/32", "2001:db9::")).toBe(false);
    expect(contains("2001:db8:0:1::/64", "2001:db8:0:1:abcd::1")).toBe(true);
    expect(contains("2001:db8:0:1::/64", "2001:db8:0:2::1")).toBe(false);
  });

  it("IPv4 and IPv6 never match each other, except an IPv4 address written as IPv6", () => {
    expect(contains("0.0.0.0/0", "::1")).toBe(false);
    expect(contains("::/0", "1.2.3.4")).toBe(false);
    expect(contains("192.0.2.0/24", "::ffff:192.0.2.55")).toBe(true);
  });

  it("findMatchingCidr names the first range that holds the address and ignores unparsable entries", () => {
    const ranges = ["not a range", "10.0.0.0/8", "2001:db8::/32", "10.1.0.0/16"];
    expect(findMatchingCidr(ranges, "10.1.2.3")).toBe("10.0.0.0/8");
    expect(findMatchingCidr(ranges, "2001:db8::5")).toBe("2001:db8::/32");
    expect(findMatchingCidr(ranges, "11.0.0.1")).toBeNull();
    expect(findMatchingCidr(ranges, "garbage")).toBeNull();
    expect(findMatchingCidr([], "10.0.0.1")).toBeNull();
  });
});

describe("the kiosk form", () => {
  it("stores the canonical range", () => {
    expect(blockAddressSchema.parse({ cidr: "2001:DB8:0::/32", reason: "spam" }).cidr).toBe("2001:db8::/32");
  });

  it("suggests the range meant when host bits are set, and explains bad input", () => {
    const hostBits = blockAddressSchema.safeParse({ cidr: "10.1.2.3/8", reason: "x" });
    expect(hostBits.success).toBe(false);
    expect(hostBits.error?.issues[0]?.message).toBe(KIOSK_MESSAGES.addressHostBits("10.0.0.0/8"));
    const bad = blockAddressSchema.safeParse({ cidr: "example.com", reason: "" });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([KIOSK_MESSAGES.addressInvalid, KIOSK_MESSAGES.reasonRequired]);
  });

  it("refuses a range so broad it blocks everyone (shorter than /8 in IPv4, /16 in IPv6), and takes the broadest allowed", () => {
    const tooBroad = "This range is too broad to block: use a prefix of /8 or longer for IPv4, /16 or longer for IPv6.";
    const messageOf = (cidr: string) => blockAddressSchema.safeParse({ cidr, reason: "abuse" }).error?.issues.map((issue) => issue.message);
    for (const cidr of ["0.0.0.0/0", "::/0", "128.0.0.0/1", "10.0.0.0/7", "2000::/3", "2001::/15", "::ffff:0.0.0.0/96"]) {
      expect(messageOf(cidr), cidr).toEqual([tooBroad]);
    }
    // Host bits set on a range that is too broad anyway: no suggestion of a range that would be refused too.
    expect(messageOf("1.2.3.4/0")).toEqual([tooBroad]);
    expect(blockAddressSchema.parse({ cidr: "10.0.0.0/8", reason: "abuse" }).cidr).toBe("10.0.0.0/8");
    expect(blockAddressSchema.parse({ cidr: "2001::/16", reason: "abuse" }).cidr).toBe("2001::/16");
  });
});
