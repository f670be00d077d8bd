/** Shared fast-check generators of clicks as the redirect worker builds them (fields clipped to CLICK_FIELD_MAX). */
import fc from "fast-check";
import { CLICK_FIELD_MAX, type ClickEvent } from "../../domain/events";

/** A field of up to `max` characters, often empty or at the maximum, made of `chars`. */
export function clippedField(max: number, chars: fc.Arbitrary<string>): fc.Arbitrary<string | null> {
  const length = fc.oneof(fc.integer({ min: 0, max }), fc.integer({ min: Math.max(0, max - 8), max }), fc.constant(max));
  return fc.option(
    fc.tuple(length, chars).map(([n, c]) => c.repeat(n)),
    { nil: null, freq: 4 },
  );
}

/** Characters a request header value may carry: printable ASCII (incl. quote and backslash) and obs-text. */
export const headerChar = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom("a", "Z", "0", " ", "/", ";") },
  { weight: 2, arbitrary: fc.constantFrom('"', "\\", "é", "ÿ") },
);

export function clickEvent(chars: fc.Arbitrary<string> = fc.constant("a")): fc.Arbitrary<ClickEvent> {
  return fc.record({
    id: fc.uuid(),
    payload: fc.record({
      linkId: fc.uuid(),
      at: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
      country: fc.option(fc.constantFrom("US", "DE", "T1", "XX"), { nil: null }),
      referrer: clippedField(CLICK_FIELD_MAX.referrer, chars),
      userAgent: clippedField(CLICK_FIELD_MAX.userAgent, chars),
      acceptLanguage: clippedField(CLICK_FIELD_MAX.acceptLanguage, chars),
      ip: clippedField(CLICK_FIELD_MAX.ip, chars),
    }),
  });
}

/** A click with every variable field at its clipped maximum, filled with `char`. */
export function heaviestClick(i: number, char = "a"): ClickEvent {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    payload: {
      linkId: "11111111-1111-4111-8111-111111111111",
      at: 1_700_000_000_000 + i,
      country: "US",
      referrer: char.repeat(CLICK_FIELD_MAX.referrer),
      userAgent: char.repeat(CLICK_FIELD_MAX.userAgent),
      acceptLanguage: char.repeat(CLICK_FIELD_MAX.acceptLanguage),
      ip: char.repeat(CLICK_FIELD_MAX.ip),
    },
  };
}
