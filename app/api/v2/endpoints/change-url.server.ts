/** PATCH /change: a new destination for a link (the short link answers it at once). Costs 1 credit. */
import { createRoute, z } from "@hono/zod-openapi";
import { updateLink } from "../../../../db/links.server";
import { API_CALL_COST } from "../../../../domain/api";
import { linkStores } from "../../../lib/links.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { notFound } from "../errors.server";
import { checkUrl, FieldErrors, ownedLinkOrThrow, toApiLink } from "../links.server";
import { AliasField, DomainField, errorResponses, jsonBody, LinkSchema, ok } from "../schemas";

export const ChangeBody = z
  .object({
    domain: DomainField,
    alias: AliasField,
    url: z.string().max(4_096).openapi({ description: "The new destination.", example: "https://example.com/summer" }),
  })
  .openapi("ChangeLink");

export const route = createRoute({
  method: "patch",
  path: "/change",
  operationId: "changeUrl",
  summary: "Change a link's destination",
  tags: ["Links"],
  middleware: [requirePermission("change")] as const,
  request: { body: jsonBody(ChangeBody) },
  responses: { ...ok("The link with its new destination.", LinkSchema), ...errorResponses(404) },
});

export function registerChangeUrl(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const body = c.req.valid("json");
    const errors = new FieldErrors();
    const url = await checkUrl(c, body.url, errors);
    errors.throwIfAny();
    const link = await ownedLinkOrThrow(c, caller, body.domain, body.alias);
    await spendCredits(c, caller, API_CALL_COST);
    const updated = url === link.url ? link : await updateLink(linkStores(c.env, caller.owner), link.id, { url: url! });
    if (!updated) throw notFound();
    return c.json({ data: toApiLink(c, updated, link.tags), code: 0 as const, errors: [] }, 200);
  });
}
