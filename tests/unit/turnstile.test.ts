/**
 * The server side of the bot challenge against a local HTTP stand-in of siteverify that speaks
 * Cloudflare's wire format (a form-encoded POST, a JSON answer) and its documented test secrets.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devSiteverify } from "../../app/lib/turnstile-dev.server";
import {
  isWhitelisted,
  readTurnstileToken,
  turnstileConfig,
  TURNSTILE_TEST_SECRET_KEY,
  TURNSTILE_TEST_SITE_KEY,
  verifyTurnstile,
} from "../../app/lib/turnstile.server";

const FAIL_SECRET = "2x0000000000000000000000000000000AA";
const SPENT_SECRET = "3x0000000000000000000000000000000AA";

let server: Server;
let verifyUrl: string;
const seen: URLSearchParams[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      seen.push(new URLSearchParams(body));
      if (request.url === "/broken") {
        response.writeHead(500).end("oops");
        return;
      }
      if (request.url === "/garbage") {
        response.writeHead(200, { "content-type": "application/json" }).end("not json");
        return;
      }
      const answer = await devSiteverify(
        new Request(`http://stub${request.url}`, {
          method: request.method,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
        }),
      );
      response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function env(overrides: Record<string, string> = {}) {
  return {
    TURNSTILE_SITE_KEY: TURNSTILE_TEST_SITE_KEY,
    TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRET_KEY,
    TURNSTILE_VERIFY_URL: verifyUrl,
    TURNSTILE_WHITELIST: "",
    ...overrides,
  };
}

describe("turnstileConfig", () => {
  it("is off unless both keys are set", () => {
    expect(turnstileConfig(env({ TURNSTILE_SITE_KEY: "" }))).toBeNull();
    expect(turnstileConfig(env({ TURNSTILE_SECRET_KEY: "" }))).toBeNull();
    expect(turnstileConfig(env())?.siteKey).toBe(TURNSTILE_TEST_SITE_KEY);
  });

  it("uses Cloudflare's test keys when a local browser asks for the challenge", () => {
    const config = turnstileConfig(env({ TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "" }), { turnstile: true });
    expect(config?.siteKey).toBe(TURNSTILE_TEST_SITE_KEY);
    expect(config?.secretKey).toBe(TURNSTILE_TEST_SECRET_KEY);
  });

  it("lets whitelisted addresses skip the challenge", () => {
    const config = turnstileConfig(env({ TURNSTILE_WHITELIST: " 203.0.113.7 , 198.51.100.1" }))!;
    expect(isWhitelisted(config, "203.0.113.7")).toBe(true);
    expect(isWhitelisted(config, "198.51.100.1")).toBe(true);
    expect(isWhitelisted(config, "192.0.2.1")).toBe(false);
    expect(isWhitelisted(config, null)).toBe(false);
  });
});

describe("readTurnstileToken", () => {
  it("reads anti_robot_token, or Turnstile's own field", () => {
    const a = new FormData();
    a.set("anti_robot_token", "tok-a");
    expect(readTurnstileToken(a)).toBe("tok-a");
    const b = new FormData();
    b.set("cf-turnstile-response", "tok-b");
    expect(readTurnstileToken(b)).toBe("tok-b");
    expect(readTurnstileToken(new FormData())).toBe("");
  });
});

describe("verifyTurnstile against a siteverify stub", () => {
  it("passes a token the secret accepts, posting secret, response, remoteip and an idempotency key", async () => {
    const verdict = await verifyTurnstile(turnstileConfig(env())!, "XXXX.DUMMY.TOKEN.XXXX", "203.0.113.7");
    expect(verdict).toEqual({ success: true, errorCodes: [] });
    const posted = seen.at(-1)!;
    expect(posted.get("secret")).toBe(TURNSTILE_TEST_SECRET_KEY);
    expect(posted.get("response")).toBe("XXXX.DUMMY.TOKEN.XXXX");
    expect(posted.get("remoteip")).toBe("203.0.113.7");
    expect(posted.get("idempotency_key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("fails a token the secret refuses, and a spent one", async () => {
    expect(await verifyTurnstile(turnstileConfig(env({ TURNSTILE_SECRET_KEY: FAIL_SECRET }))!, "token", null)).toEqual({
      success: false,
      errorCodes: ["invalid-input-response"],
    });
    expect(await verifyTurnstile(turnstileConfig(env({ TURNSTILE_SECRET_KEY: SPENT_SECRET }))!, "token", null)).toEqual({
      success: false,
      errorCodes: ["timeout-or-duplicate"],
    });
  });

  it("fails an empty token without asking", async () => {
    const before = seen.length;
    expect((await verifyTurnstile(turnstileConfig(env())!, "", null)).success).toBe(false);
    expect(seen.length).toBe(before);
  });

  it("fails when siteverify answers an error, nonsense, or cannot be reached", async () => {
    const base = turnstileConfig(env())!;
    expect((await verifyTurnstile({ ...base, verifyUrl: verifyUrl.replace(/\/turnstile.*$/, "/broken") }, "t", null)).success).toBe(false);
    expect((await verifyTurnstile({ ...base, verifyUrl: verifyUrl.replace(/\/turnstile.*$/, "/garbage") }, "t", null)).success).toBe(false);
    expect((await verifyTurnstile({ ...base, verifyUrl: "http://127.0.0.1:1/siteverify" }, "t", null)).errorCodes).toEqual([
      "network-error",
    ]);
  });

  it("fails with an unknown secret", async () => {
    expect((await verifyTurnstile(turnstileConfig(env({ TURNSTILE_SECRET_KEY: "wrong" }))!, "t", null)).errorCodes).toEqual([
      "invalid-input-secret",
    ]);
  });
});
