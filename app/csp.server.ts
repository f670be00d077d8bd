/**
 * The Content-Security-Policy of the app's pages (docs/decisions/022). Scripts run only from our
 * own origin or with the response's nonce (React Router's hydration scripts, the two inline shell
 * scripts), plus the providers a page needs: Cloudflare Turnstile everywhere the bot challenge
 * can appear, Paddle.js and its checkout only on /paddle/payment, the ad provider's hosts when a
 * deployment has ads on. Styles allow inline ones: React
 * renders `style` attributes (progress bars) and the QR codes and Scalar's viewer use them.
 */
import { createContext, type RouterContextProvider } from "react-router";

/** The per-request nonce, set by the worker before React Router runs and read by entry.server. */
export const cspNonceContext = createContext<string>();

export function getCspNonce(context: Readonly<RouterContextProvider>): string {
  return context.get(cspNonceContext);
}

/** 128 random bits, base64: a fresh value for every response. */
export function newCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
/** Paddle's checkout frames (production and sandbox) and the services Paddle.js calls. */
const PADDLE_CHECKOUT_ORIGINS = ["https://buy.paddle.com", "https://sandbox-buy.paddle.com"];
const PADDLE_SERVICE_ORIGINS = ["https://*.paddle.com"];
export const PADDLE_PAYMENT_PATH = "/paddle/payment";

export interface PolicyInput {
  nonce: string;
  pathname: string;
  /** PADDLE_JS_URL: where Paddle.js comes from (Paddle's CDN, or the local stub in tests). */
  paddleJsUrl: string;
  /** The ad provider's hosts when a deployment has ads on (docs/decisions/041); pages show ads only to some visitors. */
  ads?: { script: readonly string[]; frame: readonly string[]; connect: readonly string[]; img: readonly string[] } | null;
}

export function contentSecurityPolicy({ nonce, pathname, paddleJsUrl, ads = null }: PolicyInput): string {
  const paddle = pathname === PADDLE_PAYMENT_PATH ? [new URL(paddleJsUrl).origin] : [];
  const paddleFrames = paddle.length ? [...paddle, ...PADDLE_CHECKOUT_ORIGINS] : [];
  const paddleServices = paddle.length ? [...paddle, ...PADDLE_SERVICE_ORIGINS] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`, TURNSTILE_ORIGIN, ...paddle, ...(ads?.script ?? [])]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(ads?.img ?? [])]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", TURNSTILE_ORIGIN, ...paddleServices, ...(ads?.connect ?? [])]],
    ["frame-src", [TURNSTILE_ORIGIN, ...paddleFrames, ...(ads?.frame ?? [])]],
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** Only HTML documents carry the policy; it means nothing to JSON, images or downloads. */
export function isHtml(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}
