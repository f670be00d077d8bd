/**
 * Security: the origin of links in mail is configuration (APP_ORIGIN), never the request's Host.
 * Outside local runs an unset APP_ORIGIN means no link at all (mail with links is not sent);
 * only local runs fall back to the request's origin. The end-to-end proof with a forged Host is
 * tests/e2e/mail-links-security.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { mailLinkOrigin } from "../../app/mail.server";

const VARS = {
  SHORT_HOST: "snip.example",
  HELP_URL: "https://help.snip.example/",
  HELPDESK_URL: "https://help.snip.example/contact",
  FREESCOUT_URL: "https://support.snip.example/",
  BLOG_URL: "https://blog.snip.example/",
  AUTH_SECRET: "s".repeat(40),
};

describe("the origin of links in mail", () => {
  it("is APP_ORIGIN whatever Host the request named, in production and in local runs", () => {
    const env = parseEnv({ ...VARS, APP_ORIGIN: "https://snip.example/" });
    expect(mailLinkOrigin(env, "https://evil.example")).toBe("https://snip.example");
    expect(mailLinkOrigin({ ...env, LOCAL_DEV: "true" }, "http://localhost:8787")).toBe("https://snip.example");
  });

  it("is none outside local runs when APP_ORIGIN is unset: no fallback to the request's Host", () => {
    const env = parseEnv(VARS);
    expect(env.APP_ORIGIN).toBe("");
    expect(mailLinkOrigin(env, "https://evil.example")).toBeNull();
  });

  it("falls back to the request's origin only in local runs", () => {
    const env = parseEnv({ ...VARS, LOCAL_DEV: "true" });
    expect(mailLinkOrigin(env, "http://localhost:8787")).toBe("http://localhost:8787");
  });

  it("refuses an APP_ORIGIN that is not an http(s) URL", () => {
    expect(() => parseEnv({ ...VARS, APP_ORIGIN: "snip.example" })).toThrow();
    expect(() => parseEnv({ ...VARS, APP_ORIGIN: "javascript:alert(1)" })).toThrow();
  });
});
