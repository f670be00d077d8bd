/**
 * The global handling of JSON calls (spec 01 §8): the pure mapping from status and content type
 * to what the browser shows, and the client that carries it out (with a fake fetch and UI).
 */
import { describe, expect, it } from "vitest";
import { ApiError, createApiClient, type ApiUi } from "../../app/lib/api-client";
import { classifyApiAnswer, isJsonContentType, toApiErrorBody } from "../../app/lib/api-errors";
import { AJAX_HEADER, AJAX_HEADER_VALUE, apiPath, FINGERPRINT_HEADER, TOAST_INTERCEPTOR_MS } from "../../app/lib/api-protocol";

const JSON_TYPE = "application/json";
const HTML_TYPE = "text/html; charset=utf-8";

describe("classifyApiAnswer", () => {
  it("passes 2xx JSON and empty answers to the caller as a success", () => {
    expect(classifyApiAnswer({ status: 200, contentType: JSON_TYPE, empty: false })).toEqual({ kind: "ok" });
    expect(classifyApiAnswer({ status: 201, contentType: "application/problem+json", empty: false })).toEqual({ kind: "ok" });
    expect(classifyApiAnswer({ status: 204, contentType: null, empty: true })).toEqual({ kind: "ok" });
  });

  it("shows the 'Invalid' modal for a body that is not JSON", () => {
    const invalid = { kind: "modal", title: "Invalid", message: "An error has occurred, please try again." };
    expect(classifyApiAnswer({ status: 200, contentType: HTML_TYPE, empty: false })).toEqual(invalid);
    expect(classifyApiAnswer({ status: 422, contentType: HTML_TYPE, empty: false })).toEqual(invalid);
    expect(classifyApiAnswer({ status: 400, contentType: null, empty: false })).toEqual(invalid);
  });

  it("shows a toast for any 5xx, JSON or not", () => {
    for (const status of [500, 502, 503, 504]) {
      for (const contentType of [JSON_TYPE, HTML_TYPE]) {
        expect(classifyApiAnswer({ status, contentType, empty: false })).toEqual({
          kind: "toast",
          message: "An error has occurred, please try again.",
        });
      }
    }
  });

  it("treats 401 as an expired session", () => {
    expect(classifyApiAnswer({ status: 401, contentType: JSON_TYPE, empty: false })).toEqual({
      kind: "session-expired",
      message: "Session expired",
    });
  });

  it.each([
    [402, "Payment Required"],
    [403, "Permission denied."],
    [404, "Not Found"],
    [419, "Security check fails"],
    [431, "An error has occurred, please try again."],
  ])("shows the spec's message for %i, whatever the body", (status, message) => {
    expect(classifyApiAnswer({ status, contentType: JSON_TYPE, empty: false })).toEqual({ kind: "toast", message });
    expect(classifyApiAnswer({ status, contentType: "text/plain; charset=utf-8", empty: false })).toEqual({ kind: "toast", message });
  });

  it("asks for the password on 423", () => {
    expect(classifyApiAnswer({ status: 423, contentType: JSON_TYPE, empty: false })).toEqual({ kind: "confirm-password" });
  });

  it("leaves 422 and other JSON client errors to the caller", () => {
    for (const status of [400, 405, 409, 413, 415, 422, 429]) {
      expect(classifyApiAnswer({ status, contentType: JSON_TYPE, empty: false })).toEqual({ kind: "caller" });
    }
  });
});

describe("isJsonContentType", () => {
  it("accepts application/json and +json types, with parameters", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/vnd.api+json")).toBe(true);
    expect(isJsonContentType("text/json-ish")).toBe(false);
    expect(isJsonContentType("text/html")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});

describe("toApiErrorBody", () => {
  it("reads {message, errors} and drops what is not a list of strings", () => {
    expect(toApiErrorBody({ message: "Bad", errors: { a: ["x", 1], b: "y" } })).toEqual({ message: "Bad", errors: { a: ["x"] } });
    expect(toApiErrorBody({ message: "Only" })).toEqual({ message: "Only" });
    expect(toApiErrorBody({ errors: {} })).toBeNull();
    expect(toApiErrorBody("text")).toBeNull();
    expect(toApiErrorBody(null)).toBeNull();
  });
});

describe("apiPath", () => {
  it("puts relative paths under /app/api and keeps absolute ones", () => {
    expect(apiPath("notifications/recent")).toBe("/app/api/notifications/recent");
    expect(apiPath("/app/api/state")).toBe("/app/api/state");
  });
});

// ---------------------------------------------------------------------------------------------
// The client, with a scripted fetch and a recording UI
// ---------------------------------------------------------------------------------------------

function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE } });
}

function harness(answers: Response[], confirm = true) {
  const calls: { url: string; init: RequestInit }[] = [];
  const shown: string[] = [];
  const ui: ApiUi = {
    toast: (message, ms) => shown.push(`toast:${message}:${ms}`),
    modal: (title, message) => shown.push(`modal:${title}:${message}`),
    sessionExpired: (message) => shown.push(`expired:${message}`),
    confirmPassword: async () => {
      shown.push("confirm");
      return confirm;
    },
  };
  const client = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new TypeError("Failed to fetch");
      return answer;
    },
    fingerprint: () => "f".repeat(32),
    ui,
  });
  return { client, calls, shown };
}

