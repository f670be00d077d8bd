/** PATCH /unarchive: the link answers again; counts against the plan's active-alias limit, as in the dashboard. Costs 1 credit. */
import { createRoute } from "@hono/zod-openapi";
import { getDb } from "../../../../db/client.server";
import { updateLink } from "../../../../db/links.server";
import { getUsage } from "../../../../db/usage.server";
import { API_CALL_COST } from "../../../../domain/api";
import { atActiveAliasLimit } from "../../../../domain/entitlements";
import { MESSAGES } from "../../../../domain/messages";
import { linkStores } from "../../../lib/links.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { forbidden, notFound } from "../errors.server";
import { ownedLinkOrThrow, toApiLink } from "../links.server";
import { errorResponses, jsonBody, LinkRefSchema, LinkSchema, ok } from "../schemas";

export const route = createRoute({
  method: "patch",
  path: "/unarchive",
  operationId: "unarchiveAlias",
  summary: "Unarchive a link",
  tags: ["Links"],
  middleware: [requirePermission("archive")] as const,
  request: { body: jsonBody(LinkRefSchema) },
  responses: { ...ok("The link, active again.", LinkSchema), ...errorResponses(404) },
});

export function registerUnarchiveAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { domain, alias } = c.req.valid("json");
    const link = await ownedLinkOrThrow(c, caller, domain, alias);
    if (link.status === "archived") {
      const usage = await getUsage(getDb(c.env.DB), caller.owner.workspaceId);
      if (atActiveAliasLimit(caller.owner.subject, usage.activeAliases, false))
        throw forbidden(`${MESSAGES.planLimitTitle}. ${MESSAGES.planLimitBody}`);
    }
    await spendCredits(c, caller, API_CALL_COST);
    const updated = link.status === "archived" ? await updateLink(linkStores(c.env, caller.owner), link.id, { status: "active" }) : link;
    if (!updated) throw notFound();
    return c.json({ data: toApiLink(c, updated, link.tags), code: 0 as const, errors: [] }, 200);
  });
}
