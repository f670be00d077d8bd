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
import { DOMAIN_LOCK_PATHS, domainLockMessage, type DomainLock } from "../../domain/domain-rules";
import { GUEST_MESSAGES } from "../forms/shorten-rules";
import { LOCK_ACTION, LOCKED_DOMAIN_REDIRECT_DELAY_MS, URL_FOCUS_DELAY_MS } from "../components/guest-form-rules";
import {
  CHALLENGE_ERROR_DEBOUNCE_MS,
  CHALLENGE_EXPIRY_MS,
  CHALLENGE_RETRY_INTERVAL_MS,
  loadTurnstile,
  type TurnstileApi,
} from "../components/turnstile-rules";

const COPIED_MS = 2_000;

function enhanceCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
    const text = button.dataset.copy ?? "";
    const label = button.querySelector("span") ?? button;
    let timer: number | undefined;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const field = document.querySelector<HTMLInputElement>(`input[value="${CSS.escape(text)}"]`);
        field?.select();
        document.execCommand?.("copy");
      }
      label.textContent = "Copied!";
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (label.textContent = "Copy"), COPIED_MS);
    });
  }
}

function alertParagraph(id: string | null, testId?: string): HTMLParagraphElement {
  const p = document.createElement("p");
  if (id) p.id = id;
  p.setAttribute("role", "alert");
  p.className = "mt-1.5 text-sm font-medium text-red-600";
  if (testId) p.dataset.testid = testId;
  return p;
}

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

/** The domain select: the alias field follows the chosen domain; a locked domain is refused with the way to unlock it. */
function enhanceDomainSelect(select: HTMLSelectElement, alias: HTMLInputElement | null): void {
  const hint = document.getElementById("guest-alias-hint");
  let current = select.value;
  let redirectTimer: number | undefined;
  const aliasTitle = alias?.title ?? "";
  const followDomain = () => {
    if (!alias) return;
    const open = select.selectedOptions[0]?.dataset.customAlias === "true";
    alias.disabled = !open;
    alias.placeholder = open ? "my-link" : "random";
    if (open) alias.removeAttribute("title");
    else alias.title = aliasTitle;
    if (hint) hint.hidden = open;
    if (!alias.getAttribute("aria-invalid")) {
      if (open) alias.removeAttribute("aria-describedby");
      else alias.setAttribute("aria-describedby", "guest-alias-hint");
    }
  };
  const showLock = (lock: DomainLock) => {
    const id = `${select.id}-lock`;
    const p = document.getElementById(id) ?? alertParagraph(id);
    p.textContent = `${domainLockMessage(lock)} `;
    const link = document.createElement("a");
    link.href = DOMAIN_LOCK_PATHS[lock];
    link.className = "font-semibold underline";
    link.textContent = LOCK_ACTION[lock];
    p.appendChild(link);
    if (!p.isConnected) select.parentNode?.insertBefore(p, select.nextSibling);
    select.setAttribute("aria-invalid", "true");
    select.setAttribute("aria-describedby", id);
    select.classList.replace("border-slate-300", "border-red-500");
  };
  select.addEventListener("change", () => {
    const lock = select.selectedOptions[0]?.dataset.locked as DomainLock | undefined;
    if (lock) {
      // The choice is not taken: the select keeps the previous domain.
      select.value = current;
      showLock(lock);
      window.clearTimeout(redirectTimer);
      redirectTimer = window.setTimeout(() => window.location.assign(DOMAIN_LOCK_PATHS[lock]), LOCKED_DOMAIN_REDIRECT_DELAY_MS);
      return;
    }
    window.clearTimeout(redirectTimer);
    current = select.value;
    followDomain();
  });
  followDomain();
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

/**
 * Whether this page load follows a link from a result view (`/?created=…`): "Shorten another",
 * whose router state asks a hydrated form for the focus. The full page load here has no router
 * state, and a click handler on the link could come too late (before this module has run), so the
 * same-origin referrer, which the referrer policy keeps whole, says it.
 */
function cameFromResultView(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (entry && entry.type !== "navigate") return false;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.pathname === "/" && from.searchParams.has("created");
  } catch {
    return false;
  }
}

/** The cookie banner: Accept records the consent in the background and the banner goes. */
function enhanceCookieBanner(): void {
  const form = document.querySelector<HTMLFormElement>('form[action="/app/api/cookies/accept"]');
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    const banner = form.closest<HTMLElement>('[role="region"]') ?? form;
    // The answer is a redirect back (for the plain form) with the consent cookie: not followed, the
    // cookie is kept all the same. The banner goes once the consent is recorded, so a reload right
    // after never shows it again; should the background post fail, the plain post records it.
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin", redirect: "manual" }).then(
      (response) => (response.ok || response.type === "opaqueredirect" ? banner.remove() : form.submit()),
      () => form.submit(),
    );
  });
}

enhanceCopyButtons();
enhanceCookieBanner();
const guestForm = document.querySelector<HTMLFormElement>('form[data-testid="guest-create-form"]');
if (guestForm) enhanceGuestForm(guestForm);
