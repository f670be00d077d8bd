/**
 * What the app logs of the errors React Router reports (app/entry.server.tsx `handleError`): a
 * client's mistake that React Router answers itself is not logged, so a stranger's posts cannot fill
 * the error log with stack traces; a server error, or anything thrown, is.
 */
import type { ActionFunctionArgs } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { handleError } from "../../app/entry.server";

/** The shape of React Router's ErrorResponse (what `isRouteErrorResponse` recognises). */
function routeErrorResponse(status: number, statusText: string) {
  return { status, statusText, internal: true, data: `Error: ${statusText}`, error: new Error(statusText) };
}

function args(request = new Request("http://localhost/app/terms", { method: "POST" })): ActionFunctionArgs {
  return { request, params: {}, context: {} } as unknown as ActionFunctionArgs;
}

afterEach(() => vi.restoreAllMocks());

test("React Router's 405 for a page without an action is not logged", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  handleError(routeErrorResponse(405, "Method Not Allowed"), args());
  expect(log).not.toHaveBeenCalled();
});

test("a server error and a thrown error are logged", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const thrown = new Error("D1_ERROR: no such table");
  handleError(thrown, args());
  const failed = routeErrorResponse(500, "Internal Server Error");
  handleError(failed, args());
  expect(log.mock.calls).toEqual([[thrown], [failed]]);
});

test("a request the client gave up is not logged", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const controller = new AbortController();
  controller.abort();
  handleError(new Error("aborted"), args(new Request("http://localhost/dashboard", { signal: controller.signal })));
  expect(log).not.toHaveBeenCalled();
});
