/** The Hono environment of the REST API: the validated env and what each request carries. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiToken } from "../../../db/api-tokens.server";
import type { AppEnv } from "../../env.server";
import type { LinkCreator } from "../../lib/create-link.server";

export interface ApiCaller {
  token: ApiToken;
  /** The token's owner, with the plan in force now. */
  owner: LinkCreator;
}

export type ApiEnv = {
  Bindings: AppEnv;
  Variables: { requestId: string; caller: ApiCaller };
};

export type ApiApp = OpenAPIHono<ApiEnv>;
