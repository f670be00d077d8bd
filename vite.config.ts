import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createReadStream, readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

/**
 * The API reference viewer (/app/dev) loads Scalar's standalone bundle from our own origin: the
 * build copies it from node_modules into the static assets (it is 4 MB, so it is not committed),
 * and the dev server serves it from there. No CDN.
 */
function scalarStandalone(): Plugin {
  const source = "node_modules/@scalar/api-reference/dist/browser/standalone.js";
  const publicPath = "/vendor/scalar/standalone.js";
  return {
    name: "snip-scalar-standalone",
    configureServer(server) {
      server.middlewares.use(publicPath, (_req, res) => {
        res.setHeader("content-type", "text/javascript; charset=utf-8");
        createReadStream(source).pipe(res);
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: publicPath.slice(1), source: readFileSync(source) });
    },
  };
}

// The app worker is the entry (it serves static assets); the redirect and queue workers
// run beside it as auxiliary workers, all in one workerd with one shared local state.
// The dev server (`npm run dev`) is a local run: it, and only it, sets LOCAL_DEV; a build
// (`react-router build`, the deployable wrangler.json files) never does (docs/decisions/024).
// SNIP_VARS (a JSON object; npm run dev passes its provider stand-ins in it, docs/decisions/063)
// overrides variables of every worker in the dev server, as it does in scripts/serve.mjs.
export default defineConfig(({ command }) => {
  const snipVars = process.env.SNIP_VARS ? (JSON.parse(process.env.SNIP_VARS) as Record<string, string>) : {};
  const local = command === "serve" ? { vars: { ...snipVars, LOCAL_DEV: "true" } } : undefined;
  return {
    plugins: [
      cloudflare({
        viteEnvironment: { name: "ssr" },
        ...(local ? { config: local } : {}),
        // One local state for all three workers; the end-to-end tests use their own.
        persistState: { path: process.env.SNIP_STATE_DIR ?? ".wrangler/state" },
        auxiliaryWorkers: [
          { configPath: "./workers/redirect/wrangler.toml", ...(local ? { config: local } : {}) },
          { configPath: "./workers/queue/wrangler.toml", ...(local ? { config: local } : {}) },
        ],
      }),
      tailwindcss(),
      reactRouter(),
      scalarStandalone(),
    ],
    server: { port: Number(process.env.PORT ?? 8787), strictPort: true },
    preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  };
});
