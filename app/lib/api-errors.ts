/**
 * The global handling of a JSON call's answer (spec 01 §8), as a pure function: from the
 * status and the content type to what the browser shows. Browser-safe; app/lib/api-client.ts
 * carries it out, tests/unit/api-errors.test.ts pins it down.
 */
import { API_MESSAGES } from "../../domain/api-messages";

export type ApiOutcome =
  /** A success the caller uses. */
  | { kind: "ok" }
  /** An error modal with a title. */
  | { kind: "modal"; title: string; message: string }
  /** A toast that stays TOAST_INTERCEPTOR_MS. */
  | { kind: "toast"; message: string }
  /** 401: clear the logged-in flag, say so, reload. */
  | { kind: "session-expired"; message: string }
  /** 423: ask for the password again; if confirmed, repeat the request. */
  | { kind: "confirm-password" }
  /** Nothing global: the caller reads `message` and `errors` (422 field errors and other JSON 4xx). */
  | { kind: "caller" };

export interface ApiAnswer {
  status: number;
  /** The Content-Type header, or null. */
  contentType: string | null;
  /** True when the answer has no body (204, 205, 304, or Content-Length 0). */
  empty: boolean;
}

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

const INVALID: ApiOutcome = { kind: "modal", title: API_MESSAGES.invalidTitle, message: API_MESSAGES.generic };

/** Statuses with a fixed message, whatever the body (the worker's own 419 is plain text). */
const STATUS_TOASTS: Readonly<Record<number, string>> = {
  402: API_MESSAGES.paymentRequired,
  403: API_MESSAGES.permissionDenied,
  404: API_MESSAGES.notFound,
  419: API_MESSAGES.securityCheck,
  431: API_MESSAGES.generic,
};

/**
 * What to show for an answer. A status the spec names wins over the body; otherwise a body that
 * is not JSON (an HTML page where data was expected) is the 'Invalid' error.
 */
export function classifyApiAnswer({ status, contentType, empty }: ApiAnswer): ApiOutcome {
  if (status >= 200 && status < 300) return empty || isJsonContentType(contentType) ? { kind: "ok" } : INVALID;
  if (status >= 500) return { kind: "toast", message: API_MESSAGES.generic };
  if (status === 401) return { kind: "session-expired", message: API_MESSAGES.sessionExpired };
  if (status === 423) return { kind: "confirm-password" };
  const fixed = STATUS_TOASTS[status];
  if (fixed) return { kind: "toast", message: fixed };
  return isJsonContentType(contentType) ? { kind: "caller" } : INVALID;
}

/** A request that never got an answer (offline, aborted by the network). */
export const NETWORK_FAILURE: ApiOutcome = { kind: "toast", message: API_MESSAGES.generic };

/** The error body every JSON call uses: {message, errors?}. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** Reads {message, errors?} out of a parsed body; null when it has another shape. */
export function toApiErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== "object" || value === null) return null;
  const { message, errors } = value as { message?: unknown; errors?: unknown };
  if (typeof message !== "string") return null;
  if (errors === undefined) return { message };
  if (typeof errors !== "object" || errors === null || Array.isArray(errors)) return { message };
  const fields: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) {
    if (Array.isArray(list)) fields[field] = list.filter((item): item is string => typeof item === "string");
  }
  return { message, errors: fields };
}
