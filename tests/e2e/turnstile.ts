/** Cloudflare Turnstile in the end-to-end tests: the machine has no internet, so its script is a stand-in. */
import type { Page } from "@playwright/test";

/** Where the pages load Turnstile's script from. */
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

/**
 * A stand-in for Turnstile's script: render() draws a "Verify" button that calls the widget's
 * callback with Cloudflare's dummy token; window.__turnstile can raise an error or count resets.
 */
export const FAKE_TURNSTILE = `
window.__turnstile = { resets: 0, renders: 0, options: null };
window.turnstile = {
  render(container, options) {
    window.__turnstile.renders++;
    window.__turnstile.options = options;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Verify you are human";
    button.onclick = () => options.callback("XXXX.DUMMY.TOKEN.XXXX");
    container.appendChild(button);
    return "widget-1";
  },
  reset() { window.__turnstile.resets++; },
  remove() {},
};
window.__turnstile.fail = () => window.__turnstile.options["error-callback"]("110200");
`;

/** Serves the stand-in from Turnstile's own URL for this page. */
export async function serveFakeTurnstile(page: Page): Promise<void> {
  await page.route(TURNSTILE_SCRIPT, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_TURNSTILE }));
}
