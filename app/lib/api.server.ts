/**
 * Shared pieces of the JSON calls under /app/api (spec 01 §7): one response envelope, one error
 * shape {message, errors?}, the guards (they throw Responses, so handlers read top to bottom),
 * and reading a JSON or form body through a zod schema. Bad input is a 4xx, never a 500.
 */
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { API_MESSAGES } from "../../domain/api-messages";
import { AJAX_HEADER, AJAX_HEADER_VALUE } from "./api-protocol";
import { formDataWithin, readBodyWithin } from "./body-limit.server";
import { getViewer, type Viewer } from "../session.server";

type Context = Readonly<RouterContextProvider>;

/** Answers of the API are about one user at one moment: never stored by caches. */
const NO_STORE = "no-store";

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("cache-control", NO_STORE);
  return Response.json(body, { ...init, headers });
}

export function noContent(headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("cache-control", NO_STORE);
  return new Response(null, { status: 204, headers: merged });
}

export type FieldErrors = Record<string, string[]>;

export function apiError(status: number, message: string, errors?: FieldErrors, headers?: HeadersInit): Response {
  return json(errors ? { message, errors } : { message }, { status, headers });
}

/** The signed-in viewer, or a thrown 401 with the given message. */
export function requireApiViewer(context: Context, message: string = API_MESSAGES.notAuthorized): Viewer {
  const viewer = getViewer(context);
  if (!viewer) throw apiError(401, message);
  return viewer;
}

/** Carries the ajax marker header, which a cross-site page cannot send without a CORS preflight. */
export function isAjax(request: Request): boolean {
  return request.headers.get(AJAX_HEADER)?.toLowerCase() === AJAX_HEADER_VALUE.toLowerCase();
}

/** A handler for methods a route does not take: 405 with the methods it does take. */
export function methodNotAllowed(allow: string): () => Response {
  return () => apiError(405, API_MESSAGES.methodNotAllowed, undefined, { allow });
}

/** Bodies of these calls are small: a list of ids, a password. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body as a plain object: JSON, or a form (urlencoded or multipart) where a repeated name
 * or one ending in [] becomes a list. An empty body is {}. Throws 413, 415 or 422.
 */
export async function readBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") {
    const body = await formDataWithin(request, MAX_BODY_BYTES);
    if (!body.ok && body.reason === "too-large") throw apiError(413, API_MESSAGES.payloadTooLarge);
    if (!body.ok) throw apiError(422, API_MESSAGES.invalidData, { body: [API_MESSAGES.invalidData] });
    return formToObject(body.form);
  }
  // The bytes read are counted, not the Content-Length header (a chunked body has none).
  const bytes = await readBodyWithin(request, MAX_BODY_BYTES);
  if (bytes === null) throw apiError(413, API_MESSAGES.payloadTooLarge);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return {};
  if (type === "application/json" || type.endsWith("+json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw apiError(422, API_MESSAGES.invalidJson, { body: [API_MESSAGES.invalidJson] });
    }
  }
  if (type === "application/x-www-form-urlencoded") return formToObject(new URLSearchParams(text));
  throw apiError(415, API_MESSAGES.unsupportedMediaType);
}

function formToObject(form: { keys(): Iterable<string>; getAll(name: string): unknown[] }): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const rawKey of new Set(form.keys())) {
    const values = form.getAll(rawKey).filter((value): value is string => typeof value === "string");
    const isList = rawKey.endsWith("[]");
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    result[key] = isList || values.length > 1 ? values : values[0];
  }
  return result;
}

/** Field errors keyed by path ("notifications", "notifications.0"), first-seen order kept. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The body validated by `schema`, or a thrown 422 {message, errors}. */
export async function validateBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const body = await readBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(422, API_MESSAGES.invalidData, { body: [API_MESSAGES.bodyNotObject] });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw apiError(422, API_MESSAGES.invalidData, zodFieldErrors(result.error));
  return result.data;
}
