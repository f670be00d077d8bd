/** The password dictionary (kiosk `password_dictionary`, decision 032): the shipped list and staff changes. */
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, dictionaryKey } from "../../domain/common-passwords";
import { isRefusedByDictionary } from "../../app/lib/password-dictionary.server";
import { PASSWORD_MIN_LENGTH } from "../../domain/account-rules";

describe("the shipped list", () => {
  it("holds a few hundred common passwords, in lower case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const word of COMMON_PASSWORDS) expect(word).toBe(dictionaryKey(word));
    for (const word of ["password", "123456", "qwerty", "iloveyou", "letmein", "p@ssw0rd"]) expect(COMMON_PASSWORDS.has(word)).toBe(true);
  });

  it("has enough words the length rule would let through", () => {
    expect([...COMMON_PASSWORDS].filter((word) => word.length >= PASSWORD_MIN_LENGTH).length).toBeGreaterThanOrEqual(250);
  });

  it("does not refuse the passwords the demo and test accounts use", () => {
    for (const word of ["demo-password", "staff-password", "correct-horse-battery"]) expect(isRefusedByDictionary(word, null)).toBe(false);
  });
});

describe("the check", () => {
  it("is case-insensitive and ignores surrounding spaces", () => {
    expect(isRefusedByDictionary("Password", null)).toBe(true);
    expect(isRefusedByDictionary("PASSWORD1", null)).toBe(true);
    expect(isRefusedByDictionary(" qwerty123 ", null)).toBe(true);
    expect(isRefusedByDictionary("a-Long-and-Rare-phrase", null)).toBe(false);
  });

  it("a staff addition is refused; a shipped word staff removed is allowed", () => {
    expect(isRefusedByDictionary("snip-is-great", "added")).toBe(true);
    expect(isRefusedByDictionary("password", "removed")).toBe(false);
  });
});
