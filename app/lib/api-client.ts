/**
 * The browser's client for the JSON calls under /app/api (spec 01 §7, §8): every request
 * carries the ajax marker and the per-session fingerprint, and answers get the global error
 * handling (app/lib/api-errors.ts) unless the call opts out with `globalErrors: false`.
 *
 *   const { data } = await apiFetch<{ data: State }>("state");
 *   await apiFetch("notifications/read", { method: "PUT", json: { notifications: ids } });
 *
 * A 423 opens the password-confirmation modal and, once confirmed, repeats the request. Pages
 * that bring their own confirmation UI plug it in with `onPasswordConfirm(handler)`.
 */
import { API_MESSAGES } from "../../domain/api-messages";
import { classifyApiAnswer, isJsonContentType, NETWORK_FAILURE, toApiErrorBody, type ApiErrorBody, type ApiOutcome } from "./api-errors";
import {
  AJAX_HEADER,
  AJAX_HEADER_VALUE,
  apiPath,
  AUTH_STORAGE_KEY,
  FINGERPRINT_HEADER,
  FINGERPRINT_PATTERN,
  FINGERPRINT_STORAGE_KEY,
  newFingerprint,
  SESSION_EXPIRED_RELOAD_DELAY_MS,
  TOAST_INTERCEPTOR_MS,
} from "./api-protocol";
import { confirmPasswordModal, showErrorModal, showToast, type PasswordCheck } from "./api-ui";

/** An answer that was not a success; `body` is its {message, errors?} when it had one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message ?? (status === 0 ? "The request did not reach the server." : `The request failed with status ${status}.`));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The first message for a field (spec 01 §5: forms show the first message only). */
  fieldError(field: string): string | undefined {
    return this.body?.errors?.[field]?.[0];
  }
}

export interface ApiFetchInit extends RequestInit {
  /** Sent as the JSON body (sets Content-Type). */
  json?: unknown;
  /** false: no toast, modal, reload or password prompt; the caller handles every error. */
  globalErrors?: boolean;
  /** Asked on 423 instead of the registered handler; true repeats the request. */
  onPasswordConfirm?: () => Promise<boolean>;
}

export interface ApiResult<T> {
  status: number;
  /** The parsed JSON body; null for an empty answer (204). */
  data: T | null;
  response: Response;
}

/** What the client does to the page: injected, so the control flow is testable without a DOM. */
export interface ApiUi {
  toast(message: string, durationMs: number): void;
  modal(title: string, message: string): void;
  /** 401: clear the logged-in flag, say 'Session expired', reload. */
  sessionExpired(message: string): void;
  /** 423: true once the user confirmed the password. */
  confirmPassword(): Promise<boolean>;
}

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  fingerprint: () => string;
  ui: ApiUi;
}

export type ApiClient = <T = unknown>(path: string, init?: ApiFetchInit) => Promise<ApiResult<T>>;

const EMPTY_STATUSES = new Set([204, 205, 304]);

export function createApiClient(deps: ApiClientDeps): ApiClient {
  function show(outcome: ApiOutcome): void {
    if (outcome.kind === "toast") deps.ui.toast(outcome.message, TOAST_INTERCEPTOR_MS);
    else if (outcome.kind === "modal") deps.ui.modal(outcome.title, outcome.message);
    else if (outcome.kind === "session-expired") deps.ui.sessionExpired(outcome.message);
  }

  async function send<T>(path: string, init: ApiFetchInit, repeated: boolean): Promise<ApiResult<T>> {
    const { json, globalErrors = true, onPasswordConfirm, headers: extraHeaders, ...rest } = init;
    const headers = new Headers(extraHeaders);
    headers.set(AJAX_HEADER, AJAX_HEADER_VALUE);
    headers.set(FINGERPRINT_HEADER, deps.fingerprint());
    if (!headers.has("accept")) headers.set("accept", "application/json");
    let body = rest.body;
    if (json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(json);
    }

    let response: Response;
    try {
      response = await deps.fetch(apiPath(path), { credentials: "same-origin", ...rest, headers, body });
    } catch {
      if (globalErrors) show(NETWORK_FAILURE);
      throw new ApiError(0, null);
    }

    const contentType = response.headers.get("content-type");
    const empty = EMPTY_STATUSES.has(response.status) || response.headers.get("content-length") === "0";
    let outcome = classifyApiAnswer({ status: response.status, contentType, empty });
    let parsed: unknown = null;
    if (!empty && isJsonContentType(contentType)) {
      try {
        parsed = await response.json();
      } catch {
        outcome = classifyApiAnswer({ status: response.status, contentType: null, empty: false });
      }
    }
    if (outcome.kind === "ok") return { status: response.status, data: parsed as T, response };

    if (outcome.kind === "confirm-password" && !repeated) {
      const confirm = onPasswordConfirm ?? (globalErrors ? deps.ui.confirmPassword : null);
      if (confirm && (await confirm())) return send<T>(path, init, true);
    } else if (globalErrors) {
      show(outcome);
    }
    throw new ApiError(response.status, toApiErrorBody(parsed));
  }

  return <T>(path: string, init: ApiFetchInit = {}) => send<T>(path, init, false);
}

