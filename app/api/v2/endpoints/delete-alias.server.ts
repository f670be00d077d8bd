/** DELETE /alias/{domain}/{alias}: marks the link deleted (its short link answers "deleted" at once). Costs 1 credit. */
import { createRoute } from "@hono/zod-openapi";
import { deleteLink } from "../../../../db/links.server";
import { API_CALL_COST } from "../../../../domain/api";
import { linkStores } from "../../../lib/links.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { notFound } from "../errors.server";
import { ownedLinkOrThrow, toApiLink } from "../links.server";
import { errorResponses, LinkSchema, ok } from "../schemas";
import { AliasParams } from "./get-alias.server";

export const route = createRoute({
  method: "delete",
  path: "/alias/{domain}/{alias}",
  operationId: "deleteAlias",
  summary: "Delete a link",
  tags: ["Links"],
  middleware: [requirePermission("delete")] as const,
  request: { params: AliasParams },
  responses: { ...ok("The deleted link.", LinkSchema), ...errorResponses(404) },
});

export function registerDeleteAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { domain, alias } = c.req.valid("param");
    const link = await ownedLinkOrThrow(c, caller, domain, alias);
    await spendCredits(c, caller, API_CALL_COST);
    const deleted = await deleteLink(linkStores(c.env, caller.owner), link.id);
    if (!deleted) throw notFound();
    return c.json({ data: toApiLink(c, deleted, link.tags), code: 0 as const, errors: [] }, 200);
  });
}
