/**
 * The guest pages' island (decision 001): a guest's `/` and `/app/my-urls` render on the server
 * only and load no React; this small module, plain DOM code, adds what JavaScript adds there.
 * Everything it enhances works without it (plain form posts and links), so it only reads the
 * server-rendered markup and never builds a page part of its own, except the messages the React
 * components would show.
 *
 * - Copy buttons (`button[data-copy]`): the text goes to the clipboard and the button says "Copied!".
 * - The guest shorten form: the alias field follows the domain's rule, a locked domain says why and
 *   sends the browser where that is fixed, Shorten waits for the ticked agreement and the bot
 *   challenge (Turnstile, spec 02 §4, §8, §9), and says "Shortening…" while the post is under way.
 *   The URL field takes the focus after a refused post and after "Shorten another" (or any link
 *   from the result view).
 * - The cookie banner accepts without leaving the page (it goes once the consent is recorded).
 *
 * The same behaviour, for hydrated pages (a signed-in user's `/`, client-side navigations), lives in
 * the React components: copy-button.tsx, guest-create-form.tsx, domain-select.tsx, turnstile.tsx,
 * cookie-banner.tsx. Texts and timings come from the modules both share.
 */
import { GUEST_MESSAGES } from "../forms/shorten-rules";
import { URL_FOCUS_DELAY_MS } from "../components/guest-form-rules";
import {
  alertParagraph,
  cameFromResultView,
  enhanceCookieBanner,
  enhanceCopyButtons,
  enhanceDomainSelect,
  enhanceShortLinkField,
} from "./dom";
import {
  CHALLENGE_ERROR_DEBOUNCE_MS,
  CHALLENGE_EXPIRY_MS,
  CHALLENGE_RETRY_INTERVAL_MS,
  loadTurnstile,
  type TurnstileApi,
} from "../components/turnstile-rules";

/** The bot challenge: renders the provider's widget, keeps the token field and `data-verified` current. */
function enhanceChallenge(box: HTMLElement, onVerifiedChange: (verified: boolean) => void): void {
  const siteKey = box.dataset.sitekey;
  const container = box.querySelector<HTMLElement>("[data-turnstile-container]");
  const tokenField = box.querySelector<HTMLInputElement>('input[name="anti_robot_token"]');
  if (!siteKey || !container || !tokenField) return;
  let widget: { api: TurnstileApi; id: string } | null = null;
  let expiryTimer: number | undefined;
  let lastErrorShownAt = -Infinity;
  const setToken = (token: string) => {
    tokenField.value = token;
    box.dataset.verified = token ? "true" : "false";
    onVerifiedChange(token !== "");
  };
  const setError = (message: string | null) => {
    box.querySelector('[data-testid="anti-robot-error"]')?.remove();
    if (message === null) return;
    const p = alertParagraph(null, "anti-robot-error");
    p.textContent = message;
    container.parentNode?.insertBefore(p, container.nextSibling);
  };
  const reset = () => {
    window.clearTimeout(expiryTimer);
    setToken("");
    if (widget) widget.api.reset(widget.id);
  };
  const fail = () => {
    const now = Date.now();
    if (now - lastErrorShownAt >= CHALLENGE_ERROR_DEBOUNCE_MS) {
      lastErrorShownAt = now;
      setError(GUEST_MESSAGES.antiRobotError);
    }
    reset();
  };
  loadTurnstile().then(
    (api) => {
      const id = api.render(container, {
        sitekey: siteKey,
        callback: (value) => {
          window.clearTimeout(expiryTimer);
          setToken(value);
          setError(null);
          expiryTimer = window.setTimeout(reset, CHALLENGE_EXPIRY_MS);
        },
        "expired-callback": reset,
        "error-callback": () => {
          fail();
          return true; // handled: no console error from the provider
        },
        "before-interactive-callback": () => (box.dataset.interactive = "true"),
        "after-interactive-callback": () => (box.dataset.interactive = "false"),
        "response-field": false,
        "refresh-expired": "manual",
        retry: "auto",
        "retry-interval": CHALLENGE_RETRY_INTERVAL_MS,
      });
      if (id !== undefined) widget = { api, id };
    },
    () => fail(),
  );
}

function enhanceGuestForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const url = form.querySelector<HTMLInputElement>('input[name="url"]');
  const agreement = form.querySelector<HTMLInputElement>('input[name="agreement"]');
  const challenge = form.querySelector<HTMLElement>('[data-testid="anti-robot"]');
  const select = form.querySelector("select"); // the domain select, the form's only one
  if (!button) return;
  const label = button.textContent;
  let verified = false;
  let busy = false;
  const update = () => {
    const blocked = (challenge !== null && !verified) || (agreement !== null && !agreement.checked);
    button.disabled = busy || blocked;
  };
  if (select) enhanceDomainSelect(select, form.querySelector<HTMLInputElement>('input[name="alias"]'));
  agreement?.addEventListener("change", update);
  if (challenge)
    enhanceChallenge(challenge, (value) => {
      verified = value;
      update();
    });
  form.addEventListener("submit", (event) => {
    if (button.disabled) return event.preventDefault();
    busy = true;
    button.textContent = "Shortening…";
    // Disabled after this event, so the browser still posts the form.
    window.setTimeout(update);
  });
  // Back to a page kept by the browser's back/forward cache: the post is over.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    busy = false;
    button.textContent = label;
    update();
  });
  update();

  if (url?.getAttribute("aria-invalid")) url.focus();
  else if (cameFromResultView()) window.setTimeout(() => url?.focus(), URL_FOCUS_DELAY_MS);
}

enhanceCopyButtons();
enhanceShortLinkField();
enhanceCookieBanner();
const guestForm = document.querySelector<HTMLFormElement>('form[data-testid="guest-create-form"]');
if (guestForm) enhanceGuestForm(guestForm);
