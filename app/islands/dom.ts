/**
 * What the islands (decision 001, 048) share: plain DOM code that enhances server-rendered markup
 * the way the React components do on a hydrated page (copy-button.tsx, domain-select.tsx,
 * cookie-banner.tsx). Each island bundles what it imports from here into its own single file.
 */
import { DOMAIN_LOCK_PATHS, domainLockMessage, type DomainLock } from "../../domain/domain-rules";
import { LOCK_ACTION, LOCKED_DOMAIN_REDIRECT_DELAY_MS } from "../components/guest-form-rules";
import { fieldHolding } from "../components/copy-field";

const COPIED_MS = 2_000;

export function enhanceCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
    const text = button.dataset.copy ?? "";
    const label = button.querySelector("span") ?? button;
    let timer: number | undefined;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const field = fieldHolding(text);
        field?.select();
        document.execCommand?.("copy");
      }
      label.textContent = "Copied!";
      window.clearTimeout(timer);
      timer = window.setTimeout(() => (label.textContent = "Copy"), COPIED_MS);
    });
  }
}

/** The result view's short link field selects its text when it takes the focus (CreatedLinkFields). */
export function enhanceShortLinkField(): void {
  const field = document.querySelector<HTMLTextAreaElement>("textarea#short-url");
  field?.addEventListener("focus", () => field.select());
}

export function alertParagraph(id: string | null, testId?: string): HTMLParagraphElement {
  const p = document.createElement("p");
  if (id) p.id = id;
  p.setAttribute("role", "alert");
  p.className = "mt-1.5 text-sm font-medium text-red-600";
  if (testId) p.dataset.testid = testId;
  return p;
}

/**
 * The domain select: a locked domain is refused with the way to unlock it. `alias`: the guest form's
 * alias field, which follows the chosen domain; null where the alias does not depend on it (a
 * signed-in user's form).
 */
export function enhanceDomainSelect(select: HTMLSelectElement, alias: HTMLInputElement | null): void {
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

/**
 * Whether this page load follows a link from a result view (`/?created=…`): "Shorten another",
 * whose router state asks a hydrated form for the focus. The full page load here has no router
 * state, and a click handler on the link could come too late (before this module has run), so the
 * same-origin referrer, which the referrer policy keeps whole, says it.
 */
export function cameFromResultView(): boolean {
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
export function enhanceCookieBanner(): void {
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
