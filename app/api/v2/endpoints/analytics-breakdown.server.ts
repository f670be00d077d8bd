/** GET /analytics/breakdown/{dimension}: the top values of one dimension for one link, from the rollups. Costs 1 credit. */
import { createRoute, z } from "@hono/zod-openapi";
import { getLinkAnalyticsInRange } from "../../../../db/analytics.server";
import { API_CALL_COST } from "../../../../domain/api";
import { resolveRange, rollupRange } from "../analytics.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { ownedLinkOrThrow } from "../links.server";
import { BreakdownSchema, DimensionParam, errorResponses, ok, RangeQuery } from "../schemas";

export const BREAKDOWN_MAX_ROWS = 100;

const BreakdownQuery = RangeQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BREAKDOWN_MAX_ROWS)
    .default(10)
    .openapi({ type: "integer", minimum: 1, maximum: BREAKDOWN_MAX_ROWS }),
});

export const route = createRoute({
  method: "get",
  path: "/analytics/breakdown/{dimension}",
  operationId: "analyticsBreakdown",
  summary: "Clicks by country, referrer, device, browser, OS, language or redirect route",
  tags: ["Analytics"],
  middleware: [requirePermission("analytics")] as const,
  request: { params: z.object({ dimension: DimensionParam.openapi({ param: { name: "dimension", in: "path" } }) }), query: BreakdownQuery },
  responses: {
    ...ok(
      "The top values, most clicks first.",
      BreakdownSchema.extend({ dimension: DimensionParam, from: z.iso.datetime(), to: z.iso.datetime() }),
    ),
    ...errorResponses(404),
  },
});

export function registerAnalyticsBreakdown(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { dimension } = c.req.valid("param");
    const query = c.req.valid("query");
    const range = resolveRange(caller, query);
    const link = await ownedLinkOrThrow(c, caller, query.domain, query.alias);
    await spendCredits(c, caller, API_CALL_COST);
    const report = await getLinkAnalyticsInRange(c.env.DB, link.id, rollupRange(range.from, range.to), Date.now(), query.limit);
    const breakdown = report.breakdowns[dimension];
    return c.json(
      {
        data: {
          dimension,
          from: new Date(range.from).toISOString(),
          to: new Date(range.to).toISOString(),
          rows: breakdown.rows,
          other: breakdown.other,
        },
        code: 0 as const,
        errors: [],
      },
      200,
    );
  });
}
