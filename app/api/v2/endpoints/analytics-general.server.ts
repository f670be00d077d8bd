/** GET /analytics/general: totals and the top values of every dimension for one link, from the rollups. Costs 1 credit. */
import { createRoute, z } from "@hono/zod-openapi";
import { getLinkAnalyticsInRange } from "../../../../db/analytics.server";
import { CLICK_DIMENSIONS } from "../../../../db/schema/clicks";
import { API_CALL_COST } from "../../../../domain/api";
import { resolveRange, rollupRange } from "../analytics.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { ownedLinkOrThrow } from "../links.server";
import { BreakdownSchema, errorResponses, ok, RangeQuery, TotalsSchema } from "../schemas";

const GeneralSchema = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    totals: TotalsSchema,
    breakdowns: z.object(
      Object.fromEntries(CLICK_DIMENSIONS.map((d) => [d, BreakdownSchema])) as Record<
        (typeof CLICK_DIMENSIONS)[number],
        typeof BreakdownSchema
      >,
    ),
  })
  .openapi("GeneralAnalytics");

export const route = createRoute({
  method: "get",
  path: "/analytics/general",
  operationId: "analyticsGeneral",
  summary: "Totals and breakdowns",
  tags: ["Analytics"],
  middleware: [requirePermission("analytics")] as const,
  request: { query: RangeQuery },
  responses: {
    ...ok("Totals and the top 10 values by country, referrer, device, browser, OS and language.", GeneralSchema),
    ...errorResponses(404),
  },
});

export function registerAnalyticsGeneral(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const query = c.req.valid("query");
    const range = resolveRange(caller, query);
    const link = await ownedLinkOrThrow(c, caller, query.domain, query.alias);
    await spendCredits(c, caller, API_CALL_COST);
    const report = await getLinkAnalyticsInRange(c.env.DB, link.id, rollupRange(range.from, range.to));
    return c.json(
      {
        data: {
          from: new Date(range.from).toISOString(),
          to: new Date(range.to).toISOString(),
          totals: { clicks: report.totals.clicks, uniques: report.totals.uniques, bot_clicks: report.totals.botClicks },
          breakdowns: report.breakdowns,
        },
        code: 0 as const,
        errors: [],
      },
      200,
    );
  });
}
