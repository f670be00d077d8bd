/**
 * A signed-in user's homepage island (issue 15, decision 048): when the page holds only what this
 * module enhances (the creation form without tags, expiry, UTM builder, bulk mode or team selector,
 * or the result view; a header without the Create popover, invitations or the survey modal), the
 * page renders on the server only and loads this instead of React. Plain DOM code, reading the
 * server-rendered markup; everything it enhances works without it (plain posts and links).
 *
 * - The creation form posts in the background, as the React form's fetcher does: a refused post
 *   swaps in the form the server rendered with its errors next to the fields (and the plan-limit
 *   dialog, opened as a modal), without leaving the page; a created link goes to its result view.
 *   Shorten says "Shortening…" and cannot be pressed twice while the post is under way; the URL
 *   field takes the focus after a refused URL and after "Shorten another".
 * - The domain select refuses a locked domain with its message and sends the browser where that is
 *   fixed (domain-select.tsx).
 * - Copy buttons, and the cookie banner's Accept without leaving the page (as on the guest pages).
 *
 * On hydrated pages (client-side navigations, the users the conditions above exclude) the React
 * components do the same: create-link-form.tsx, domain-select.tsx, copy-button.tsx, cookie-banner.tsx.
 */
import { URL_FOCUS_DELAY_MS } from "../components/guest-form-rules";
import { cameFromResultView, enhanceCookieBanner, enhanceCopyButtons, enhanceDomainSelect, enhanceShortLinkField } from "./dom";

const FORM_SELECTOR = 'form[data-testid="create-link-form"]';

/** A plan-limit dialog the server rendered open (a refused post at the plan limit) becomes a modal, as in PlanLimitDialog. */
function openPlanLimitDialog(root: Document | HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>("dialog#plan-limit-dialog");
  if (!dialog?.open) return;
  dialog.close();
  dialog.showModal();
}

function focusInvalidUrl(form: HTMLFormElement): boolean {
  const url = form.querySelector<HTMLInputElement>('input[name="url"]');
  if (!url?.getAttribute("aria-invalid")) return false;
  url.focus();
  return true;
}

function enhanceCreateForm(form: HTMLFormElement): void {
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')];
  // The visible Shorten button is the last one (the first is the hidden stand-in for Enter).
  const shorten = buttons.at(-1);
  const select = form.querySelector("select"); // the domain select: the team selector's forms are hydrated
  if (select?.name === "domain") enhanceDomainSelect(select, null);
  if (!shorten) return;
  const label = shorten.textContent;
  const setBusy = (busy: boolean) => {
    for (const button of buttons) button.disabled = busy;
    shorten.textContent = busy ? "Shortening…" : label;
  };
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (shorten.disabled) return;
    const body = new FormData(form);
    setBusy(true);
    void post(form, body).catch(() => {
      // Whatever went wrong in the background, the plain post still works.
      setBusy(false);
      HTMLFormElement.prototype.submit.call(form);
    });
  });
  // Back to a page kept by the browser's back/forward cache: the post is over.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setBusy(false);
  });
}

/**
 * Posts the form as the plain form would. A redirect (the link was created) is followed by the
 * browser; a page (the post was refused) gives its form, with the errors, in place of this one.
 */
async function post(form: HTMLFormElement, body: FormData): Promise<void> {
  const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
  if (response.redirected) {
    window.location.assign(response.url);
    return;
  }
  if (!(response.headers.get("content-type") ?? "").includes("text/html")) throw new Error(`answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.querySelector<HTMLFormElement>(FORM_SELECTOR);
  const card = form.parentElement;
  if (!fresh?.parentElement || !card) throw new Error("no form in the answer");
  card.replaceChildren(...[...fresh.parentElement.childNodes].map((node) => document.adoptNode(node)));
  const replaced = card.querySelector<HTMLFormElement>(FORM_SELECTOR);
  if (replaced) {
    enhanceCreateForm(replaced);
    focusInvalidUrl(replaced);
  }
  openPlanLimitDialog(card);
}

enhanceCopyButtons();
enhanceShortLinkField();
enhanceCookieBanner();
openPlanLimitDialog(document);
const createForm = document.querySelector<HTMLFormElement>(FORM_SELECTOR);
if (createForm) {
  enhanceCreateForm(createForm);
  if (!focusInvalidUrl(createForm) && cameFromResultView())
    window.setTimeout(() => createForm.querySelector<HTMLInputElement>('input[name="url"]')?.focus(), URL_FOCUS_DELAY_MS);
}
