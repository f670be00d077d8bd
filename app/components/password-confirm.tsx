/**
 * The password-confirmation dialog of spec 01 §8: a sensitive action answered 423 opens it, and
 * confirming repeats the request. The server renders it open with the original fields as hidden
 * inputs, so it is a plain form that works without JavaScript; with JavaScript it becomes a
 * modal (focus kept inside, Escape closes it).
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { PasswordField, SubmitButton } from "./form-fields";

/** The form field that carries the password typed into the dialog. */
export const CONFIRM_PASSWORD_FIELD = "confirm_password";

export interface PasswordConfirmRequest {
  /** The original submission, replayed as hidden inputs (never files, never passwords). */
  fields: [string, string][];
  /** The first error of the password field, when a confirmation was tried. */
  error: string | null;
}

/** What a sensitive action answers until the password is confirmed. */
export interface PasswordConfirmReply {
  passwordConfirm: PasswordConfirmRequest;
}

export function isPasswordConfirmReply(value: unknown): value is PasswordConfirmReply {
  return typeof value === "object" && value !== null && "passwordConfirm" in value;
}

export function PasswordConfirmDialog({ request }: { request: PasswordConfirmRequest }) {
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  const [closedFor, setClosedFor] = useState<PasswordConfirmRequest | null>(null);

  // Set while the server-rendered (non-modal) dialog is reopened as a modal: the close event
  // that reopening fires is not the user closing it.
  const reopening = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    reopening.current = true;
    dialog.close();
    dialog.showModal();
  }, [request]);

  if (closedFor === request) return null;
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50" />
      <dialog
        ref={ref}
        open
        aria-labelledby="password-confirm-title"
        aria-describedby="password-confirm-lead"
        onClose={() => {
          if (reopening.current) reopening.current = false;
          else setClosedFor(request);
        }}
        className="fixed inset-0 z-50 m-auto h-fit w-[min(92vw,480px)] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-transparent"
      >
        <div className="border-b border-slate-200 px-6 py-4">
          <h2 id="password-confirm-title" className="text-lg font-bold text-slate-900">
            Confirm your password
          </h2>
        </div>
        <Form method="post" action={location.pathname} className="space-y-5 px-6 py-5">
          <p id="password-confirm-lead" className="text-sm leading-6 text-slate-600">
            This is a sensitive action. Enter your password to continue; we won&apos;t ask again for a while.
          </p>
          {request.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <PasswordField
            label="Password"
            name={CONFIRM_PASSWORD_FIELD}
            id="password-confirm-field"
            autoComplete="current-password"
            autoFocus
            required
            errors={request.error ? [request.error] : null}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              to={location.pathname}
              replace
              className="rounded-lg border border-slate-300 px-5 py-2.5 text-center font-semibold text-slate-700 hover:bg-slate-50"
            >
              Cancel
            </Link>
            <SubmitButton
              busyText="Confirming…"
              className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
            >
              Confirm Password
            </SubmitButton>
          </div>
        </Form>
      </dialog>
    </>
  );
}
