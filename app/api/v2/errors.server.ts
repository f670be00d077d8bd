/**
 * The REST API's one error type: an HTTPException carrying a machine type, mapped to its HTTP
 * status and the envelope's numeric code, and the messages for the envelope's `errors`.
 * Unknown errors never reach the client: they become a generic 500 with the request id.
 */
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { API_V2_MESSAGES } from "../../../domain/api";

/** Type → HTTP status and the envelope's `code` (0 is success). */
export const API_ERRORS = {
  unauthenticated: { status: 401, code: 1 },
  forbidden: { status: 403, code: 2 },
  not_found: { status: 404, code: 3 },
  not_enough_credits: { status: 402, code: 4 },
  unprocessable: { status: 422, code: 5 },
  rate_limited: { status: 429, code: 6 },
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
export const forbidden = (message: string) => new ApiError("forbidden", [message]);
export const unprocessable = (errors: string[]) =>
  new ApiError("unprocessable", errors.length > 0 ? errors : ["The given data was invalid."]);
/** Spec 01 §5 and §8: the key 'not_enough_credits' and its message 'Not enough credits for this operation'. */
export const notEnoughCredits = () =>
  new ApiError("not_enough_credits", [API_V2_MESSAGES.notEnoughCreditsKey, API_V2_MESSAGES.notEnoughCredits]);

type ZodIssue = ZodError["issues"][number];

/** The field an issue is about, as the messages name it: the last key of its path, words spaced. */
function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === "string");
  return key ? key.replaceAll("_", " ") : "value";
}

const KIND: Record<string, string> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/**
 * The message of one issue. The schemas' own messages (refinements, the domain's rules) are kept;
 * zod's built-in English ones ("Too big: expected string to have <=4096 characters") are said the
 * way the API's other messages are ("The url must not be greater than 4096 characters.").
 */
export function issueMessage(issue: ZodIssue): string {
  const field = fieldLabel(issue.path);
  const message = issue.message;
  switch (issue.code) {
    case "too_big":
      if (!message.startsWith("Too big")) return message;
      if (issue.origin === "string") return `The ${field} must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `The ${field} must not have more than ${issue.maximum} items.`;
      return `The ${field} must not be greater than ${issue.maximum}.`;
    case "too_small":
      if (!message.startsWith("Too small")) return message;
      if (issue.origin === "string") return `The ${field} must be at least ${issue.minimum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `The ${field} must have at least ${issue.minimum} items.`;
      return `The ${field} must be at least ${issue.minimum}.`;
    case "invalid_type":
      if (!message.startsWith("Invalid input")) return message;
      if (message.endsWith("received undefined")) return `The ${field} field is required.`;
      if (issue.path.length === 0 && issue.expected === "object") return "The request body must be a JSON object.";
      if (issue.expected === "int") return `The ${field} must be a whole number.`;
      return `The ${field} must be ${KIND[issue.expected] ?? `of type ${issue.expected}`}.`;
    case "invalid_value":
      return message.startsWith("Invalid option") || message.startsWith("Invalid input") ? `The selected ${field} is invalid.` : message;
    case "invalid_union":
      return message === "Invalid input" ? `The ${field} is invalid.` : message;
    case "invalid_format":
      if (!message.startsWith("Invalid")) return message;
      return issue.format === "datetime" ? `The ${field} is not a valid date and time (ISO 8601).` : `The ${field} format is invalid.`;
    default:
      return message;
  }
}

/** Zod issues as messages: "field: message" (the path joined with dots), or the message alone. */
export function zodMessages(error: ZodError): string[] {
  return error.issues.map((issue) => {
    const message = issueMessage(issue);
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
