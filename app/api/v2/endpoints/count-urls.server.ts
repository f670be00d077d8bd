/** GET /urls/{type}/count: how many links a list would hold, with the same filters. Costs 1 credit. */
import { createRoute, z } from "@hono/zod-openapi";
import { getDb } from "../../../../db/client.server";
import { countUserLinks } from "../../../../db/dashboard.server";
import { API_CALL_COST } from "../../../../domain/api";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { errorResponses, ok } from "../schemas";
import { ListFilters, ListTypeParams, searchOf } from "./list-urls.server";

export const route = createRoute({
  method: "get",
  path: "/urls/{type}/count",
  operationId: "countUrls",
  summary: "Count links",
  tags: ["Links"],
  middleware: [requirePermission("read")] as const,
  request: { params: ListTypeParams, query: ListFilters },
  responses: { ...ok("The number of links.", z.object({ count: z.number().int() })), ...errorResponses() },
});

export function registerCountUrls(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { type } = c.req.valid("param");
    const query = c.req.valid("query");
    await spendCredits(c, caller, API_CALL_COST);
    const count = await countUserLinks(getDb(c.env.DB), {
      workspaceId: caller.owner.workspaceId,
      state: type === "archived" ? "archived" : "available",
      search: searchOf(query),
      tag: query.tag ?? null,
    });
    return c.json({ data: { count }, code: 0 as const, errors: [] }, 200);
  });
}
