/**
 * The small pieces of UI the global error handling shows (spec 01 §8): toasts, the error modal
 * and the password-confirmation modal. Plain DOM, created on first use, so they work on every
 * page that runs the API client, whatever React renders. Texts go in as text, never as HTML.
 */
import { API_MESSAGES } from "../../domain/api-messages";
import { TOAST_DEFAULT_MS } from "./api-protocol";

type Attributes = Record<string, string>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

const TOAST_CONTAINER_ID = "snip-toasts";

/**
 * Toasts sit at the bottom of the window: the bar's popovers and menus open downwards from the top
 * (the 650px invitations popover fills a 450px-wide window), and a toast above them would hide what
 * was just answered.
 */
function toastContainer(): HTMLElement {
  const existing = document.getElementById(TOAST_CONTAINER_ID);
  if (existing) return existing;
  const container = el("div", {
    id: TOAST_CONTAINER_ID,
    class:
      "pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col-reverse items-center gap-2 px-4 sm:inset-x-auto sm:right-4 sm:items-end",
  });
  document.body.appendChild(container);
  return container;
}

export type ToastTone = "error" | "success" | "info";

const TOAST_TONES: Record<ToastTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  info: "border-slate-200 bg-white text-slate-800",
};

/** Shows a toast for `durationMs` (default 5000 ms, spec 01 §9); a click dismisses it sooner. */
export function showToast(
  message: string,
  { tone = "error", durationMs = TOAST_DEFAULT_MS }: { tone?: ToastTone; durationMs?: number } = {},
) {
  const toast = el(
    "div",
    {
      role: tone === "error" ? "alert" : "status",
      "data-toast": tone,
      class: `pointer-events-auto w-full max-w-sm cursor-pointer rounded-xl border px-4 py-3 text-sm font-semibold shadow-lg ${TOAST_TONES[tone]}`,
    },
    [message],
  );
  const remove = () => toast.remove();
  toast.addEventListener("click", remove);
  toastContainer().appendChild(toast);
  window.setTimeout(remove, durationMs);
}

const DIALOG_CLASS = "m-auto w-[min(92vw,440px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50";
const PRIMARY_BUTTON = "rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60";
const SECONDARY_BUTTON = "rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50";

let dialogCount = 0;

function modalShell(title: string): { dialog: HTMLDialogElement; body: HTMLElement } {
  const titleId = `snip-dialog-${++dialogCount}-title`;
  const body = el("div", { class: "space-y-4 px-6 py-5 text-slate-700" });
  const dialog = el("dialog", { class: DIALOG_CLASS, "aria-labelledby": titleId, closedby: "any" }, [
    el("div", { class: "border-b border-slate-200 px-6 py-4" }, [
      el("h2", { id: titleId, class: "text-lg font-bold text-slate-900" }, [title]),
    ]),
    body,
  ]);
  dialog.addEventListener("close", () => dialog.remove());
  return { dialog, body };
}

/** The error modal: a title, a message and a Close button. */
export function showErrorModal(title: string, message: string): void {
  const { dialog, body } = modalShell(title);
  const close = el("button", { type: "button", class: PRIMARY_BUTTON }, ["Close"]);
  close.addEventListener("click", () => dialog.close());
  body.appendChild(el("p", {}, [message]));
  body.appendChild(el("div", { class: "flex justify-end" }, [close]));
  document.body.appendChild(dialog);
  dialog.showModal();
}

/** What checking a password answered: confirmed, or the message to show under the field. */
export type PasswordCheck = { ok: true } | { ok: false; message: string };

/**
 * The password-confirmation modal (423): resolves true once `check` accepts the password,
 * false when the user cancels (Cancel, Escape or the backdrop).
 */
export function confirmPasswordModal(check: (password: string) => Promise<PasswordCheck>): Promise<boolean> {
  return new Promise((resolve) => {
    const { dialog, body } = modalShell(API_MESSAGES.passwordConfirmTitle);
    const fieldId = `snip-confirm-password-${dialogCount}`;
    const errorId = `${fieldId}-error`;
    const input = el("input", {
      id: fieldId,
      name: "password",
      type: "password",
      autocomplete: "current-password",
      required: "",
      class:
        "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100",
    });
    const error = el("p", { id: errorId, role: "alert", class: "mt-1.5 text-sm font-medium text-red-600", hidden: "" });
    const cancel = el("button", { type: "button", class: SECONDARY_BUTTON }, ["Cancel"]);
    const submit = el("button", { type: "submit", class: PRIMARY_BUTTON }, ["Confirm"]);
    const form = el("form", { class: "space-y-4", novalidate: "" }, [
      el("p", {}, [API_MESSAGES.passwordConfirmLead]),
      el("div", {}, [
        el("label", { for: fieldId, class: "mb-1.5 block text-sm font-semibold text-slate-800" }, ["Password"]),
        input,
        error,
      ]),
      el("div", { class: "flex justify-end gap-2" }, [cancel, submit]),
    ]);
    let confirmed = false;
    const showError = (message: string) => {
      error.textContent = message;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", errorId);
      input.focus();
    };
    cancel.addEventListener("click", () => dialog.close());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submit.disabled = true;
      check(input.value)
        .then((result) => {
          if (result.ok) {
            confirmed = true;
            dialog.close();
          } else showError(result.message);
        })
        .catch(() => showError(API_MESSAGES.generic))
        .finally(() => {
          submit.disabled = false;
        });
    });
    dialog.addEventListener("close", () => resolve(confirmed));
    body.appendChild(form);
    document.body.appendChild(dialog);
    dialog.showModal();
    input.focus();
  });
}
