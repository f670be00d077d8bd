/**
 * `npm start`'s stand-ins for the providers a local run has no account with (DESIGN.md, "External
 * services": local, when not configured, a server speaking the provider's wire format;
 * docs/decisions/063). Started by scripts/start.mjs with tsx, on loopback ports the system picks:
 * - Cloudflare for SaaS custom hostnames (tests/stubs/cloudflare-server.ts): branded domains. A
 *   hostname becomes active DEMO_ACTIVATE_AFTER_MS after it is added, as if its owner had put the
 *   DNS records in place; a bought domain is active as soon as its records are (decision 054).
 * - DNSimple's registrar API (tests/stubs/registrar-server.ts): domain search, purchase, renewal.
 * - Google Safe Browsing v4 (tests/stubs/safe-browsing.ts): deterministic verdicts, a host with
 *   "malware", "phishing" or "unwanted" in it is a hit.
 * Which ones to start is argv[2], a comma-separated list (cloudflare, registrar, reputation); the
 * ones the environment configures are never started. Their state is kept in DEMO_STATE_DIR, so a
 * restart of `npm start` finds the domains it had. On stdout, one line of JSON: the variables that
 * point the workers at them. Local runs only: nothing deployable starts this.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { startCloudflareStub, STUB_CF_TOKEN, STUB_CF_ZONE, type CloudflareStubState } from "../tests/stubs/cloudflare-server";
import {
  loadRegistrarState,
  saveRegistrarState,
  startRegistrarStub,
  STUB_DNSIMPLE_ACCOUNT,
  STUB_DNSIMPLE_REGISTRANT,
  STUB_DNSIMPLE_TOKEN,
} from "../tests/stubs/registrar-server";
import { safeBrowsingStub, STUB_API_KEY } from "../tests/stubs/safe-browsing";

/** How long a demo branded domain stays pending before its (pretend) DNS records are in place. */
const DEMO_ACTIVATE_AFTER_MS = Number(process.env.DEMO_ACTIVATE_AFTER_MS ?? 15_000);

const wanted = new Set((process.argv[2] ?? "").split(",").filter(Boolean));
const stateDir = process.env.DEMO_STATE_DIR ?? ".wrangler/state";
mkdirSync(stateDir, { recursive: true });

function readState(name: string): string | null {
  const file = join(stateDir, name);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** Written whole, then renamed into place, so a stop half-way never leaves half a file. */
function writeState(name: string, json: string): void {
  const file = join(stateDir, name);
  writeFileSync(`${file}.tmp`, json);
  renameSync(`${file}.tmp`, file);
}

const vars: Record<string, string> = {};
const closers: (() => Promise<void>)[] = [];

let recordsAt: ((fqdn: string) => { type: string; content: string }[]) | undefined;
if (wanted.has("registrar")) {
  const saved = readState("demo-registrar.json");
  const registrar = await startRegistrarStub({
    state: saved ? loadRegistrarState(saved) : undefined,
    onChange: (state) => writeState("demo-registrar.json", saveRegistrarState(state)),
  });
  recordsAt = registrar.recordsAt;
  Object.assign(vars, {
    DNSIMPLE_TOKEN: STUB_DNSIMPLE_TOKEN,
    DNSIMPLE_ACCOUNT_ID: STUB_DNSIMPLE_ACCOUNT,
    DNSIMPLE_REGISTRANT_ID: STUB_DNSIMPLE_REGISTRANT,
    DNSIMPLE_API_BASE_URL: registrar.url,
  });
  closers.push(registrar.close);
}

if (wanted.has("cloudflare")) {
  const saved = readState("demo-cloudflare.json");
  const cloudflare = await startCloudflareStub({
    zoneDns: recordsAt,
    activateAfterMs: DEMO_ACTIVATE_AFTER_MS,
    state: saved ? (JSON.parse(saved) as CloudflareStubState) : undefined,
    onChange: (state) => writeState("demo-cloudflare.json", JSON.stringify(state)),
  });
  Object.assign(vars, { CF_API_TOKEN: STUB_CF_TOKEN, CF_ZONE_ID: STUB_CF_ZONE, CF_API_BASE_URL: cloudflare.apiBase });
  closers.push(cloudflare.close);
}

if (wanted.has("reputation")) {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const response = await safeBrowsingStub(
        new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, body: chunks.length ? Buffer.concat(chunks) : undefined }),
      );
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(await response.text());
    })().catch(() => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(vars, {
    SAFE_BROWSING_API_KEY: STUB_API_KEY,
    SAFE_BROWSING_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
  });
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
}

process.stdout.write(`${JSON.stringify(vars)}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void Promise.all(closers.map((close) => close())).then(() => process.exit(0));
  });
// The parent's end is ours too: npm start stopped, nothing is left listening.
process.stdin.on("end", () => void Promise.all(closers.map((close) => close())).then(() => process.exit(0)));
process.stdin.resume();
