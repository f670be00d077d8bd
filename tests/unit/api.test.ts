import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { rollupRange } from "../../app/api/v2/analytics.server";
import { CreateBody } from "../../app/api/v2/endpoints/create-alias.server";
import { ListFilters, ListTypeParams } from "../../app/api/v2/endpoints/list-urls.server";
import { API_ERRORS, ApiError, notEnoughCredits, toApiError, zodMessages } from "../../app/api/v2/errors.server";
import { RangeQuery } from "../../app/api/v2/schemas";
import {
  API_PERMISSIONS,
  API_TOKEN_SHAPE,
  bulkCost,
  parsePermissions,
  PERMISSION_FLAGS,
  shownPrefix,
  tokenExpiresAt,
} from "../../domain/api";
import { can, hasCredits } from "../../domain/entitlements";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("API tokens", () => {
  it("expire after the chosen period, or never", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(tokenExpiresAt("30d", now)?.toISOString()).toBe("2026-12-22T10:00:00.000Z");
    expect(tokenExpiresAt("1y", now)?.toISOString()).toBe("2027-11-22T10:00:00.000Z");
    expect(tokenExpiresAt("never", now)).toBeNull();
  });

  it("show only their first 12 characters", () => {
    const token = `snip_${"A".repeat(43)}`;
    expect(API_TOKEN_SHAPE.test(token)).toBe(true);
    expect(shownPrefix(token)).toBe("snip_AAAAAAA");
    expect(API_TOKEN_SHAPE.test(`${token}x`)).toBe(false);
  });

  it("keep only known permissions from storage, in catalog order", () => {
    expect(parsePermissions('["bulk","nope","read"]')).toEqual(["read", "bulk"]);
    expect(parsePermissions("not json")).toEqual([]);
    expect(parsePermissions('{"read":true}')).toEqual([]);
  });
});

describe("API permissions and plans", () => {
  it("pro grants every permission's capabilities; free grants none of the API", () => {
    for (const permission of API_PERMISSIONS)
      expect(
        PERMISSION_FLAGS[permission].every((f) => can({ plan: "pro" }, f)),
        permission,
      ).toBe(true);
    expect(can({ plan: "free" }, "use_api")).toBe(false);
  });

  it("bulk needs both the create and the bulk flags (spec 01 §6)", () => {
    expect(PERMISSION_FLAGS.bulk).toEqual(["create_snip_url", "use_bulk"]);
  });

  it("a bulk call costs one credit a link, and the credits rule decides", () => {
    expect(bulkCost(3)).toBe(3);
    expect(hasCredits({ limit: 10_000, used: 9_998 }, bulkCost(3))).toBe(false);
    expect(hasCredits({ limit: 10_000, used: 9_997 }, bulkCost(3))).toBe(true);
    expect(hasCredits({ limit: null, used: 1e9 }, bulkCost(100))).toBe(true);
  });
});

describe("API errors", () => {
  it("map each type to its status and envelope code", () => {
    expect(API_ERRORS.not_enough_credits).toEqual({ status: 402, code: 4 });
    const credits = notEnoughCredits();
    expect(credits.status).toBe(402);
    expect(credits.errors).toEqual(["not_enough_credits", "Not enough credits for this operation"]);
  });

  it("turn Hono's bad-body answers into 422 and anything unknown into a generic 500", () => {
    expect(toApiError(new HTTPException(400, { message: "Malformed JSON in request body" })).type).toBe("unprocessable");
    expect(toApiError(new HTTPException(415)).type).toBe("unprocessable");
    const unknown = toApiError(new Error("SQLITE_BUSY: secret detail"));
    expect(unknown.type).toBe("internal");
    expect(unknown.errors.join(" ")).not.toContain("SQLITE");
    const own = new ApiError("rate_limited", ["Too many"]);
    expect(toApiError(own)).toBe(own);
  });
});

describe("analytics ranges", () => {
  it("whole UTC days read the daily rollup; anything else the hourly one", () => {
    const from = Date.UTC(2026, 10, 1);
    expect(rollupRange(from, from + 7 * DAY)).toEqual({
      startHour: from / HOUR,
      endHour: from / HOUR + 7 * 24 - 1,
      bucketHours: 24,
      firstBucket: from / DAY,
      lastBucket: from / DAY + 6,
    });
    const hourly = rollupRange(from + 30 * 60_000, from + 3 * HOUR);
    expect(hourly).toMatchObject({ bucketHours: 1, startHour: from / HOUR, endHour: from / HOUR + 2 });
  });
});

describe("API validation messages", () => {
  const messages = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    return zodMessages(result.error as Parameters<typeof zodMessages>[0]);
  };

  it("name the field and the limit in the API's own words, not zod's", () => {
    expect(messages(CreateBody, { url: `https://example.com/${"a".repeat(5_000)}` })).toEqual([
      "url: The url must not be greater than 4096 characters.",
    ]);
    expect(messages(CreateBody, {})).toEqual(["url: The url field is required."]);
    expect(messages(CreateBody, { url: 42 })).toEqual(["url: The url must be a string."]);
    expect(messages(CreateBody, [1, 2])).toEqual(["The request body must be a JSON object."]);
    expect(messages(ListTypeParams, { type: "all" })).toEqual(["type: The selected type is invalid."]);
    expect(messages(ListFilters, { search: "x".repeat(201) })).toEqual(["search: The search must not be greater than 200 characters."]);
    expect(messages(RangeQuery, { domain: "localhost:8787", alias: "abcde", from: "yesterday" })).toEqual([
      "from: The from is not a valid date and time (ISO 8601).",
    ]);
  });

  it("keep a schema's own message", () => {
    const own = z.object({
      code: z.string().max(3, "Keep the code short."),
      day: z.string().refine((v) => v !== "monday", "Not on a Monday."),
    });
    expect(messages(own, { code: "abcd", day: "monday" })).toEqual(["code: Keep the code short.", "day: Not on a Monday."]);
    expect(messages(CreateBody, { url: "https://example.com/", alias: "x".repeat(65) })).toEqual([
      "alias: The alias must not be greater than 64 characters.",
    ]);
  });
});
