/**
 * The redirect worker, the front door of built runs and production (docs/decisions/003).
 * `fetch` answers short links itself and hands every other request to the app worker
 * (APP). `purge` is an RPC method the app calls after it writes a link, so this isolate's
 * cache drops the old record at once.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { linkKey } from "../../domain/link-record";
import { pathOf, shortLinkAlias } from "../../domain/routing";
import { createDeps, createRedirectApp } from "./src/app";
import type { RedirectEnv } from "./src/env";

const deps = createDeps();
const app = createRedirectApp(deps);

export default class RedirectWorker extends WorkerEntrypoint<RedirectEnv> {
  override fetch(request: Request): Response | Promise<Response> {
    if (this.env.APP && shortLinkAlias(request.method, pathOf(request.url)) === null) return this.env.APP.fetch(request);
    return app.fetch(request, this.env, this.ctx);
  }

  /** Forget cached records for these links in this isolate. */
  purge(links: { domain: string; alias: string }[]): void {
    for (const { domain, alias } of links) deps.cache.delete(linkKey(domain, alias));
  }
}
