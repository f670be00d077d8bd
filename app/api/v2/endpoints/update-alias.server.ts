/**
 * PATCH /update: alias (new_alias), tags, expiry and description of a link, each field with its
 * plan capability as in the dashboard editor (docs/decisions/008). new_stats is accepted for
 * TinyURL compatibility: Snip's analytics follow the link whatever its alias. Costs 1 credit.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getDb } from "../../../../db/client.server";
import { linkTagsReplacement, setLinkTags } from "../../../../db/dashboard.server";
import { AliasTakenError, updateLink, type Link } from "../../../../db/links.server";
import { listPixels, pixelsJson } from "../../../../db/pixels.server";
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH } from "../../../../domain/alias";
import { API_CALL_COST } from "../../../../domain/api";
import { can, mayEditLinkField, routesApplication, routesLimit, type LinkEditField } from "../../../../domain/entitlements";
import { toCompactRoutes } from "../../../../domain/redirect-routes";
import { ROUTE_MESSAGES } from "../../../forms/link-routes";
import { MESSAGES } from "../../../../domain/messages";
import { linkStores } from "../../../lib/links.server";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { forbidden, notFound, unprocessable } from "../errors.server";
import {
  checkAlias,
  checkDescription,
  checkExpiresAt,
  checkRoutes,
  checkTags,
  FieldErrors,
  ownedLinkOrThrow,
  toApiLink,
} from "../links.server";
import {
  AliasField,
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

export const UpdateBody = z
  .object({
    domain: DomainField,
    alias: AliasField,
    new_alias: z
      .string()
      .max(64)
      .optional()
      .openapi({
        pattern: CHOSEN_ALIAS_PATTERN,
        maxLength: ALIAS_MAX_LENGTH,
        description: `A new alias (${ALIAS_MIN_LENGTH} to ${ALIAS_MAX_LENGTH} letters, digits, dashes and underscores, not a reserved word); the old short link stops answering at once.`,
      }),
    new_stats: z.boolean().optional().openapi({ description: "Accepted for compatibility; analytics always follow the link." }),
    tags: TagsField.optional().openapi({ description: "Replaces the link's tags." }),
    expires_at: ExpiresAtField.optional(),
    description: DescriptionField.optional(),
    routes: RoutesField.optional().openapi({
      description: "Replaces the link's redirect routes (an empty list removes them); needs redirect_routes.",
    }),
    // Pixel scripts (issue 20, docs/decisions/047)
    pixels: PixelsField.optional(),
  })
  .openapi("UpdateLink");

export const route = createRoute({
  method: "patch",
  path: "/update",
  operationId: "updateAlias",
  summary: "Update a link's alias, tags, expiry, description, redirect routes or pixel scripts",
  tags: ["Links"],
  middleware: [requirePermission("update")] as const,
  request: { body: jsonBody(UpdateBody) },
  responses: { ...ok("The updated link.", LinkSchema), ...errorResponses(404) },
});

export function registerUpdateAlias(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const body = c.req.valid("json");
    const now = new Date();
    const errors = new FieldErrors();
    const changes: Partial<Pick<Link, "alias" | "description" | "expiresAt" | "routes" | "routesOn" | "routesUntil" | "pixels">> = {};
    const denied: string[] = [];
    const allow = (field: LinkEditField, name: string) => {
      if (mayEditLinkField(caller.owner.subject, field)) return true;
      denied.push(`${name}: ${MESSAGES.permissionDenied}`);
      return false;
    };

    if (body.new_alias !== undefined && allow("alias", "new_alias")) {
      checkAlias(body.new_alias, errors, "new_alias");
      changes.alias = body.new_alias;
    }
    let tags: string[] | null = null;
    if (body.tags !== undefined && allow("tags", "tags")) tags = checkTags(body.tags, errors);
    if (body.expires_at !== undefined && allow("expires", "expires_at")) {
      const expiresAt = checkExpiresAt(body.expires_at, errors, now);
      if (expiresAt !== undefined) changes.expiresAt = expiresAt;
    }
    if (body.description !== undefined && allow("description", "description"))
      changes.description = checkDescription(body.description, errors);
    if (body.routes !== undefined) {
      // Redirect routes (docs/decisions/037): refused with the reason without the capability.
      if (!can(caller.owner.subject, "redirect_routes")) denied.push(`routes: ${ROUTE_MESSAGES.notInPlan}`);
      else {
        const rules = await checkRoutes(c, body.routes, errors, routesLimit(caller.owner.subject));
        changes.routes = rules.length > 0 ? JSON.stringify(toCompactRoutes(rules)) : null;
        Object.assign(changes, routesApplication(caller.owner.subject, caller.owner.planEndsAt ?? null));
      }
    }
    // Pixel scripts (docs/decisions/047): like every field of the editor, with update_snip_url.
    if (body.pixels !== undefined && !can(caller.owner.subject, "update_snip_url")) denied.push(`pixels: ${MESSAGES.permissionDenied}`);
    if (denied.length > 0) throw forbidden(denied.join(" "));
    errors.throwIfAny();

    const link = await ownedLinkOrThrow(c, caller, body.domain, body.alias);
    if (changes.alias === link.alias) delete changes.alias;
    // Pixel scripts (docs/decisions/047): opting in stores the workspace's pixels as they are now.
    if (body.pixels !== undefined && body.pixels !== (link.pixels !== null))
      changes.pixels = body.pixels ? pixelsJson(await listPixels(getDb(c.env.DB), caller.owner.workspaceId)) : null;
    const refund = await spendCredits(c, caller, API_CALL_COST);
    let updated: Link | null = link;
    const db = getDb(c.env.DB);
    if (Object.keys(changes).length > 0) {
      try {
        // The new tags go in with the change: both are written, or neither.
        const tagWrites = tags !== null ? linkTagsReplacement(db, caller.owner, link.id, tags, now) : [];
        updated = await updateLink(linkStores(c.env, caller.owner), link.id, changes, now, tagWrites);
      } catch (error) {
        if (error instanceof AliasTakenError) {
          await refund();
          throw unprocessable([`new_alias: ${MESSAGES.aliasTaken}`]);
        }
        throw error;
      }
    }
    if (!updated) throw notFound();
    else if (tags !== null && Object.keys(changes).length === 0) await setLinkTags(db, caller.owner, link.id, tags, now);
    return c.json({ data: toApiLink(c, updated, tags ?? link.tags), code: 0 as const, errors: [] }, 200);
  });
}
