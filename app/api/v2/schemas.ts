/**
 * The REST API's shared schemas (request fields as TinyURL's API v2 names them, the response
 * envelope `{data, code, errors}`), from which both the validation and the OpenAPI document
 * are made.
 */
import { z } from "@hono/zod-openapi";
import { CLICK_DIMENSIONS } from "../../../db/schema/clicks";
import { MAX_ROUTES_PER_LINK, ROUTE_CONDITIONS } from "../../../domain/redirect-routes";
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH } from "../../../domain/alias";
import { MAX_TAGS_PER_LINK, TAG_MAX_LENGTH, TAG_MESSAGES, TAG_MIN_LENGTH } from "../../../domain/tag-rules";
import { DESCRIPTION_MAX_LENGTH } from "../../forms/create-link-rules";

export const DomainField = z.string().min(1).max(253).openapi({ description: "The short domain.", example: "localhost:8787" });
export const AliasField = z.string().min(1).max(64).openapi({ description: "The link's alias.", example: "my-link" });
export const TagsField = z
  // More than 50 is refused here with the rule's own message (a link keeps at most MAX_TAGS_PER_LINK);
  // up to 50 reach the tag rules, which name the tag at fault. The document states the rules' bounds.
  .union([
    z
      .array(z.string().max(100).openapi({ maxLength: TAG_MAX_LENGTH }))
      .max(50, { error: TAG_MESSAGES.tooMany })
      .openapi({ maxItems: MAX_TAGS_PER_LINK }),
    z.string().max(2_000),
  ])
  .openapi({
    description: `Tags, as a list or one comma-separated string: at most ${MAX_TAGS_PER_LINK}, each ${TAG_MIN_LENGTH} to ${TAG_MAX_LENGTH} characters once spaces are removed (lower-cased; empty ones ignored, duplicates refused).`,
    example: ["news", "summer-sale"],
  });
export const ExpiresAtField = z
  .string()
  .max(64)
  .nullable()
  .openapi({ description: "When the link expires (ISO 8601 date-time); null for never.", example: "2027-01-31T12:00:00Z" });
export const DescriptionField = z
  .string()
  .max(1_000)
  .nullable()
  // Longer texts reach checkDescription, which answers with the form's message; the document says the bound.
  .openapi({ maxLength: DESCRIPTION_MAX_LENGTH, description: `Up to ${DESCRIPTION_MAX_LENGTH} characters.`, example: "Spring campaign" });

/** A chosen alias as the alias rules take it (domain/alias.ts); reserved words are refused too. */
export const CHOSEN_ALIAS_PATTERN = `^[A-Za-z0-9_-]{${ALIAS_MIN_LENGTH},${ALIAS_MAX_LENGTH}}$`;

/** Redirect routes (issue 20, docs/decisions/037): one rule as the API reads and answers it. */
export const RouteRuleSchema = z
  .object({
    id: z.string().openapi({ description: "The rule's id: what the analytics' route breakdown names it by." }),
    condition: z.enum(ROUTE_CONDITIONS),
    values: z.array(z.string()).openapi({
      description:
        "What the condition matches: country codes (US), region codes (US-CA), device types (desktop, mobile, tablet), OS ids (windows, macos, ios, android, linux, chromeos), browser ids (chrome, safari, firefox, edge, opera, samsung), language codes (en, pt-BR), referrer hosts (news.example.com). Empty for a time window.",
      example: ["FR", "BE"],
    }),
    from: z.string().nullable().openapi({ description: "Start of a time window, HH:MM UTC; null for other conditions.", example: null }),
    to: z
      .string()
      .nullable()
      .openapi({ description: "End of a time window (excluded), HH:MM UTC; null for other conditions.", example: null }),
    url: z.string().openapi({ description: "Where a matching visitor goes.", example: "https://example.fr/" }),
  })
  .openapi("RouteRule");

export const RoutesField = z
  .array(
    z.object({
      id: z.string().max(32).optional().openapi({ description: "Keep a rule's id to keep its analytics; absent for a new rule." }),
      condition: z
        .string()
        .max(32)
        .openapi({ description: `One of ${ROUTE_CONDITIONS.join(", ")}.`, example: "language" }),
      values: z
        .union([z.array(z.string().max(300)).max(100), z.string().max(4_000)])
        .optional()
        .openapi({ description: "A list, or one comma-separated string.", example: ["fr"] }),
      from: z.string().max(8).nullable().optional().openapi({ description: "HH:MM UTC, for a time window.", example: "09:00" }),
      to: z.string().max(8).nullable().optional().openapi({ description: "HH:MM UTC, for a time window.", example: "17:00" }),
      url: z
        .string()
        .max(4_096)
        .openapi({ description: "The rule's destination (the link's destination rules apply).", example: "https://example.fr/" }),
    }),
  )
  .max(100)
  .openapi({
    description: `Redirect routes, in order (the first matching rule wins; others go to url). At most ${MAX_ROUTES_PER_LINK}; an empty list removes them. Needs the redirect_routes capability.`,
  });

