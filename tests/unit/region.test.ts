import { describe, expect, it } from "vitest";
import { AGREEMENT_COUNTRIES, agreementRequiredFor } from "../../domain/region";

describe("the agreement's region rule", () => {
  it("asks guests from the EU, the EEA, the UK and Switzerland", () => {
    for (const country of ["DE", "FR", "ie", "NO", "IS", "LI", "GB", "CH"]) expect(agreementRequiredFor(country, false)).toBe(true);
  });

  it("covers all 27 EU members", () => {
    const eu = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" ");
    expect(eu).toHaveLength(27);
    for (const country of eu) expect(AGREEMENT_COUNTRIES.has(country)).toBe(true);
  });

  it("asks when Cloudflare cannot tell the country, or the visitor comes through Tor", () => {
    expect(agreementRequiredFor("XX", false)).toBe(true);
    expect(agreementRequiredFor("T1", false)).toBe(true);
  });

  it("does not ask elsewhere, nor without a country (no Cloudflare in front)", () => {
    for (const country of ["US", "CA", "BR", "IN", "JP"]) expect(agreementRequiredFor(country, false)).toBe(false);
    expect(agreementRequiredFor(null, false)).toBe(false);
    expect(agreementRequiredFor("", false)).toBe(false);
  });

  it("does not ask again once the terms are accepted", () => {
    expect(agreementRequiredFor("DE", true)).toBe(false);
  });
});
