/**
 * The redirect worker, the front door of built runs and production (docs/decisions/003).
 * The default export answers short links itself and hands every other request to the app
 * worker (APP); it is a plain handler, so no entrypoint object is built per request.
 * `RedirectRpc` is what the app binds to (REDIRECT): `purge` drops a link from this
 * isolate's cache after the app writes it, and `fetch` serves short links when the app is
 * the entry (`npm run dev`).
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { linkKey } from "../../domain/link-record";
import { createDeps, createRedirectApp, frontDoor } from "./src/app";
import type { RedirectEnv } from "./src/env";

const deps = createDeps();
const app = createRedirectApp(deps);

export default {
  fetch(request, env, ctx) {
    return frontDoor(request, env, ctx, deps, () => (env.APP ? env.APP.fetch(request) : app.fetch(request, env, ctx)));
  },
} satisfies ExportedHandler<RedirectEnv>;

export class RedirectRpc extends WorkerEntrypoint<RedirectEnv> {
  override fetch(request: Request): Response | Promise<Response> {
    return app.fetch(request, this.env, this.ctx);
  }

  /** Forget cached records for these links in this isolate. */
  purge(links: { domain: string; alias: string }[]): void {
    for (const { domain, alias } of links) deps.cache.delete(linkKey(domain, alias));
  }

  /** Forget cached host records (branded domains, vanity subdomains) in this isolate. */
  purgeHosts(hosts: string[]): void {
    for (const host of hosts) deps.hosts.delete(host.toLowerCase());
  }
}
