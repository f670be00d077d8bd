/**
 * Helpers of the REST API tests: users made through the real sign-up form (each in a request
 * context of its own), tokens through /__dev/fixtures (as Settings → API makes them), and one
 * `call` that sends a request to an operation of the OpenAPI document and checks the request
 * and the answer against that document (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { newUser, TEST_PASSWORD } from "./accounts";
import { apiContext, BASE_URL, expect, SAME_ORIGIN, wranglerVar } from "./fixtures";

export const API_BASE = `${BASE_URL}/api`;
export const SHORT_HOST = wranglerVar("SHORT_HOST");
export const ALL_PERMISSIONS = ["read", "create", "update", "change", "archive", "delete", "analytics", "bulk"] as const;
export type Permission = (typeof ALL_PERMISSIONS)[number];
export const NOT_ENOUGH_CREDITS = ["not_enough_credits", "Not enough credits for this operation"] as const;

export interface ApiUser {
  email: string;
  password: string;
  /** A request context signed in as this user (its cookie jar holds the session). */
  session: APIRequestContext;
}

/**
 * Signs a new user up through /app/register and gives them a plan (default pro, which has the API).
 * The session is an apiContext; `_playwright` is no longer used, kept so the callers stay as they are.
 */
export async function registerApiUser(plan = "pro"): Promise<ApiUser> {
  const user = newUser("api");
  const session = await apiContext();
  const registered = await session.post("/app/register", {
    form: { name: user.name, email: user.email, password: TEST_PASSWORD },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(registered.status(), `sign-up of ${user.email}`).toBe(302);
  await fixture(session, { action: "subscription", email: user.email, plan });
  return { email: user.email, password: TEST_PASSWORD, session };
}

export async function fixture(request: APIRequestContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await request.post(`${BASE_URL}/__dev/fixtures`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

export interface TokenOptions {
  permissions?: readonly Permission[];
  rateLimitPerMinute?: number;
  expiresAt?: string;
}

export async function apiToken(user: ApiUser, options: TokenOptions = {}): Promise<{ id: string; token: string }> {
  const data = await fixture(user.session, { action: "api-token", email: user.email, ...options });
  return { id: String(data.id), token: String(data.token) };
}

/** Revokes a token the way a user does: the revoke button of Settings → API (a plain form post). */
export async function revokeToken(user: ApiUser, tokenId: string): Promise<void> {
  const response = await user.session.post("/app/settings/api", {
    form: { intent: "revoke", tokenId },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document as the oracle
// ---------------------------------------------------------------------------------------------

type Operation = {
  requestBody?: { content: { "application/json": { schema: unknown } } };
  parameters?: { name: string; in: string; schema: unknown }[];
  responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; servers: { url: string }[] };

export class Contract {
  readonly exercised = new Map<string, Set<number>>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  private constructor(readonly document: Document) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, "openapi");
  }

  static async load(request: APIRequestContext): Promise<Contract> {
    const response = await request.get(`${BASE_URL}/openapi/v2.json`);
    expect(response.status()).toBe(200);
    return new Contract((await response.json()) as Document);
  }

  /** "METHOD /template" of every operation in the document. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  }

  operation(key: string): Operation {
    const [method, path] = key.split(" ") as [string, string];
    const op = this.document.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${key} is not in the OpenAPI document`);
    return op;
  }

  private validator(pointer: string[]): ValidateFunction {
    const ref = `openapi#/${pointer.map((p) => encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /** The request body must match the operation's request schema. */
  checkRequestBody(key: string, body: unknown): void {
    const op = this.operation(key);
    expect(op.requestBody, `${key} takes a JSON body`).toBeDefined();
    const [method, path] = key.split(" ") as [string, string];
    const validate = this.validator(["paths", path, method.toLowerCase(), "requestBody", "content", "application/json", "schema"]);
    expect(validate(body), `${key} request body: ${this.ajv.errorsText(validate.errors)}`).toBe(true);
  }

  /** Every query value sent must be a parameter the operation declares. */
  checkQuery(key: string, query: Record<string, string>): void {
    const declared = new Set((this.operation(key).parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
    for (const name of Object.keys(query)) if (name !== "api_token") expect(declared, `${key} declares ?${name}`).toContain(name);
  }

  /** The status must be documented for the operation and the body must match its schema. */
  checkResponse(key: string, status: number, body: unknown): void {
    const op = this.operation(key);
    expect(Object.keys(op.responses), `${key} documents status ${status}: ${JSON.stringify(body)}`).toContain(String(status));
    const [method, path] = key.split(" ") as [string, string];
    const validate = this.validator([
      "paths",
      path,
      method.toLowerCase(),
      "responses",
      String(status),
      "content",
      "application/json",
      "schema",
    ]);
    expect(validate(body), `${key} ${status} answer: ${this.ajv.errorsText(validate.errors)} in ${JSON.stringify(body)}`).toBe(true);
    if (!this.exercised.has(key)) this.exercised.set(key, new Set());
    this.exercised.get(key)!.add(status);
  }
}

export interface CallOptions {
  token?: string | null;
  /** How the token travels: the Authorization header (default) or the api_token query value. */
  via?: "bearer" | "query";
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, checked against the request schema unless `unchecked`. */
  body?: unknown;
  /** A body sent as it is (malformed input). */
  raw?: string;
  contentType?: string;
  unchecked?: boolean;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the document, then read freely
  body: any;
  response: APIResponse;
}

/** Sends a request to one operation ("METHOD /template") and checks request and answer against the document. */
export async function call(request: APIRequestContext, contract: Contract, key: string, options: CallOptions = {}): Promise<CallResult> {
  const [method, template] = key.split(" ") as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ""));
  const query = { ...options.query };
  if (options.query) contract.checkQuery(key, query);
  const headers: Record<string, string> = {};
  if (options.token && options.via !== "query") headers.authorization = `Bearer ${options.token}`;
  if (options.token && options.via === "query") query.api_token = options.token;
  if (options.body !== undefined && !options.unchecked) contract.checkRequestBody(key, options.body);
  let data: string | undefined;
  if (options.raw !== undefined) data = options.raw;
  else if (options.body !== undefined) data = JSON.stringify(options.body);
  if (data !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const qs = new URLSearchParams(query).toString();
  const response = await request.fetch(`${API_BASE}${path}${qs ? `?${qs}` : ""}`, { method, headers, data, maxRedirects: 0 });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${key} answered ${response.status()} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  contract.checkResponse(key, response.status(), body);
  return { status: response.status(), body, response };
}
