/**
 * GET /analytics/timeline: clicks of one link per hour, day, week (from Monday, UTC) or month
 * (UTC), zero-filled, read from the hourly rollup. Costs 1 credit.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getLinkTimeline } from "../../../../db/analytics.server";
import { HOUR_MS } from "../../../../domain/analytics";
import { API_CALL_COST, API_V2_MESSAGES } from "../../../../domain/api";
import { resolveRange } from "../analytics.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { unprocessable } from "../errors.server";
import { ownedLinkOrThrow } from "../links.server";
import { errorResponses, ok, RangeQuery, TotalsSchema } from "../schemas";

/** Most buckets one answer holds, per interval. */
const MAX_BUCKETS = { hour: 24 * 31, day: 2 * 366, week: 5 * 53, month: 10 * 12 } as const;
const BUCKET_HOURS = { hour: 1, day: 24, week: 168, month: 24 * 28 } as const;

const TimelineQuery = RangeQuery.extend({
  interval: z.enum(["hour", "day", "week", "month"]).default("day").openapi({ description: "Bucket size; weeks start on Monday (UTC)." }),
});

const TimelineSchema = z
  .object({
    interval: z.enum(["hour", "day", "week", "month"]),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    timeline: z.array(TotalsSchema.extend({ start: z.iso.datetime() })),
  })
  .openapi("Timeline");

export const route = createRoute({
  method: "get",
  path: "/analytics/timeline",
  operationId: "analyticsTimeline",
  summary: "Clicks over time",
  tags: ["Analytics"],
  middleware: [requirePermission("analytics")] as const,
  request: { query: TimelineQuery },
  responses: { ...ok("Clicks, unique visitors and bot clicks per bucket.", TimelineSchema), ...errorResponses(404) },
});

export function registerAnalyticsTimeline(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const query = c.req.valid("query");
    const range = resolveRange(caller, query);
    if ((range.to - range.from) / HOUR_MS / BUCKET_HOURS[query.interval] > MAX_BUCKETS[query.interval])
      throw unprocessable([`interval: ${API_V2_MESSAGES.rangeTooLong}`]);
    const link = await ownedLinkOrThrow(c, caller, query.domain, query.alias);
    await spendCredits(c, caller, API_CALL_COST);
    const points = await getLinkTimeline(c.env.DB, link.id, query.interval, range.fromHour, range.toHour);
    return c.json(
      {
        data: {
          interval: query.interval,
          from: new Date(range.from).toISOString(),
          to: new Date(range.to).toISOString(),
          timeline: points.map((p) => ({ start: p.start, clicks: p.clicks, uniques: p.uniques, bot_clicks: p.botClicks })),
        },
        code: 0 as const,
        errors: [],
      },
      200,
    );
  });
}
