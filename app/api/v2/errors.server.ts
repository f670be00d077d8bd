/**
 * The REST API's one error type: an HTTPException carrying a machine type, mapped to its HTTP
 * status and the envelope's numeric code, and the messages for the envelope's `errors`.
 * Unknown errors never reach the client: they become a generic 500 with the request id.
 */
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { API_V2_MESSAGES } from "../../../domain/api";
import { API_MESSAGES } from "../../../domain/api-messages";
import { installZodMessages } from "../../../domain/zod-messages";

/** Type → HTTP status and the envelope's `code` (0 is success). */
export const API_ERRORS = {
  unauthenticated: { status: 401, code: 1 },
  forbidden: { status: 403, code: 2 },
  not_found: { status: 404, code: 3 },
  not_enough_credits: { status: 402, code: 4 },
  unprocessable: { status: 422, code: 5 },
  rate_limited: { status: 429, code: 6 },
  payment_required: { status: 402, code: 7 },
  method_not_allowed: { status: 405, code: 8 },
  internal: { status: 500, code: 9 },
} as const satisfies Record<string, { status: ContentfulStatusCode; code: number }>;

export type ApiErrorType = keyof typeof API_ERRORS;

export class ApiError extends HTTPException {
  readonly type: ApiErrorType;
  readonly errors: string[];
  readonly headers: Record<string, string>;

  constructor(type: ApiErrorType, errors: string[], headers: Record<string, string> = {}) {
    super(API_ERRORS[type].status, { message: errors[0] });
    this.type = type;
    this.errors = errors;
    this.headers = headers;
  }
}

export const unauthenticated = () => new ApiError("unauthenticated", [API_V2_MESSAGES.unauthenticated]);
export const notFound = () => new ApiError("not_found", [API_V2_MESSAGES.notFound]);
/** A path the API has, asked with a method it does not take there: 405 with Allow, as the app's JSON calls answer. */
export const methodNotAllowed = (allow: readonly string[]) =>
  new ApiError("method_not_allowed", [API_MESSAGES.methodNotAllowed], { allow: allow.join(", ") });
export const forbidden = (message: string) => new ApiError("forbidden", [message]);
export const unprocessable = (errors: string[]) =>
  new ApiError("unprocessable", errors.length > 0 ? errors : ["The given data was invalid."]);
/**
 * Spec 01 §2 and §8: the owner's trial is past due, so nothing is written until it is paid for
 * (the pages send them to the subscription page, the JSON calls answer 402 the same way).
 */
export const paymentRequired = () => new ApiError("payment_required", [API_MESSAGES.paymentRequired]);
/** Spec 01 §5 and §8: the key 'not_enough_credits' and its message 'Not enough credits for this operation'. */
export const notEnoughCredits = () =>
  new ApiError("not_enough_credits", [API_V2_MESSAGES.notEnoughCreditsKey, API_V2_MESSAGES.notEnoughCredits]);

// zod's own messages in the API's words ("The url field is required."), for the REST API's
// schemas wherever they are parsed; the worker installs the same (domain/zod-messages.ts).
installZodMessages();

/** Zod issues as messages: "field: message" (the path joined with dots), or the message alone. */
export function zodMessages(error: ZodError): string[] {
  return error.issues.map((issue) => {
    const message = issue.message;
    return issue.path.length > 0 ? `${issue.path.join(".")}: ${message}` : message;
  });
}

/** Any thrown value as an ApiError: ours as they are, Hono's bad-body answers as 422, the rest 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
    if (error.status === 400) return unprocessable([API_V2_MESSAGES.invalidJson]);
    if (error.status === 415) return unprocessable(["Send the request body as JSON (Content-Type: application/json)."]);
    if (error.status === 401) return unauthenticated();
    if (error.status === 404) return notFound();
    return unprocessable([error.message || "The request is invalid."]);
  }
  return new ApiError("internal", [API_V2_MESSAGES.internal]);
}
