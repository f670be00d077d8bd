/**
 * The redirect worker. `fetch` answers short links; `purge` is an RPC method the app
 * calls (service binding) after it writes a link, so this isolate's cache drops it at once.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { linkKey } from "../../domain/link-record";
import { createDeps, createRedirectApp } from "./src/app";
import type { RedirectEnv } from "./src/env";

const deps = createDeps();
const app = createRedirectApp(deps);

export default class RedirectWorker extends WorkerEntrypoint<RedirectEnv> {
  override fetch(request: Request): Response | Promise<Response> {
    return app.fetch(request, this.env, this.ctx);
  }

  /** Forget cached records for these links in this isolate. */
  purge(links: { domain: string; alias: string }[]): void {
    for (const { domain, alias } of links) deps.cache.delete(linkKey(domain, alias));
  }
}
