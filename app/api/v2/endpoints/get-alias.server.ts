/** GET /alias/{domain}/{alias}: one of the owner's links. Costs 1 credit. */
import { createRoute, z } from "@hono/zod-openapi";
import { API_CALL_COST } from "../../../../domain/api";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { ownedLinkOrThrow, toApiLink } from "../links.server";
import { AliasField, DomainField, errorResponses, LinkSchema, ok } from "../schemas";

export const AliasParams = z.object({
  domain: DomainField.openapi({ param: { name: "domain", in: "path" } }),
  alias: AliasField.openapi({ param: { name: "alias", in: "path" } }),
});

export const route = createRoute({
  method: "get",
  path: "/alias/{domain}/{alias}",
  operationId: "getAlias",
  summary: "Get a link",
  tags: ["Links"],
  middleware: [requirePermission("read")] as const,
  request: { params: AliasParams },
  responses: { ...ok("The link.", LinkSchema), ...errorResponses(404) },
});

export function registerGetAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { domain, alias } = c.req.valid("param");
    const link = await ownedLinkOrThrow(c, caller, domain, alias);
    await spendCredits(c, caller, API_CALL_COST);
    return c.json({ data: toApiLink(c, link, link.tags), code: 0 as const, errors: [] }, 200);
  });
}
