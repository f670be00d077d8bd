import { describe, expect, it } from "vitest";
import { checkExpiryBounds, EDIT_MESSAGES, readExpiry } from "../../app/forms/link-edit";

describe("link editor expiry", () => {
  const now = new Date("2026-11-22T10:00:00Z");

  it("prefers the browser's UTC instant, else reads the datetime-local value as UTC", () => {
    expect(readExpiry({ expiresAt: "2026-11-23T08:30:00.000Z", expiresLocal: "2026-11-23T09:30" })).toEqual(
      new Date("2026-11-23T08:30:00Z"),
    );
    expect(readExpiry({ expiresLocal: "2026-11-23T09:30" })).toEqual(new Date("2026-11-23T09:30:00Z"));
    expect(readExpiry({})).toBeNull();
    expect(readExpiry({ expiresLocal: "not a date" })).toBe("invalid");
  });

  it("refuses a day the month does not have, or an hour that does not exist, instead of rolling it over", () => {
    expect(readExpiry({ expiresLocal: "2027-02-30T10:00" })).toBe("invalid");
    expect(readExpiry({ expiresLocal: "2027-04-31T10:00" })).toBe("invalid");
    expect(readExpiry({ expiresAt: "2027-02-29T10:00:00.000Z" })).toBe("invalid");
    expect(readExpiry({ expiresAt: "2027-06-10T24:00:00Z" })).toBe("invalid");
    expect(readExpiry({ expiresLocal: "2028-02-29T10:00" })).toEqual(new Date("2028-02-29T10:00:00Z"));
    expect(readExpiry({ expiresAt: "2027-06-10T10:00:00+02:00" })).toEqual(new Date("2027-06-10T08:00:00Z"));
    // Only the two forms the editor sends: not whatever Date happens to parse.
    expect(readExpiry({ expiresAt: "June 10, 2027" })).toBe("invalid");
    expect(readExpiry({ expiresLocal: "2027" })).toBe("invalid");
  });

  it("allows from 5 minutes to 5 years ahead", () => {
    expect(checkExpiryBounds(new Date("2026-11-22T10:04:00Z"), now)).toBe(EDIT_MESSAGES.expiryTooSoon);
    expect(checkExpiryBounds(new Date("2026-11-22T10:05:00Z"), now)).toBeNull();
    expect(checkExpiryBounds(new Date("2031-11-22T10:00:00Z"), now)).toBeNull();
    expect(checkExpiryBounds(new Date("2031-11-22T10:01:00Z"), now)).toBe(EDIT_MESSAGES.expiryTooLate);
  });
});
