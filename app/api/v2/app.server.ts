/**
 * The public REST API (issue 5, docs/decisions/011): Hono with zod schemas (@hono/zod-openapi),
 * one file per endpoint under ./endpoints, mounted at /api so a TinyURL API v2 client changes
 * only its base URL; the OpenAPI document made from the same schemas at /openapi/v2.json.
 * Every answer is the envelope {data, code, errors}; errors carry a request id.
 */
import { readBodyWithin } from "../../lib/body-limit.server";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { API_MAX_BODY_BYTES, API_V2_BASE, API_V2_MESSAGES, OPENAPI_V2_PATH } from "../../../domain/api";
import { authenticate } from "./auth.server";
import type { ApiEnv } from "./context.server";
import { API_ERRORS, methodNotAllowed, notFound, toApiError, unprocessable, zodMessages } from "./errors.server";
import { registerAnalyticsBreakdown } from "./endpoints/analytics-breakdown.server";
import { registerAnalyticsGeneral } from "./endpoints/analytics-general.server";
import { registerAnalyticsTimeline } from "./endpoints/analytics-timeline.server";
import { registerArchiveAlias } from "./endpoints/archive-alias.server";
import { registerBulkCreate } from "./endpoints/bulk-create.server";
import { registerChangeUrl } from "./endpoints/change-url.server";
import { registerCountUrls } from "./endpoints/count-urls.server";
import { registerCreateAlias } from "./endpoints/create-alias.server";
import { registerDeleteAlias } from "./endpoints/delete-alias.server";
import { registerGetAlias } from "./endpoints/get-alias.server";
import { registerListUrls } from "./endpoints/list-urls.server";
import { registerUnarchiveAlias } from "./endpoints/unarchive-alias.server";
import { registerUpdateAlias } from "./endpoints/update-alias.server";

const ENDPOINTS = [
  registerCreateAlias,
  registerBulkCreate,
  registerGetAlias,
  registerDeleteAlias,
  registerUpdateAlias,
  registerChangeUrl,
  registerArchiveAlias,
  registerUnarchiveAlias,
  registerListUrls,
  registerCountUrls,
  registerAnalyticsTimeline,
  registerAnalyticsGeneral,
  registerAnalyticsBreakdown,
];

function errorResponse(c: Context<ApiEnv>, error: unknown): Response {
  const apiError = toApiError(error);
  if (apiError.type === "internal") console.error(`api: request ${c.get("requestId")} failed`, error);
  const { status, code } = API_ERRORS[apiError.type];
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  return c.json({ data: null, code, errors: apiError.errors, request_id: c.get("requestId") }, status);
}

function buildApi() {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw unprocessable(zodMessages(result.error));
    },
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API token from Settings → API: `Authorization: Bearer snip_…`.",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "apiTokenQuery", {
    type: "apiKey",
    in: "query",
    name: "api_token",
    description: "The same token as the `api_token` query value.",
  });
  api.use("*", authenticate);
  for (const register of ENDPOINTS) register(api);
  return api;
}

const api = buildApi();

/** Each operation's method and its path as a pattern under the base ({param}: one segment), from the same registry as the document. */
const OPERATIONS = api.openAPIRegistry.definitions.flatMap((definition) =>
  definition.type === "route"
    ? [
        {
          method: definition.route.method.toUpperCase(),
          pattern: new RegExp(
            `^${(API_V2_BASE + definition.route.path).replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
          ),
        },
      ]
    : [],
);

/** The methods the API takes on this path (HEAD with GET, as Hono answers it); none when it has no such path. */
function allowedMethods(pathname: string): string[] {
  const methods = OPERATIONS.filter((op) => op.pattern.test(pathname)).flatMap((op) =>
    op.method === "GET" ? ["GET", "HEAD"] : [op.method],
  );
  return [...new Set(methods)];
}

/** The OpenAPI document, made once per isolate from the route schemas. */
let openApiDocument: unknown;
export function getOpenApiDocument(): unknown {
  openApiDocument ??= api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Snip API",
      version: "2.0.0",
      description:
        "Create and manage short links and read their analytics. Request fields and the response envelope `{data, code, errors}` follow TinyURL's API v2, so a client of it changes only its base URL. " +
        "Authenticate with an API token (Settings → API) as `Authorization: Bearer …` or the `api_token` query value. " +
        "Every call costs 1 API credit (a bulk call 1 a link) from the plan's monthly allowance; each token may make a limited number of requests a minute (X-RateLimit-* headers).",
    },
    servers: [{ url: API_V2_BASE, description: "This service" }],
    security: [{ bearerAuth: [] }, { apiTokenQuery: [] }],
  });
  return openApiDocument;
}

const root = new Hono<ApiEnv>();
root.use("*", async (c, next) => {
  c.set("requestId", crypto.randomUUID());
  await next();
  c.header("x-request-id", c.get("requestId"));
  c.header("cache-control", "no-store");
});
// Tokens, never cookies: any origin may call the API, and no browser credentials are taken.
root.use(
  `${API_V2_BASE}/*`,
  cors({
    origin: "*",
    allowHeaders: ["Authorization", "Content-Type"],
    allowMethods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
    exposeHeaders: ["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"],
    maxAge: 600,
  }),
);
// The whole body is read before anything answers: an answer given while a body is unread (401,
// 429, 415) would leave bytes on the connection, which then cannot be reused.
root.use(`${API_V2_BASE}/*`, async (c, next) => {
  if (c.req.raw.body) {
    // Counted as read, not taken from Content-Length: reading stops past the limit.
    const body = await readBodyWithin(c.req.raw, API_MAX_BODY_BYTES);
    if (body === null) throw unprocessable([API_V2_MESSAGES.bodyTooLarge]);
    // Where c.req.arrayBuffer() keeps it: the handlers' c.req.json() and validators read it from there.
    (c.req.bodyCache as Record<string, Promise<unknown>>).arrayBuffer = Promise.resolve(body.buffer);
  }
  await next();
});
root.get(OPENAPI_V2_PATH, (c) => {
  c.header("access-control-allow-origin", "*");
  return c.json(getOpenApiDocument() as object);
});
root.route(API_V2_BASE, api);
// A path the API has, with another method (GET /create): 405 and the methods it takes; else 404.
root.notFound((c) => {
  const allow = allowedMethods(new URL(c.req.url).pathname);
  return errorResponse(c, allow.length > 0 ? methodNotAllowed(allow) : notFound());
});
root.onError((error, c) => errorResponse(c, error));

/** Does this path belong to the REST API or its document? */
export function isApiPath(pathname: string): boolean {
  return pathname === API_V2_BASE || pathname.startsWith(`${API_V2_BASE}/`) || pathname === OPENAPI_V2_PATH;
}

export const apiHandler = root;
