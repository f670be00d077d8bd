import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { rollupRange } from "../../app/api/v2/analytics.server";
import { API_ERRORS, ApiError, notEnoughCredits, toApiError } from "../../app/api/v2/errors.server";
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
