import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The app worker is the entry (it serves static assets); the redirect and queue workers
// run beside it as auxiliary workers, all in one workerd with one shared local state.
export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // One local state for all three workers; the end-to-end tests use their own.
      persistState: { path: process.env.SNIP_STATE_DIR ?? ".wrangler/state" },
      auxiliaryWorkers: [{ configPath: "./workers/redirect/wrangler.toml" }, { configPath: "./workers/queue/wrangler.toml" }],
    }),
    tailwindcss(),
    reactRouter(),
  ],
  server: { port: Number(process.env.PORT ?? 8787), strictPort: true },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
});
