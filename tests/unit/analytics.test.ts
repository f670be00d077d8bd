import { describe, expect, it } from "vitest";
import { choosePeriod, describeDuration, durationHours, HOUR_MS, periodAllowed, periodRange } from "../../domain/analytics";

describe("analytics periods", () => {
  it("reads ISO durations as hours", () => {
    expect(durationHours("P30D")).toBe(720);
    expect(durationHours("P1Y")).toBe(8760);
    expect(durationHours("P2W")).toBe(336);
    expect(durationHours("PT6H")).toBe(6);
    expect(durationHours("P1DT12H")).toBe(36);
    expect(durationHours("P")).toBeNull();
    expect(durationHours("P1DT")).toBeNull();
    expect(durationHours("30 days")).toBeNull();
  });

  it("a plan allows the periods its analytics reach covers", () => {
    expect(periodAllowed("last_30_days", "P30D")).toBe(true);
    expect(periodAllowed("last_30_days", "P7D")).toBe(false);
    expect(periodAllowed("last_7_days", "P7D")).toBe(true);
    expect(periodAllowed("last_30_days", null)).toBe(true);
    expect(periodAllowed("last_24_hour", "PT1H")).toBe(false);
  });

  it("chooses the query, then the remembered period, then the default", () => {
    expect(choosePeriod("last_7_days", "last_30_days", "P1Y")).toEqual({ period: "last_7_days", fromQuery: true });
    expect(choosePeriod(null, "last_30_days", "P1Y")).toEqual({ period: "last_30_days", fromQuery: false });
    expect(choosePeriod("bogus", null, "P1Y")).toEqual({ period: "last_24_hour", fromQuery: false });
    expect(choosePeriod("last_30_days", "last_30_days", "P7D")).toEqual({ period: "last_24_hour", fromQuery: false });
    expect(choosePeriod(null, null, "PT1H")).toEqual({ period: "last_1_hour", fromQuery: false });
  });

  it("covers every bucket that overlaps the period, up to the current hour", () => {
    const now = Date.UTC(2026, 10, 20, 12, 30);
    const hour = now / HOUR_MS - 0.5;
    expect(periodRange("last_1_hour", now)).toMatchObject({ startHour: hour - 1, endHour: hour, bucketHours: 1 });
    expect(periodRange("last_24_hour", now)).toMatchObject({ startHour: hour - 24, endHour: hour });
    const week = periodRange("last_7_days", now);
    expect(week.startHour * HOUR_MS).toBe(Date.UTC(2026, 10, 13));
    expect(week.lastBucket - week.firstBucket + 1).toBe(8);
    const month = periodRange("last_30_days", now);
    expect(month.lastBucket - month.firstBucket + 1).toBe(31);
  });

  it("describes a plan's reach for people", () => {
    expect(describeDuration("P2Y")).toBe("2 years");
    expect(describeDuration("P1Y")).toBe("1 year");
    expect(describeDuration("P30D")).toBe("30 days");
    expect(describeDuration("PT6H")).toBe("6 hours");
    expect(describeDuration("soon")).toBe("soon");
  });
});
