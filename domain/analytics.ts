/**
 * Analytics periods (spec 01 §9): last 1 hour, 24 hours (the default, remembered), 7 days and
 * 30 days; what each covers at the rollups' granularity, and which of them a plan allows
 * (its analytics_period option, an ISO 8601 duration).
 */
import type { IsoDuration } from "./plans";

export const HOUR_MS = 3_600_000;
export const DAY_HOURS = 24;

export const ANALYTICS_PERIODS = ["last_1_hour", "last_24_hour", "last_7_days", "last_30_days"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = "last_24_hour";

export interface PeriodDefinition {
  label: string;
  /** Length of the period in hours. */
  hours: number;
  /** Size of one bucket of the time series, in hours. */
  bucketHours: 1 | 24;
}

export const PERIODS: Record<AnalyticsPeriod, PeriodDefinition> = {
  last_1_hour: { label: "Last hour", hours: 1, bucketHours: 1 },
  last_24_hour: { label: "Last 24 hours", hours: 24, bucketHours: 1 },
  last_7_days: { label: "Last 7 days", hours: 7 * DAY_HOURS, bucketHours: DAY_HOURS },
  last_30_days: { label: "Last 30 days", hours: 30 * DAY_HOURS, bucketHours: DAY_HOURS },
};

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return typeof value === "string" && (ANALYTICS_PERIODS as readonly string[]).includes(value);
}

/**
 * The hours an ISO 8601 duration spans (years as 365 days, months as 30); null when it is not
 * a duration this reads (PnYnMnWnDTnHnMnS, whole numbers).
 */
export function durationHours(duration: string): number | null {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration);
  if (!match || duration === "P" || duration.endsWith("T")) return null;
  const [, y, mo, w, d, h, mi, s] = match.map((part) => Number(part ?? 0));
  return y! * 365 * DAY_HOURS + mo! * 30 * DAY_HOURS + w! * 7 * DAY_HOURS + d! * DAY_HOURS + h! + mi! / 60 + s! / 3600;
}

/**
 * Whether a plan whose analytics reach back `planPeriod` may show this period. null means no
 * bound (the subject has analytics through its own flags); an unreadable duration allows
 * nothing longer than the default period.
 */
export function periodAllowed(period: AnalyticsPeriod, planPeriod: IsoDuration | null): boolean {
  if (planPeriod === null) return true;
  const reach = durationHours(planPeriod) ?? PERIODS[DEFAULT_ANALYTICS_PERIOD].hours;
  return PERIODS[period].hours <= reach;
}

/**
 * The period to show: the one asked for in the query, else the remembered one, else the
 * default; one the plan does not allow gives way to the longest allowed period up to the default.
 */
export function choosePeriod(
  requested: string | null,
  remembered: string | null,
  planPeriod: IsoDuration | null,
): { period: AnalyticsPeriod; fromQuery: boolean } {
  if (isAnalyticsPeriod(requested) && periodAllowed(requested, planPeriod)) return { period: requested, fromQuery: true };
  if (isAnalyticsPeriod(remembered) && periodAllowed(remembered, planPeriod)) return { period: remembered, fromQuery: false };
  if (periodAllowed(DEFAULT_ANALYTICS_PERIOD, planPeriod)) return { period: DEFAULT_ANALYTICS_PERIOD, fromQuery: false };
  return { period: "last_1_hour", fromQuery: false };
}

export interface PeriodRange {
  /** First and last epoch hour counted (inclusive). */
  startHour: number;
  endHour: number;
  bucketHours: 1 | 24;
  /** First and last bucket index (epoch hour / bucketHours), inclusive. */
  firstBucket: number;
  lastBucket: number;
}

/**
 * The hours a period covers. The rollups count whole hours, so the range is every bucket that
 * overlaps the period: the last hour is the previous and the current hour, the last 24 hours
 * are 25 hourly buckets, 7 days are 8 daily buckets (UTC days) up to today, 30 days 31.
 */
export function periodRange(period: AnalyticsPeriod, now: number): PeriodRange {
  const { hours, bucketHours } = PERIODS[period];
  const firstBucket = Math.floor((now - hours * HOUR_MS) / (bucketHours * HOUR_MS));
  const lastBucket = Math.floor(now / (bucketHours * HOUR_MS));
  return {
    startHour: firstBucket * bucketHours,
    endHour: Math.floor(now / HOUR_MS),
    bucketHours,
    firstBucket,
    lastBucket,
  };
}

/** "2 years", "30 days", "6 hours": how far a plan's analytics reach, for people. */
export function describeDuration(duration: string): string {
  const hours = durationHours(duration);
  if (hours === null) return duration;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (hours % (365 * DAY_HOURS) === 0) return plural(hours / (365 * DAY_HOURS), "year");
  if (hours % DAY_HOURS === 0) return plural(hours / DAY_HOURS, "day");
  return plural(Math.round(hours), "hour");
}
