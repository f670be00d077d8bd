import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newCspNonce } from "../../app/csp.server";

const PADDLE_JS = "https://cdn.paddle.com/paddle/v2/paddle.js";

function directive(policy: string, name: string): string[] {
  const found = policy.split("; ").find((d) => d.startsWith(`${name} `));
  return found ? found.split(" ").slice(1) : [];
}

describe("the pages' Content-Security-Policy", () => {
  it("lets scripts run only from our origin, with the nonce, or from Turnstile", () => {
    const policy = contentSecurityPolicy({ nonce: "abc", pathname: "/", paddleJsUrl: PADDLE_JS });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc'", "https://challenges.cloudflare.com"]);
    expect(directive(policy, "frame-src")).toEqual(["https://challenges.cloudflare.com"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
  });

  it("allows Paddle.js and its checkout frames on the payment page only", () => {
    const payment = contentSecurityPolicy({ nonce: "n", pathname: "/paddle/payment", paddleJsUrl: PADDLE_JS });
    expect(directive(payment, "script-src")).toContain("https://cdn.paddle.com");
    expect(directive(payment, "frame-src")).toEqual(
      expect.arrayContaining(["https://buy.paddle.com", "https://sandbox-buy.paddle.com", "https://cdn.paddle.com"]),
    );
    const local = contentSecurityPolicy({ nonce: "n", pathname: "/paddle/payment", paddleJsUrl: "http://127.0.0.1:9999/paddle.js" });
    expect(directive(local, "script-src")).toContain("http://127.0.0.1:9999");
    for (const pathname of ["/", "/app/settings/payment-method", "/paddle/payment/x"]) {
      expect(contentSecurityPolicy({ nonce: "n", pathname, paddleJsUrl: PADDLE_JS })).not.toContain("paddle");
    }
  });

  it("mints a different 128-bit nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newCspNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
