import { describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";

const VARS = {
  SHORT_HOST: "snip.example",
  HELP_URL: "https://help.example/",
  HELPDESK_URL: "https://help.example/c",
  FREESCOUT_URL: "https://support.example/",
  BLOG_URL: "https://blog.example/",
};

describe("the app's env", () => {
  it("local-dev features hold on loopback hosts only", () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const env = parseEnv({ ...VARS, LOCAL_DEV: "true" }, host);
      expect(env.LOCAL_DEV).toBe("true");
      expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    }
  });

  it("a deployment that left LOCAL_DEV on gets neither the dev features nor the development secret", () => {
    expect(() => parseEnv({ ...VARS, LOCAL_DEV: "true" }, "snip.example")).toThrow(/AUTH_SECRET is not set/);
    const env = parseEnv({ ...VARS, LOCAL_DEV: "true", AUTH_SECRET: "s".repeat(40) }, "snip.example");
    expect(env.LOCAL_DEV).toBeUndefined();
    expect(env.AUTH_SECRET).toBe("s".repeat(40));
  });

  it("the bot challenge is off without keys, and a malformed SHORT_DOMAINS fails at once", () => {
    const env = parseEnv({ ...VARS, LOCAL_DEV: "true" }, "localhost");
    expect(env.TURNSTILE_SITE_KEY).toBe("");
    expect(env.TURNSTILE_VERIFY_URL).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    expect(() => parseEnv({ ...VARS, LOCAL_DEV: "true", SHORT_DOMAINS: "[{" }, "localhost")).toThrow();
  });
});
