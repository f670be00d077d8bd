import { describe, expect, it } from "vitest";
import { ConfigurationError, isLocalDev, parseEnv } from "../../app/env.server";

const VARS = {
  SHORT_HOST: "snip.example",
  HELP_URL: "https://help.example/",
  HELPDESK_URL: "https://help.example/c",
  FREESCOUT_URL: "https://support.example/",
  BLOG_URL: "https://blog.example/",
};

describe("the app's env", () => {
  it("local development comes from how the process was started, whatever the request", () => {
    // parseEnv takes no request: no Host header (or anything else a client sends) can turn it on.
    expect(parseEnv.length).toBe(1);
    const local = parseEnv({ ...VARS, LOCAL_DEV: "true" });
    expect(isLocalDev(local)).toBe(true);
    expect(local.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("outside local development a missing AUTH_SECRET stops the app, never a public default", () => {
    expect(() => parseEnv(VARS)).toThrow(ConfigurationError);
    expect(() => parseEnv(VARS)).toThrow(/AUTH_SECRET is not set/);
    const env = parseEnv({ ...VARS, AUTH_SECRET: "s".repeat(40) });
    expect(isLocalDev(env)).toBe(false);
    expect(env.AUTH_SECRET).toBe("s".repeat(40));
  });

  it("the bot challenge is off without keys, and a malformed SHORT_DOMAINS fails at once", () => {
    const env = parseEnv({ ...VARS, LOCAL_DEV: "true" });
    expect(env.TURNSTILE_SITE_KEY).toBe("");
    expect(env.TURNSTILE_VERIFY_URL).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    expect(() => parseEnv({ ...VARS, LOCAL_DEV: "true", SHORT_DOMAINS: "[{" })).toThrow();
  });
});
