import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLICK_FIELD_MAX,
  CLICK_MESSAGE_BUDGET,
  CLICKS_PER_MESSAGE,
  clickWeight,
  isClickBatchMessage,
  type ClickBatchMessage,
  type ClickEvent,
} from "../../domain/events";
import { clickEvent, headerChar, heaviestClick } from "./click-arbitraries";

function click(payload: Partial<ClickEvent["payload"]> = {}, id = "c1"): ClickEvent {
  return {
    id,
    payload: {
      linkId: "l1",
      at: 1_700_000_000_000,
      country: "US",
      referrer: null,
      userAgent: "ua",
      acceptLanguage: "en",
      ip: "203.0.113.7",
      ...payload,
    },
  };
}

function message(clicks: unknown[] = [click()], overrides: Record<string, unknown> = {}): unknown {
  return { type: "clicks", v: 1, id: "m1", payload: { clicks }, ...overrides };
}

describe("click constants", () => {
  it("packs up to 100 clicks per message within a 96,000-byte budget", () => {
    expect(CLICKS_PER_MESSAGE).toBe(100);
    expect(CLICK_MESSAGE_BUDGET).toBe(96_000);
  });

  it("bounds a clipped click's weight so that any single click fits a message, even with every character escaped", () => {
    // A control character is escaped as \u00XX: six bytes of JSON for one character of header.
    const worst = clickWeight(heaviestClick(0, "\u0001"));
    expect(worst).toBeGreaterThan(
      6 * (CLICK_FIELD_MAX.userAgent + CLICK_FIELD_MAX.referrer + CLICK_FIELD_MAX.acceptLanguage + CLICK_FIELD_MAX.ip),
    );
    expect(worst).toBeLessThan(CLICK_MESSAGE_BUDGET);
  });
});

describe("clickWeight", () => {
  const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

  it("is the click's size in bytes of UTF-8 JSON (plus a separator)", () => {
    const plain = click({ userAgent: "x".repeat(10), referrer: "y".repeat(20), acceptLanguage: "z".repeat(3), ip: "1.2.3.4" });
    expect(clickWeight(plain)).toBe(jsonBytes(plain) + 1);
  });

  it("counts escapes and multi-byte characters at their serialized size", () => {
    const quoted = click({ userAgent: '"'.repeat(100) });
    const accented = click({ userAgent: "é".repeat(100) });
    const ascii = click({ userAgent: "e".repeat(100) });
    expect(clickWeight(quoted) - clickWeight(ascii)).toBe(100);
    expect(clickWeight(accented) - clickWeight(ascii)).toBe(100);
  });

  it("equals the serialized size for any click", () => {
    // Counted field by field, not serialized: plain ASCII, quotes, backslashes, obs-text, control
    // characters, astral and lone surrogates, with and without a route.
    const anyChar = fc.oneof(headerChar, fc.constantFrom("\u0001", "\t", "\u007f", "€", "\ud83d\ude00", "\ud800", "\udc00"));
    const route = fc.option(fc.constantFrom("fallback", "fr", 'q"1', "é"), { nil: undefined });
    fc.assert(
      fc.property(clickEvent(anyChar), route, (c, r) => {
        const routed: ClickEvent = r === undefined ? c : { ...c, payload: { ...c.payload, route: r } };
        expect(clickWeight(routed)).toBe(jsonBytes(routed) + 1);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("isClickBatchMessage", () => {
  it("accepts a well-formed batch", () => {
    expect(isClickBatchMessage(message())).toBe(true);
  });

  it("accepts an empty batch", () => {
    expect(isClickBatchMessage(message([]))).toBe(true);
  });

  it("accepts clicks whose optional fields are null or missing", () => {
    const bare = { id: "c1", payload: { linkId: "l1", at: 0 } };
    const nulls = click({ country: null, referrer: null, userAgent: null, acceptLanguage: null, ip: null });
    expect(isClickBatchMessage(message([bare, nulls]))).toBe(true);
  });

  it.each([null, undefined, 0, "clicks", [], true])("refuses the non-object %j", (body) => {
    expect(isClickBatchMessage(body)).toBe(false);
  });

  it.each([
    ["another type", { type: "click" }],
    ["another version", { v: 2 }],
    ["a numeric id", { id: 1 }],
    ["a missing id", { id: undefined }],
    ["a null payload", { payload: null }],
    ["clicks that are not an array", { payload: { clicks: {} } }],
  ])("refuses an envelope with %s", (_label, overrides) => {
    expect(isClickBatchMessage(message([click()], overrides))).toBe(false);
  });

  it.each([
    ["a null click", null],
    ["a click without id", { payload: click().payload }],
    ["a click id over 64 characters", click({}, "x".repeat(65))],
    ["a numeric linkId", click({ linkId: 1 as unknown as string })],
    ["a string timestamp", click({ at: "1700000000000" as unknown as number })],
    ["a NaN timestamp", click({ at: Number.NaN })],
    ["an infinite timestamp", click({ at: Number.POSITIVE_INFINITY })],
    ["a numeric country", click({ country: 49 as unknown as string })],
    ["an object user agent", click({ userAgent: {} as unknown as string })],
    ["a missing payload", { id: "c1" }],
  ])("refuses a batch containing %s", (_label, bad) => {
    expect(isClickBatchMessage(message([click(), bad]))).toBe(false);
  });

  it("accepts a click id of exactly 64 characters", () => {
    expect(isClickBatchMessage(message([click({}, "x".repeat(64))]))).toBe(true);
  });

  it("never throws, for any value", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isClickBatchMessage(value)).toBe("boolean");
        expect(typeof isClickBatchMessage(message([value]))).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts every batch of well-formed clicks", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(), { maxLength: 20 }), fc.uuid(), (clicks, id) => {
        const body: ClickBatchMessage = { type: "clicks", v: 1, id, payload: { clicks } };
        expect(isClickBatchMessage(body)).toBe(true);
        expect(isClickBatchMessage(JSON.parse(JSON.stringify(body)))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
