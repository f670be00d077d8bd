/**
 * The analytics endpoints' shared pieces: the requested range (from inclusive, to exclusive;
 * default the last 7 days), bounded by the plan's analytics_period, and the rollup range it
 * reads: whole UTC days read the daily breakdowns, anything else the hourly ones.
 */
import { durationHours, HOUR_MS, type PeriodRange } from "../../../domain/analytics";
import { API_V2_MESSAGES } from "../../../domain/api";
import { getPlan } from "../../../domain/plans";
import type { ApiCaller } from "./context.server";
import { unprocessable } from "./errors.server";

export const DEFAULT_RANGE_MS = 7 * 24 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

export function resolveRange(caller: ApiCaller, query: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const to = query.to ? new Date(query.to).getTime() : now;
  const from = query.from ? new Date(query.from).getTime() : to - DEFAULT_RANGE_MS;
  if (!(from < to)) throw unprocessable([`from: ${API_V2_MESSAGES.rangeInvalid}`]);
  const period = getPlan(caller.owner.subject.plan).options.analytics_period;
  const hours = period ? durationHours(period) : null;
  if (hours !== null && from < now - hours * HOUR_MS - HOUR_MS) throw unprocessable([`from: ${API_V2_MESSAGES.rangeOutsidePlan}`]);
  return { from, to, fromHour: Math.floor(from / HOUR_MS), toHour: Math.floor((to - 1) / HOUR_MS) };
}

export function rollupRange(from: number, to: number): PeriodRange {
  if (from % DAY_MS === 0 && to % DAY_MS === 0) {
    const firstBucket = from / DAY_MS;
    const lastBucket = to / DAY_MS - 1;
    return { startHour: firstBucket * 24, endHour: (lastBucket + 1) * 24 - 1, bucketHours: 24, firstBucket, lastBucket };
  }
  const firstBucket = Math.floor(from / HOUR_MS);
  const lastBucket = Math.floor((to - 1) / HOUR_MS);
  return { startHour: firstBucket, endHour: lastBucket, bucketHours: 1, firstBucket, lastBucket };
}
