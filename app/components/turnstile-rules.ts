/** The bot challenge's constants, shared by the React widget and the guest pages' island (no React here). */
export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
/** spec 02 §9 */
export const CHALLENGE_EXPIRY_MS = 299_999;
export const CHALLENGE_ERROR_DEBOUNCE_MS = 60_000;
export const CHALLENGE_RETRY_INTERVAL_MS = 120_000;

export interface TurnstileOptions {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": (code?: string) => boolean | void;
  "before-interactive-callback": () => void;
  "after-interactive-callback": () => void;
  "response-field": boolean;
  "refresh-expired": "auto" | "manual" | "never";
  retry: "auto" | "never";
  "retry-interval": number;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptPromise: Promise<TurnstileApi> | null = null;

/** Loads the provider's script once per page; a failed load rejects (and may be tried again). */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptPromise ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      scriptPromise = null;
      script.remove();
      reject(new Error("turnstile script failed to load"));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}
