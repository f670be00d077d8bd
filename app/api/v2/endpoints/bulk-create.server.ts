/**
 * POST /bulk: up to 100 links in one call, each with the fields of POST /create and the same
 * rules. Needs the bulk and create permissions (and the plan's use_bulk and create flags,
 * spec 01 §6). Costs 1 credit a link, spent up front; links that fail are refunded.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "../../../lib/blocked-addresses.server";
import { API_V2_MESSAGES, bulkCost } from "../../../../domain/api";
import { createUserLink } from "../../../lib/create-link.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { forbidden } from "../errors.server";
import { readCreateFields, toApiLink } from "../links.server";
import { errorResponses, jsonBody, LinkSchema, ok } from "../schemas";
import { CreateBody } from "./create-alias.server";

export const BULK_MAX_LINKS = 100;

const BulkBody = z.object({ links: z.array(CreateBody).min(1).max(BULK_MAX_LINKS) }).openapi("BulkCreate");

const BulkResult = z
  .object({
    index: z.number().int().openapi({ description: "Position in the request's list." }),
    created: z.boolean(),
    link: z.union([LinkSchema, z.null()]),
    errors: z.array(z.string()),
  })
  .openapi("BulkResult");

export const route = createRoute({
  method: "post",
  path: "/bulk",
  operationId: "bulkCreate",
  summary: "Create up to 100 links",
  tags: ["Links"],
  middleware: [requirePermission("bulk")] as const,
  request: { body: jsonBody(BulkBody) },
  responses: { ...ok("One result per requested link, in order.", z.array(BulkResult)), ...errorResponses() },
});

export function registerBulkCreate(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    if (!caller.token.permissions.includes("create")) throw forbidden(API_V2_MESSAGES.tokenPermission);
    const { links } = c.req.valid("json");
    // A blocked address (kiosk `ips`, decision 032) creates no links, signed in or not; no credit spent.
    if (await isAddressBlocked(c.env, c.req.raw)) throw forbidden(BLOCKED_ADDRESS_MESSAGE);
    const now = new Date();
    const refund = await spendCredits(c, caller, bulkCost(links.length));
    const results: z.infer<typeof BulkResult>[] = [];
    // One after another: alias collisions and the active-alias limit are decided in order.
    for (const [index, item] of links.entries()) {
      const fields = await readCreateFields(c, item, now);
      if ("errors" in fields) {
        results.push({ index, created: false, link: null, errors: fields.errors });
        continue;
      }
      const outcome = await createUserLink(c.env, caller.owner, fields.input, now);
      if (outcome.ok) results.push({ index, created: true, link: toApiLink(c, outcome.link, outcome.tags), errors: [] });
      else
        results.push({
          index,
          created: false,
          link: null,
          errors: [outcome.field ? `${outcome.field}: ${outcome.message}` : outcome.message],
        });
    }
    const failed = results.filter((r) => !r.created).length;
    if (failed > 0) await refund(failed);
    return c.json({ data: results, code: 0 as const, errors: [] }, 200);
  });
}