describe("createApiClient", () => {
  it("sends the ajax marker and the fingerprint, and JSON bodies", async () => {
    const { client, calls } = harness([jsonAnswer(200, { data: { ok: true } })]);
    const result = await client<{ data: { ok: boolean } }>("notifications/read", { method: "PUT", json: { notifications: ["a"] } });
    expect(result.data).toEqual({ data: { ok: true } });
    const headers = new Headers(calls[0]!.init.headers);
    expect(calls[0]!.url).toBe("/app/api/notifications/read");
    expect(headers.get(AJAX_HEADER)).toBe(AJAX_HEADER_VALUE);
    expect(headers.get(FINGERPRINT_HEADER)).toBe("f".repeat(32));
    expect(headers.get("content-type")).toBe(JSON_TYPE);
    expect(calls[0]!.init.body).toBe('{"notifications":["a"]}');
  });

  it("returns null data for 204", async () => {
    const { client, shown } = harness([new Response(null, { status: 204 })]);
    expect((await client("heartbeat")).data).toBeNull();
    expect(shown).toEqual([]);
  });

  it("shows interceptor toasts for 3000 ms and rejects with the status", async () => {
    const { client, shown } = harness([jsonAnswer(403, { message: "nope" })]);
    await expect(client("state")).rejects.toMatchObject({ status: 403, body: { message: "nope" } });
    expect(shown).toEqual([`toast:Permission denied.:${TOAST_INTERCEPTOR_MS}`]);
    expect(TOAST_INTERCEPTOR_MS).toBe(3000);
  });

  it("hands 422 field errors to the caller without showing anything", async () => {
    const { client, shown } = harness([jsonAnswer(422, { message: "The given data was invalid.", errors: { password: ["Wrong"] } })]);
    const error = await client("user/confirm-password", { method: "POST", json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError("password")).toBe("Wrong");
    expect(shown).toEqual([]);
  });

  it("expires the session on 401", async () => {
    const { client, shown } = harness([jsonAnswer(401, { message: "Session expired" })]);
    await expect(client("heartbeat")).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(["expired:Session expired"]);
  });

  it("shows the 'Invalid' modal for an HTML answer, also a 200 one", async () => {
    const { client, shown } = harness([new Response("<html></html>", { status: 200, headers: { "content-type": HTML_TYPE } })]);
    await expect(client("state")).rejects.toMatchObject({ status: 200 });
    expect(shown).toEqual(["modal:Invalid:An error has occurred, please try again."]);
  });

  it("shows the 'Invalid' modal for a JSON content type with a broken body", async () => {
    const { client, shown } = harness([new Response("{not json", { status: 200, headers: { "content-type": JSON_TYPE } })]);
    await expect(client("state")).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(["modal:Invalid:An error has occurred, please try again."]);
  });

  it("on 423 asks for the password and repeats the request once confirmed", async () => {
    const { client, calls, shown } = harness([
      jsonAnswer(423, { message: "Password confirmation required." }),
      jsonAnswer(200, { data: 1 }),
    ]);
    const result = await client("settings/api/tokens", { method: "POST", json: { name: "t" } });
    expect(result.data).toEqual({ data: 1 });
    expect(shown).toEqual(["confirm"]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init.body).toBe('{"name":"t"}');
  });

  it("on 423 rejects when the user cancels, and asks only once per request", async () => {
    const cancelled = harness([jsonAnswer(423, { message: "x" })], false);
    await expect(cancelled.client("x", { method: "POST" })).rejects.toMatchObject({ status: 423 });
    expect(cancelled.calls).toHaveLength(1);

    const twice = harness([jsonAnswer(423, { message: "x" }), jsonAnswer(423, { message: "x" })]);
    await expect(twice.client("x", { method: "POST" })).rejects.toMatchObject({ status: 423 });
    expect(twice.shown).toEqual(["confirm"]);
    expect(twice.calls).toHaveLength(2);
  });

  it("uses a per-call onPasswordConfirm hook instead of the modal", async () => {
    let asked = 0;
    const { client, shown } = harness([jsonAnswer(423, { message: "x" }), new Response(null, { status: 204 })]);
    await client("x", {
      method: "DELETE",
      onPasswordConfirm: async () => {
        asked += 1;
        return true;
      },
    });
    expect(asked).toBe(1);
    expect(shown).toEqual([]);
  });

  it("with globalErrors: false shows nothing, also for 401, 5xx and 423", async () => {
    for (const answer of [jsonAnswer(401, { message: "a" }), jsonAnswer(500, { message: "b" }), jsonAnswer(423, { message: "c" })]) {
      const { client, shown } = harness([answer]);
      await expect(client("x", { globalErrors: false })).rejects.toBeInstanceOf(ApiError);
      expect(shown).toEqual([]);
    }
  });

  it("reports a network failure with the generic toast and status 0", async () => {
    const { client, shown } = harness([]);
    await expect(client("state")).rejects.toMatchObject({ status: 0 });
    expect(shown).toEqual([`toast:An error has occurred, please try again.:${TOAST_INTERCEPTOR_MS}`]);
  });
});
