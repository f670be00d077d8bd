import { describe, expect, it } from "vitest";
import { normalizeTag, splitTagList, TAG_MESSAGES, tagSchema, tagsSchema } from "../../domain/tags";

describe("tags", () => {
  it("removes spaces and lower-cases", () => {
    expect(normalizeTag(" Summer Sale\t2026 ")).toBe("summersale2026");
  });

  it("uses the spec's messages", () => {
    expect(TAG_MESSAGES).toMatchObject({
      taken: "The tag has already been taken.",
      min: "The tag must be at least 2 characters.",
      max: "The tag must not be greater than 45 characters.",
    });
  });

  it("accepts 2 to 45 characters after normalizing", () => {
    expect(tagSchema.safeParse("A b").data).toBe("ab");
    expect(tagSchema.safeParse("a").error?.issues[0]?.message).toBe(TAG_MESSAGES.min);
    expect(tagSchema.safeParse("x".repeat(45)).success).toBe(true);
    expect(tagSchema.safeParse("x".repeat(46)).error?.issues[0]?.message).toBe(TAG_MESSAGES.max);
  });

  it("ignores empty tags and returns the normalized list", () => {
    expect(tagsSchema.parse(["News", " ", "", "Big Deal"])).toEqual(["news", "bigdeal"]);
  });

  it("reports each bad tag at its index, duplicates after normalizing", () => {
    const result = tagsSchema.safeParse(["promo", "x", "PRO MO", "y".repeat(46)]);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["1", TAG_MESSAGES.min],
      ["2", TAG_MESSAGES.taken],
      ["3", TAG_MESSAGES.max],
    ]);
  });
});

describe("tags, as the link editor uses them", () => {
  it("removes spaces and lower-cases", () => {
    expect(normalizeTag(" Summer Sale ")).toBe("summersale");
    expect(tagSchema.parse("Big Deal")).toBe("bigdeal");
  });

  it("splits a typed list and ignores empty entries", () => {
    expect(splitTagList("News, , Big Deal ,")).toEqual(["news", "bigdeal"]);
  });

  it("keeps tags within 2 to 45 characters", () => {
    expect(tagSchema.safeParse("a").error?.issues[0]?.message).toBe(TAG_MESSAGES.min);
    expect(tagSchema.safeParse("x".repeat(46)).error?.issues[0]?.message).toBe(TAG_MESSAGES.max);
    expect(tagSchema.safeParse("x".repeat(45)).success).toBe(true);
    expect(tagSchema.safeParse("ab").success).toBe(true);
  });

  it("refuses a duplicate at its index, after normalizing", () => {
    const result = tagsSchema.safeParse(["news", "sale", "NEWS"]);
    expect(result.error?.issues).toEqual([expect.objectContaining({ message: TAG_MESSAGES.taken, path: [2] })]);
  });

  it("ignores empty tags in a list", () => {
    expect(tagsSchema.parse(["", "  ", "Ok"])).toEqual(["ok"]);
  });
});
