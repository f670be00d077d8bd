/**
 * GET /urls/{type}: the owner's links, available (live, expired or not) or archived, newest
 * first, filtered by `search` (alias text, or the dashboard's `type:query` form: alias:, url:,
 * tag:) and `tag` (exact), a page at a time with a link to the next. Costs 1 credit.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getDb } from "../../../../db/client.server";
import { listUserLinks } from "../../../../db/dashboard.server";
import { API_CALL_COST } from "../../../../domain/api";
import { parseLinkSearch } from "../../../../domain/link-search";
import { requirePermission, spendCredits } from "../auth.server";
import type { ApiApp } from "../context.server";
import { toApiLink } from "../links.server";
import { errorResponses, LinkSchema } from "../schemas";

export const API_LIST_MAX_PER_PAGE = 100;
export const API_LIST_DEFAULT_PER_PAGE = 25;
export const API_LIST_MAX_PAGE = 1_000_000;

export const ListTypeParams = z.object({
  type: z.enum(["available", "archived"]).openapi({ param: { name: "type", in: "path" } }),
});

export const ListFilters = z.object({
  search: z.string().max(200).optional().openapi({ description: "Alias text, or alias:…, url:…, tag:…" }),
  tag: z.string().max(100).optional().openapi({ description: "Only links with this tag." }),
});

const PageQuery = ListFilters.extend({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_LIST_MAX_PAGE)
    .default(1)
    .openapi({ type: "integer", minimum: 1, maximum: API_LIST_MAX_PAGE }),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_LIST_MAX_PER_PAGE)
    .default(API_LIST_DEFAULT_PER_PAGE)
    .openapi({ type: "integer", minimum: 1, maximum: API_LIST_MAX_PER_PAGE }),
});

export const route = createRoute({
  method: "get",
  path: "/urls/{type}",
  operationId: "listUrls",
  summary: "List links",
  tags: ["Links"],
  middleware: [requirePermission("read")] as const,
  request: { params: ListTypeParams, query: PageQuery },
  responses: {
    200: {
      description: "A page of links, newest first.",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(LinkSchema),
            code: z.literal(0),
            errors: z.array(z.string()).max(0),
            meta: z.object({
              page: z.number().int(),
              per_page: z.number().int(),
              total: z.number().int(),
              next: z.string().nullable().openapi({ description: "The next page's URL; null on the last page." }),
            }),
          }),
        },
      },
    },
    ...errorResponses(),
  },
});

export function searchOf(filters: z.infer<typeof ListFilters>) {
  return filters.search ? parseLinkSearch(filters.search) : null;
}

export function registerListUrls(app: ApiApp) {
  app.openapi(route, async (c) => {
    const caller = c.get("caller");
    const { type } = c.req.valid("param");
    const query = c.req.valid("query");
    await spendCredits(c, caller, API_CALL_COST);
    const { links, total } = await listUserLinks(getDb(c.env.DB), {
      workspaceId: caller.owner.workspaceId,
      state: type === "archived" ? "archived" : "available",
      search: searchOf(query),
      tag: query.tag ?? null,
      sort: "newest",
      page: query.page,
      pageSize: query.per_page,
    });
    let next: string | null = null;
    if (query.page * query.per_page < total) {
      const url = new URL(c.req.url);
      url.searchParams.delete("api_token"); // never echo a credential into a URL a client may log
      url.searchParams.set("page", String(query.page + 1));
      url.searchParams.set("per_page", String(query.per_page));
      next = url.toString();
    }
    return c.json(
      {
        data: links.map((link) => toApiLink(c, link, link.tags)),
        code: 0 as const,
        errors: [],
        meta: { page: query.page, per_page: query.per_page, total, next },
      },
      200,
    );
  });
}
