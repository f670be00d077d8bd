/** PATCH /archive: an archived link answers "not active" at its short link. Costs 1 credit. */
import { createRoute } from "@hono/zod-openapi";
import { updateLink } from "../../../../db/links.server";
import { API_CALL_COST } from "../../../../domain/api";
import { linkStores } from "../../../lib/links.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { notFound } from "../errors.server";
import { ownedLinkOrThrow, toApiLink } from "../links.server";
import { errorResponses, jsonBody, LinkRefSchema, LinkSchema, ok } from "../schemas";

export const route = createRoute({
  method: "patch",
  path: "/archive",
  operationId: "archiveAlias",
  summary: "Archive a link",
  tags: ["Links"],
  middleware: [requirePermission("archive")] as const,
  request: { body: jsonBody(LinkRefSchema) },
  responses: { ...ok("The archived link.", LinkSchema), ...errorResponses(404) },
});

export function registerArchiveAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { domain, alias } = c.req.valid("json");
    const link = await ownedLinkOrThrow(c, caller, domain, alias);
    await spendCredits(c, caller, API_CALL_COST);
    const updated = link.status === "active" ? await updateLink(linkStores(c.env, caller.owner), link.id, { status: "archived" }) : link;
    if (!updated) throw notFound();
    return c.json({ data: toApiLink(c, updated, link.tags), code: 0 as const, errors: [] }, 200);
  });
}
