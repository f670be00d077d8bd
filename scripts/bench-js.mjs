// The JavaScript each page ships (gzip): the module scripts, the modulepreloads and the modules
// the inline module script imports, as each page's HTML references them, that is what a browser
// loads before the page is interactive (chunks a page imports on demand later are not counted).
// Measured on the public pages as a guest, and on the signed-in pages issue 15 is about: `/` for
// a user without a subscription and `/dashboard` for a subscriber (Pro).
//
// `npm run bench` measures this as one of its parts; `node scripts/bench.mjs --js-only` measures
// only this (it starts the built service on BENCH_APP_PORT with a fresh state of its own).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const PUBLIC_PAGES = [
  "/",
  "/app/my-urls",
  "/app/my-urls/clear-history",
  "/app/features/link-management",
  "/app/features/custom-links",
  "/app/features/branded-domains",
  "/app/features/link-analytics",
  "/app/features/free-domains",
  "/app/features/how-snip-works",
  "/app/features/about-us",
  "/app/terms",
  "/app/cookies-policy",
  "/app/privacy-policy",
  "/app/data-processing-agreement",
  "/app/enterprise-terms",
  "/app/service-level-agreement",
  "/app/supplemental-terms",
  "/app/careers/fullstack-developer",
  "/app/deleted",
  "/app/affiliate-link",
  "/app/unsubscribe",
];

const gzipCache = new Map();
function gzipSize(path) {
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(join("build/client", path))).length);
  return gzipCache.get(path);
}

/** The scripts a page's HTML loads, largest first, with their total. */
async function measurePage(appUrl, page, { cookie = "", label = page } = {}) {
  const response = await fetch(`${appUrl}${page}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`bench: ${label} answered ${response.status}`);
  const html = await response.text();
  const scripts = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]);
  const modules = [...scripts].filter((s) => existsSync(join("build/client", s))).map((s) => ({ file: s, gzipBytes: gzipSize(s) }));
  modules.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const bytes = modules.reduce((sum, m) => sum + m.gzipBytes, 0);
  return { page: label, files: scripts.size, gzipBytes: bytes, largest: modules.slice(0, 5) };
}

/** A new account signed up through the register form; its session cookie. */
async function signUp(appUrl, email) {
  const response = await fetch(`${appUrl}/app/register`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Bench", email, password: "bench-password-123" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`bench: signing up ${email} answered ${response.status} without a session`);
  return cookie;
}

/** Every measured page: the public ones as a guest, then `/` signed in and `/dashboard` as a subscriber. */
export async function measureJavaScript(appUrl) {
  const pages = [];
  for (const page of PUBLIC_PAGES) pages.push(await measurePage(appUrl, page));
  const stamp = `${process.pid}-${Date.now()}`;
  const user = await signUp(appUrl, `bench-js-user-${stamp}@example.com`);
  pages.push(await measurePage(appUrl, "/", { cookie: user, label: "/ (signed in, no subscription)" }));
  const subscriberEmail = `bench-js-pro-${stamp}@example.com`;
  const subscriber = await signUp(appUrl, subscriberEmail);
  const fixture = await fetch(`${appUrl}/__dev/fixtures`, {
    method: "POST",
    headers: { origin: appUrl, cookie: subscriber, "content-type": "application/json" },
    body: JSON.stringify({ action: "subscription", email: subscriberEmail, plan: "pro" }),
  });
  if (!fixture.ok) throw new Error(`bench: subscription fixture answered ${fixture.status}`);
  pages.push(await measurePage(appUrl, "/dashboard", { cookie: subscriber, label: "/dashboard (signed in, Pro)" }));
  return pages;
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

/** Issue 15: the homepage, a guest's and a signed-in user's, and My URLs ship at most 90 kB (gzip); `--check` holds them to it. */
export const JS_BUDGET_BYTES = 90 * 1024;
const BUDGETED_PAGES = ["/", "/app/my-urls", "/ (signed in, no subscription)"];

/** The JavaScript budget as bench targets (`name`, `target`, `value` in kB, `met`). */
export function javaScriptTargets(pages) {
  return pages
    .filter((p) => BUDGETED_PAGES.includes(p.page))
    .map((p) => ({
      name: `JavaScript of ${p.page} (gzip, kB)`,
      target: `<= ${kB(JS_BUDGET_BYTES)}`,
      value: Number(kB(p.gzipBytes)),
      met: p.gzipBytes <= JS_BUDGET_BYTES,
    }));
}

export function printJavaScript(pages) {
  console.log(`\nJavaScript shipped per page (gzip), and its largest modules:`);
  for (const p of pages)
    console.log(
      `  ${p.page.padEnd(36)} ${kB(p.gzipBytes).padStart(6)} kB  (${p.files} files)  ` +
        p.largest.map((m) => `${m.file.replace(/^\/assets\//, "")} ${kB(m.gzipBytes)}`).join(", "),
    );
}

/** `--js-only`: builds and starts the service (scripts/start.mjs) on `port` with a state of its own, measures, stops it. */
export async function measureJavaScriptOnly(port) {
  const appUrl = `http://localhost:${port}`;
  const state = `.wrangler/bench-js-state-${port}`;
  rmSync(state, { recursive: true, force: true });
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), SNIP_STATE_DIR: state },
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already ended
    }
  };
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`bench: the service ended (${server.exitCode}) before it answered`);
      if (Date.now() > deadline) throw new Error("bench: the service did not answer within 5 minutes");
      const up = await fetch(`${appUrl}/app/terms`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const pages = await measureJavaScript(appUrl);
    printJavaScript(pages);
    return pages;
  } finally {
    stop();
    rmSync(state, { recursive: true, force: true });
  }
}
