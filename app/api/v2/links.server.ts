/**
 * The REST API's link pieces: the Link JSON of every answer, the owned-link lookup (another
 * user's link is a 404, never a 403), and the checks of request fields with the same rules as
 * the web forms (domain/: destination, alias, tags, expiry; the description's bound).
 */
import type { Context } from "hono";
import { getDb } from "../../../db/client.server";
import { getUserLinkByDomainAlias, type LinkWithTags } from "../../../db/dashboard.server";
import type { Link } from "../../../db/links.server";
import { checkCustomAlias } from "../../../domain/alias";
import { checkExpiry, EXPIRY_MESSAGES } from "../../../domain/expiry";
import { tagsSchema } from "../../../domain/tags";
import { checkDestination } from "../../../domain/url";
import { publicLinkStatus } from "../../../domain/link-status";
import { fromCompactRoutes, parseStoredRoutes, type RouteRule } from "../../../domain/redirect-routes";
import { routesSchema } from "../../forms/link-routes";
import { CREATE_MESSAGES, DESCRIPTION_MAX_LENGTH, splitTags } from "../../forms/create-link";
import type { CreateLinkInput } from "../../lib/create-link.server";
import { destinationContext, shortUrl } from "../../lib/links.server";
import type { ApiCaller, ApiEnv } from "./context.server";
import { notFound, unprocessable } from "./errors.server";

export function toApiLink(c: Context<ApiEnv>, link: Link, tags: readonly string[]) {
  const short = shortUrl(c.env, c.req.raw, link);
  return {
    domain: link.domain,
    alias: link.alias,
    url: link.url,
    short_url: short,
    tiny_url: short,
    status: publicLinkStatus(link),
    archived: link.status === "archived",
    deleted: link.status === "deleted",
    description: link.description,
    tags: [...tags],
    expires_at: link.expiresAt ? link.expiresAt.toISOString() : null,
    created_at: link.createdAt.toISOString(),
    routes: fromCompactRoutes(parseStoredRoutes(link.routes)),
    pixels: link.pixels != null,
  };
}

/** Redirect routes in a request, checked by the editor's rules; errors as "routes.0.url: message". */
export async function checkRoutes(c: Context<ApiEnv>, raw: unknown, errors: FieldErrors, max?: number): Promise<RouteRule[]> {
  const result = routesSchema(await destinationContext(c.env, c.req.raw), max).safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.add(["routes", ...issue.path].join("."), issue.message);
  return [];
}

/** The caller's own link (live or archived) on this domain by alias; 404 otherwise. */
export async function ownedLinkOrThrow(c: Context<ApiEnv>, caller: ApiCaller, domain: string, alias: string): Promise<LinkWithTags> {
  const link = await getUserLinkByDomainAlias(getDb(c.env.DB), caller.owner.workspaceId, domain, alias);
  if (!link) throw notFound();
  return link;
}

/** Field problems collected as "field: message". */
export class FieldErrors {
  readonly messages: string[] = [];
  add(field: string, message: string) {
    this.messages.push(`${field}: ${message}`);
  }
  throwIfAny() {
    if (this.messages.length > 0) throw unprocessable(this.messages);
  }
}

export async function checkUrl(c: Context<ApiEnv>, raw: string, errors: FieldErrors, field = "url"): Promise<string | null> {
  const result = checkDestination(raw, await destinationContext(c.env, c.req.raw));
  if (!result.ok) errors.add(field, result.message);
  return result.ok ? result.url : null;
}

export function checkAlias(alias: string, errors: FieldErrors, field = "alias"): void {
  const message = checkCustomAlias(alias);
  if (message) errors.add(field, message);
}

export function checkTags(raw: string | string[], errors: FieldErrors): string[] {
  const result = tagsSchema.safeParse(splitTags(raw));
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors.add(["tags", ...issue.path].join("."), issue.message);
  return [];
}

/** An ISO 8601 date-time within the expiry bounds, null for "never"; undefined when invalid. */
export function checkExpiresAt(raw: string | null, errors: FieldErrors, now: Date): Date | null | undefined {
  if (raw === null || raw === "") return null;
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) ? new Date(raw) : new Date(Number.NaN);
  const message = Number.isNaN(date.getTime()) ? EXPIRY_MESSAGES.invalid : checkExpiry(date, now);
  if (message) {
    errors.add("expires_at", message);
    return undefined;
  }
  return date;
}

export function checkDescription(raw: string | null | undefined, errors: FieldErrors): string | null {
  const text = raw?.trim() ?? "";
  if (text.length > DESCRIPTION_MAX_LENGTH) errors.add("description", CREATE_MESSAGES.descriptionMax);
  return text || null;
}

export interface CreateFields {
  url: string;
  domain?: string | undefined;
  alias?: string | null | undefined;
  tags?: string | string[] | undefined;
  expires_at?: string | null | undefined;
  description?: string | null | undefined;
  routes?: unknown;
  pixels?: boolean | undefined;
}

/** The create fields checked by the web form's rules; the messages when any is wrong. */
export async function readCreateFields(
  c: Context<ApiEnv>,
  body: CreateFields,
  now: Date,
): Promise<{ input: CreateLinkInput } | { errors: string[] }> {
  const errors = new FieldErrors();
  const url = await checkUrl(c, body.url, errors);
  const alias = body.alias?.trim() || null;
  if (alias) checkAlias(alias, errors);
  const tags = body.tags === undefined ? [] : checkTags(body.tags, errors);
  const expiresAt = checkExpiresAt(body.expires_at ?? null, errors, now);
  const description = checkDescription(body.description, errors);
  const routes = body.routes === undefined ? undefined : await checkRoutes(c, body.routes, errors);
  if (errors.messages.length > 0 || url === null || expiresAt === undefined) return { errors: errors.messages };
  return {
    input: {
      url,
      domain: body.domain?.trim() || null,
      alias,
      tags,
      expiresAt,
      description,
      ...(routes ? { routes } : {}),
      ...(body.pixels ? { pixels: true } : {}),
    },
  };
}
