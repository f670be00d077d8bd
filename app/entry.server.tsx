import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getCspNonce } from "./csp.server";
import { NonceContext } from "./nonce";

export const streamTimeout = 5_000;

/**
 * The errors React Router reports are logged, except a client's mistake that it answers itself
 * (a POST to a page without an action: 405) and a request the client gave up: a stranger's
 * requests must not fill the error log with stack traces. A 5xx, or any thrown error, is logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let shellRendered = false;
  let statusCode = status;
  // Every inline script of the page carries the response's nonce (the worker's Content-Security-Policy).
  const nonce = getCspNonce(loadContext);
  const page = (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  );
  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      statusCode = 500;
      // Errors after the shell are reported by the stream; log them once here.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Crawlers and plain-HTML clients get the complete document at once.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) await body.allReady;

  headers.set("content-type", "text/html; charset=utf-8");
  return new Response(body, { headers, status: statusCode });
}