// ---------------------------------------------------------------------------------------------
// In the browser
// ---------------------------------------------------------------------------------------------

let memoryFingerprint: string | null = null;

/** The per-session fingerprint: kept in sessionStorage, so each tab session has its own. */
export function sessionFingerprint(): string {
  try {
    let value = sessionStorage.getItem(FINGERPRINT_STORAGE_KEY);
    if (!value || !FINGERPRINT_PATTERN.test(value)) {
      value = newFingerprint();
      sessionStorage.setItem(FINGERPRINT_STORAGE_KEY, value);
    }
    return value;
  } catch {
    // Storage blocked (privacy settings): one id for the life of the page.
    memoryFingerprint ??= newFingerprint();
    return memoryFingerprint;
  }
}

type PasswordConfirmHandler = () => Promise<boolean>;
const passwordConfirmHandlers: PasswordConfirmHandler[] = [];

/**
 * Plugs in the page's own password confirmation for 423 answers (the latest one registered wins)
 * and returns a function that removes it again. Without one, the built-in modal asks.
 */
export function onPasswordConfirm(handler: PasswordConfirmHandler): () => void {
  passwordConfirmHandlers.push(handler);
  return () => {
    const index = passwordConfirmHandlers.lastIndexOf(handler);
    if (index >= 0) passwordConfirmHandlers.splice(index, 1);
  };
}

/** Sends the password to POST /app/api/user/confirm-password (no global handling: the modal shows the error). */
async function checkPassword(password: string): Promise<PasswordCheck> {
  try {
    await apiFetch("user/confirm-password", { method: "POST", json: { password }, globalErrors: false });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, message: error.fieldError("password") ?? error.body?.message ?? API_MESSAGES.generic };
    return { ok: false, message: API_MESSAGES.generic };
  }
}

function markSignedOut(): void {
  try {
    localStorage.setItem(AUTH_STORAGE_KEY, "");
  } catch {
    // Storage blocked: other tabs find out on their own next request.
  }
}

const browserUi: ApiUi = {
  toast: (message, durationMs) => showToast(message, { durationMs }),
  modal: showErrorModal,
  sessionExpired(message) {
    markSignedOut();
    showToast(message, { durationMs: SESSION_EXPIRED_RELOAD_DELAY_MS });
    window.setTimeout(() => window.location.reload(), SESSION_EXPIRED_RELOAD_DELAY_MS);
  },
  confirmPassword() {
    const handler = passwordConfirmHandlers.at(-1);
    return handler ? handler() : confirmPasswordModal(checkPassword);
  },
};

let browserClient: ApiClient | null = null;

/** Calls `path` (relative to /app/api, or an absolute path) from the browser. */
export function apiFetch<T = unknown>(path: string, init?: ApiFetchInit): Promise<ApiResult<T>> {
  browserClient ??= createApiClient({
    fetch: (input, requestInit) => fetch(input, requestInit),
    fingerprint: sessionFingerprint,
    ui: browserUi,
  });
  return browserClient<T>(path, init);
}
