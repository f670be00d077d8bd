import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { builtWorker } from "./runtime.mjs";
const only = process.env.ONLY === "1";
const workers = only ? [builtWorker("dist/snip_redirect/wrangler.json", {}), builtWorker("build/server/wrangler.json")] : [builtWorker("dist/snip_redirect/wrangler.json"), builtWorker("build/server/wrangler.json"), builtWorker("dist/snip_queue/wrangler.json")];
const mf = new Miniflare(convertV4MiniflareOptions({ host: "127.0.0.1", port: 8912, cf: false, workers }));
await mf.ready;
const kv = await mf.getKVNamespace("LINKS", "snip-app");
await kv.put("link:localhost:8787/abcdef", JSON.stringify({ id: "x", url: "https://example.com/", status: "active", expiresAt: null }));
const db = await mf.getD1Database("DB", "snip-app");
const { readFileSync, readdirSync } = await import("node:fs");
for (const file of readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).sort())
  for (const sql of readFileSync("db/migrations/" + file, "utf8").split("--> statement-breakpoint")) if (sql.trim()) await db.prepare(sql).run();
for (let i = 0; i < 2000; i++) await kv.put("link:localhost:8787/a" + i, JSON.stringify({ id: "id" + i, url: "https://example.com/" + i, status: "active", expiresAt: null }));
console.log("READY");
setInterval(() => {}, 1000);
