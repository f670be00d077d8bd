import { describe, expect, it } from "vitest";
import { normalizeTag, splitTagList, TAG_MESSAGES, tagSchema, tagsSchema } from "../../domain/tags";

describe("tags", () => {
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
