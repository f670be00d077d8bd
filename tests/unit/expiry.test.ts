import { describe, expect, it } from "vitest";
import { addIsoDuration, checkExpiry, EXPIRY_MESSAGES, formatExpiry, parseExpiryInput } from "../../domain/expiry";

const NOW = new Date("2026-01-31T12:00:00.000Z");

describe("link expiry", () => {
  it("adds the plan's ISO durations", () => {
    expect(addIsoDuration(NOW, "P30D")?.toISOString()).toBe("2026-03-02T12:00:00.000Z");
    expect(addIsoDuration(NOW, "P1Y")?.toISOString()).toBe("2027-01-31T12:00:00.000Z");
    expect(addIsoDuration(NOW, "P90D")?.toISOString()).toBe("2026-05-01T12:00:00.000Z");
    expect(addIsoDuration(NOW, "PT5M")?.toISOString()).toBe("2026-01-31T12:05:00.000Z");
    expect(addIsoDuration(NOW, "Pnonsense")).toBeNull();
  });

  it("accepts five minutes to five years ahead", () => {
    expect(checkExpiry(new Date(NOW.getTime() + 4 * 60_000), NOW)).toBe(EXPIRY_MESSAGES.tooSoon);
    expect(checkExpiry(new Date(NOW.getTime() + 5 * 60_000), NOW)).toBeNull();
    expect(checkExpiry(new Date("2031-01-31T12:00:00.000Z"), NOW)).toBeNull();
    expect(checkExpiry(new Date("2031-01-31T12:00:01.000Z"), NOW)).toBe(EXPIRY_MESSAGES.tooLate);
    expect(checkExpiry(new Date(Number.NaN), NOW)).toBe(EXPIRY_MESSAGES.invalid);
  });

  it("reads a datetime-local value as UTC and an ISO instant as itself", () => {
    expect(parseExpiryInput("2026-02-01T08:30").toISOString()).toBe("2026-02-01T08:30:00.000Z");
    expect(parseExpiryInput("2026-02-01T08:30:00.000Z").toISOString()).toBe("2026-02-01T08:30:00.000Z");
    expect(Number.isNaN(parseExpiryInput("tomorrow").getTime())).toBe(true);
  });

  it("refuses a day the month does not have, rather than rolling it over", () => {
    for (const value of ["2027-02-30T10:00", "2027-02-29T10:00", "2027-04-31T10:00:00.000Z", "2027-13-01T10:00", "2027-01-01T24:30"])
      expect(Number.isNaN(parseExpiryInput(value).getTime()), value).toBe(true);
    expect(parseExpiryInput("2028-02-29T10:00").toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(parseExpiryInput("2027-01-31T23:59:59Z").toISOString()).toBe("2027-01-31T23:59:59.000Z");
  });

  it("is shown as MMM DD, YYYY hh:mm A", () => {
    expect(formatExpiry(new Date("2026-02-01T08:05:00Z"))).toBe("Feb 01, 2026 08:05 AM");
    expect(formatExpiry(new Date("2026-12-31T00:30:00Z"))).toBe("Dec 31, 2026 12:30 AM");
    expect(formatExpiry(new Date("2026-07-04T15:45:00Z"))).toBe("Jul 04, 2026 03:45 PM");
  });
});