/**
 * Pixel scripts (issue 20, docs/decisions/047): a link opts in to its workspace's pixels as a
 * whole (the record carries the workspace's set, rewritten on every change), so the field is a
 * boolean; ids or anything else are refused with this message (422).
 */
export const PIXELS_FIELD_MESSAGE =
  "Send true or false: a link fires every pixel of its own workspace (manage them under Settings → Custom Pixel Scripts); pixel ids are not accepted here.";
export const PixelsField = z.boolean({ error: PIXELS_FIELD_MESSAGE }).openapi({
  description:
    "Whether the link fires its workspace's retargeting pixels (Custom Pixel Scripts) before redirecting: all of the workspace's pixels, as they are now and after every change. Needs the update_snip_url capability.",
});

export const LinkSchema = z
  .object({
    domain: z.string(),
    alias: z.string(),
    url: z.string().openapi({ description: "The destination." }),
    short_url: z.string(),
    tiny_url: z.string().openapi({ description: "The same as short_url, under the name TinyURL's API uses." }),
    status: z.enum(["active", "archived", "deleted", "terminated"]).openapi({
      description:
        "terminated: staff hold the link (for violating the terms, its account terminated, or its destination's domain banned): visitors get 451 This link has been disabled.",
    }),
    archived: z.boolean(),
    deleted: z.boolean(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    expires_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    routes: z.array(RouteRuleSchema).openapi({ description: "Redirect routes, in order; applied while the plan has redirect_routes." }),
    // Pixel scripts (issue 20, docs/decisions/047)
    pixels: z.boolean().openapi({ description: "Whether the link fires the workspace's retargeting pixels before redirecting." }),
  })
  .openapi("Link");

/** A successful answer: `data`, `code` 0, no errors. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, code: z.literal(0), errors: z.array(z.string()).max(0) });
}

export const ErrorSchema = z
  .object({
    data: z.null(),
    code: z.number().int().min(1).openapi({
      description:
        "1 unauthenticated, 2 forbidden, 3 not found, 4 not enough credits, 5 invalid, 6 rate limited, 7 payment required (the owner's trial is past due), 8 method not allowed (the path takes other methods; see Allow), 9 internal.",
    }),
    errors: z.array(z.string()).min(1),
    request_id: z.string(),
  })
  .openapi("Error");

const ERROR_DESCRIPTIONS = {
  401: "No token, an unknown, expired or revoked token.",
  402: "Not enough API credits this month: errors holds 'not_enough_credits' and 'Not enough credits for this operation'. Or, for any call but a read, the owner's trial is past due: code 7 and 'Payment Required' until the subscription is paid for.",
  403: "The token lacks the permission, or the owner's plan lacks the capability.",
  404: "No such link among the owner's links.",
  422: "Invalid input (including a body that is not JSON).",
  429: "Over the token's requests a minute; see Retry-After.",
  500: "An unexpected error; errors carries no detail, request_id identifies it.",
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(
    [401, 402, 403, 422, 429, 500, ...statuses].map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status as ErrorStatus], content: { "application/json": { schema: ErrorSchema } } },
    ]),
  ) as Record<ErrorStatus, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }>;
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

export function ok<T extends z.ZodType>(description: string, data: T) {
  return { 200: { description, content: { "application/json": { schema: envelope(data) } } } };
}

export const LinkRefBody = z.object({ domain: DomainField, alias: AliasField });

export const RangeQuery = z.object({
  domain: DomainField,
  alias: AliasField,
  from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Start (inclusive); default: 7 days before `to`." }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: "End (exclusive); default: now." }),
});

export const TotalsSchema = z.object({ clicks: z.number().int(), uniques: z.number().int(), bot_clicks: z.number().int() });
export const BreakdownSchema = z.object({
  rows: z.array(z.object({ value: z.string(), clicks: z.number().int() })),
  other: z.number().int().openapi({ description: "Human clicks outside the rows shown." }),
});
export const DimensionParam = z.enum(CLICK_DIMENSIONS);
export const LinkRefSchema = LinkRefBody.openapi("LinkRef");
