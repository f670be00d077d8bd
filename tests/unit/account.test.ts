import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, backupCodeSchema, emailSchema, passwordSchema, safeReturnPath, totpCodeSchema } from "../../domain/account";
import { pastDueAllows } from "../../domain/access";

describe("the password rule (spec 01 §5)", () => {
  it("refuses fewer than 6 characters with the spec's message", () => {
    const result = passwordSchema.safeParse("12345");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("the password must be at least 6 characters");
  });
  it("accepts 6 characters and refuses an empty one as required", () => {
    expect(passwordSchema.safeParse("123456").success).toBe(true);
    expect(passwordSchema.safeParse("").error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.passwordRequired);
  });
});

describe("emails", () => {
  it("are trimmed and lower-cased", () => {
    expect(emailSchema.parse("  Ann@Example.COM ")).toBe("ann@example.com");
  });
  it("refuse what is not an address", () => {
    expect(emailSchema.safeParse("ann@").error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });
});

describe("codes", () => {
  it("a TOTP code is six digits; spaces typed in are dropped", () => {
    expect(totpCodeSchema.parse("123 456")).toBe("123456");
    expect(totpCodeSchema.safeParse("12345").success).toBe(false);
    expect(totpCodeSchema.safeParse("abcdef").success).toBe(false);
  });
  it("a backup code is read with or without its dash", () => {
    expect(backupCodeSchema.parse("abcde12345")).toBe("abcde-12345");
    expect(backupCodeSchema.parse(" abcde-12345 ")).toBe("abcde-12345");
    expect(backupCodeSchema.safeParse("abc").success).toBe(false);
  });
});

describe("the after-login target", () => {
  it.each([
    ["/app/settings", "/app/settings"],
    ["/app/analytics/abc?period=7d#top", "/app/analytics/abc?period=7d#top"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s → %s", (to, expected) => {
    expect(safeReturnPath(to)).toBe(expected);
  });
});

describe("the past-due rule (spec 01 §2)", () => {
  it.each([
    "/app/pricing",
    "/app/pricing/old",
    "/app/cookies-policy",
    "/app/privacy-policy",
    "/app/terms",
    "/app/subscribe",
    "/app/api/state",
    "/paddle/payment",
  ])("allows %s", (path) => expect(pastDueAllows(path)).toBe(true));
  it.each(["/", "/dashboard", "/app/settings/profile", "/app/my-urls", "/app/termsx", "/app/kiosk", "/paddle/paymentx"])(
    "sends %s to the past-due page",
    (path) => expect(pastDueAllows(path)).toBe(false),
  );
});
