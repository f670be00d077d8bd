import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyUtm, hasUtm, readUtm, SAMPLE_UTM_PRESETS, stripUtm, UTM_MESSAGES, utmValuesSchema } from "../../domain/utm";

const EMPTY = { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" };

describe("UTM builder rules", () => {
  it("requires source, medium and campaign with the spec's messages", () => {
    const result = utmValuesSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual([
      ["utm_source", "The utm source field is required."],
      ["utm_medium", "The utm medium field is required."],
      ["utm_campaign", "The utm campaign field is required."],
    ]);
  });

  it("limits each field's length", () => {
    const result = utmValuesSchema.safeParse({
      utm_source: "s".repeat(101),
      utm_medium: "m".repeat(51),
      utm_campaign: "c".repeat(151),
      utm_term: "t".repeat(51),
      utm_content: "x".repeat(101),
    });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      "The utm source must not be greater than 100.",
      "The utm medium must not be greater than 50.",
      "The utm campaign must not be greater than 150.",
      "The utm term must not be greater than 50.",
      "The utm content must not be greater than 100.",
    ]);
    expect(UTM_MESSAGES.max("term", 50)).toBe("The utm term must not be greater than 50.");
  });

  it("names a value that is not text in the builder's words, not the validation library's (a JSON call, spec 02 §7 preset/create)", () => {
    const result = utmValuesSchema.safeParse({ utm_source: ["a"], utm_medium: {}, utm_campaign: true, utm_term: 5 });
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["utm_source", "The utm source must be a string."],
      ["utm_medium", "The utm medium must be a string."],
      ["utm_campaign", "The utm campaign must be a string."],
      ["utm_term", "The utm term must be a string."],
    ]);
  });

  it("accepts values at the limits, trimmed", () => {
    const result = utmValuesSchema.safeParse({
      utm_source: ` ${"s".repeat(100)} `,
      utm_medium: "m".repeat(50),
      utm_campaign: "c".repeat(150),
    });
    expect(result.success).toBe(true);
    expect(result.data!.utm_source).toBe("s".repeat(100));
    expect(result.data!.utm_term).toBe("");
  });

  it("has two sample presets that pass the rules", () => {
    expect(SAMPLE_UTM_PRESETS).toHaveLength(2);
    for (const preset of SAMPLE_UTM_PRESETS) expect(utmValuesSchema.safeParse(preset).success).toBe(true);
  });
});

describe("applyUtm", () => {
  it("appends encoded values in the builder's order and drops empty ones", () => {
    expect(applyUtm("https://example.com/page", { ...EMPTY, utm_source: "news letter", utm_medium: "e&mail", utm_campaign: "a/b" })).toBe(
      "https://example.com/page?utm_source=news%20letter&utm_medium=e%26mail&utm_campaign=a%2Fb",
    );
  });

  it("replaces existing utm parameters and keeps the others and the fragment", () => {
    expect(
      applyUtm("https://example.com/?a=1&utm_source=old&UTM_TERM=x&b=2#top", {
        ...EMPTY,
        utm_source: "new",
        utm_medium: "m",
        utm_campaign: "c",
      }),
    ).toBe("https://example.com/?a=1&b=2&utm_source=new&utm_medium=m&utm_campaign=c#top");
  });

  it("strips every utm parameter", () => {
    expect(stripUtm("https://example.com/?utm_source=a&x=1&utm_content=b")).toBe("https://example.com/?x=1");
    expect(stripUtm("https://example.com/?utm_source=a")).toBe("https://example.com/");
    expect(hasUtm("https://example.com/?utm_medium=a")).toBe(true);
    expect(hasUtm("https://example.com/?utm=a")).toBe(false);
  });

  it("round-trips any values through readUtm", () => {
    const value = fc.string({ maxLength: 20 }).map((s) => s.trim());
    fc.assert(
      fc.property(value, value, value, value, value, (s, m, c, t, x) => {
        const values = { utm_source: s, utm_medium: m, utm_campaign: c, utm_term: t, utm_content: x };
        const url = applyUtm("https://example.com/p?keep=1", values);
        expect(readUtm(url)).toEqual(values);
        expect(new URL(url).searchParams.get("keep")).toBe("1");
        expect(stripUtm(url)).toBe("https://example.com/p?keep=1");
      }),
    );
  });
});
