/**
 * POST /create: a new short link (TinyURL v2 fields: url, domain, alias, tags, expires_at, description;
 * Snip's routes and pixels). Costs 1 credit.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH } from "../../../../domain/alias";
import { API_CALL_COST } from "../../../../domain/api";
import { can } from "../../../../domain/entitlements";
import { MESSAGES } from "../../../../domain/messages";
import { ROUTE_MESSAGES } from "../../../forms/link-routes";
import { BLOCKED_ADDRESS_MESSAGE, isAddressBlocked } from "../../../lib/blocked-addresses.server";
import { createUserLink } from "../../../lib/create-link.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { ApiError, forbidden, unprocessable } from "../errors.server";
import { readCreateFields, toApiLink } from "../links.server";
import {
  CHOSEN_ALIAS_PATTERN,
  DescriptionField,
  DomainField,
  errorResponses,
  ExpiresAtField,
  jsonBody,
  LinkSchema,
  ok,
  PixelsField,
  RoutesField,
  TagsField,
} from "../schemas";

export const CreateBody = z
  .object({
    url: z.string().max(4_096).openapi({ description: "The destination (http or https).", example: "https://example.com/spring" }),
    domain: DomainField.optional().openapi({ description: "The short domain; default: the service's." }),
    alias: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .openapi({
        // Empty, or the alias rules' letters, digits, dashes and underscores (5 to 30); the rules' own message otherwise.
        pattern: `^$|${CHOSEN_ALIAS_PATTERN}`,
        maxLength: ALIAS_MAX_LENGTH,
        description: `A custom alias: ${ALIAS_MIN_LENGTH} to ${ALIAS_MAX_LENGTH} letters, digits, dashes and underscores, not a reserved word; empty or absent: a random one.`,
        example: "spring-sale",
      }),
    tags: TagsField.optional(),
    expires_at: ExpiresAtField.optional(),
    description: DescriptionField.optional(),
    routes: RoutesField.optional(),
    // Pixel scripts (issue 20, docs/decisions/047): as on PATCH /update
    pixels: PixelsField.optional(),
  })
  .openapi("CreateLink");

export const route = createRoute({
  method: "post",
  path: "/create",
  operationId: "createAlias",
  summary: "Create a short link",
  tags: ["Links"],
  middleware: [requirePermission("create")] as const,
  request: { body: jsonBody(CreateBody) },
  responses: { ...ok("The new link.", LinkSchema), ...errorResponses() },
});

export function registerCreateAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const now = new Date();
    const fields = await readCreateFields(c, c.req.valid("json"), now);
    if ("errors" in fields) throw unprocessable(fields.errors);
    // Redirect routes need their capability; refused before any credit is spent (docs/decisions/037).
    if (fields.input.routes?.length && !can(caller.owner.subject, "redirect_routes"))
      throw forbidden(`routes: ${ROUTE_MESSAGES.notInPlan}`);
    // Pixel scripts (docs/decisions/047): update_snip_url, as opting in with PATCH /update.
    if (fields.input.pixels && !can(caller.owner.subject, "update_snip_url")) throw forbidden(`pixels: ${MESSAGES.permissionDenied}`);
    // A blocked address (kiosk `ips`, decision 032) creates no links, signed in or not; no credit spent.
    if (await isAddressBlocked(c.env, c.req.raw)) throw forbidden(BLOCKED_ADDRESS_MESSAGE);
    const refund = await spendCredits(c, caller, API_CALL_COST);
    const outcome = await createUserLink(c.env, caller.owner, fields.input, now);
    if (!outcome.ok) {
      await refund();
      const message = outcome.field ? `${outcome.field}: ${outcome.message}` : outcome.message;
      throw outcome.status === 403 ? forbidden(message) : new ApiError("unprocessable", [message]);
    }
    return c.json({ data: toApiLink(c, outcome.link, outcome.tags), code: 0 as const, errors: [] }, 200);
  });
}
