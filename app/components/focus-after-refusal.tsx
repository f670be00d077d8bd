/**
 * Focus after a form sent with JavaScript comes back refused: the page is shown again with its
 * errors (`aria-invalid` fields, components/form-fields.tsx), and the focus moves to the first
 * field in error of the form that was sent, or of the page, so that keyboard and screen reader
 * users land on what needs correcting. Conform's forms and the create forms already do this for
 * their own fields; every other form (roles, SSO, teams and members, pixel scripts, the editor's
 * tags and routes, the kiosk's) gets it here, once, rather than form by form. A focus already on
 * a field in error is left alone, and nothing moves when the page has none (a success, or a
 * refusal shown only as a message, which its `role=alert` announces).
 */
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

const IN_ERROR = '[aria-invalid="true"]';

export function FocusAfterRefusal() {
  const state = useNavigation().state;
  /** The form being sent, from where the focus was when it went (its button or a field). */
  const sent = useRef<{ form: HTMLFormElement | null } | null>(null);
  useEffect(() => {
    if (state === "submitting") {
      if (sent.current === null) {
        const active = document.activeElement;
        const form =
          active instanceof HTMLButtonElement || active instanceof HTMLInputElement ? active.form : (active?.closest("form") ?? null);
        sent.current = { form };
      }
      return;
    }
    if (state !== "idle" || sent.current === null) return;
    const { form } = sent.current;
    sent.current = null;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches(IN_ERROR)) return;
    const scope = form?.isConnected ? form : document.querySelector("main");
    const field = scope?.querySelector<HTMLElement>(IN_ERROR) ?? document.querySelector<HTMLElement>(`main ${IN_ERROR}`);
    field?.focus();
  }, [state]);
  return null;
}
