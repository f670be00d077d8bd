/**
 * One connection per request in the end-to-end tests' process.
 *
 * The local runtime (workerd) closes an idle HTTP/1.1 connection 5 s after its last response
 * (kj's pipeline timeout), and it keeps the connection open even when a request asked for
 * `Connection: close`. Playwright's API requests (and `page.request`) go through Node agents with
 * keep-alive, which keep an idle socket in their pool with no time limit. A request that picks a
 * pooled socket just as the runtime closes it fails with "socket hang up" (ECONNRESET), before
 * the service has seen it: it failed CI in organization-teams.spec (session 14) and in sso.spec
 * (2026-11-28), where a persona's session waits while the other personas' requests run.
 *
 * So no agent in this process keeps a socket after its response; every request opens its own
 * connection (on localhost, a fraction of a millisecond). `http.Agent` is also `https.Agent`'s
 * prototype. Imported first by tests/e2e/fixtures.ts, which every spec imports.
 */
import http from "node:http";

http.Agent.prototype.keepSocketAlive = function keepNoSocketAlive() {
  return false;
};
