/**
 * Form pieces for the account pages: labelled fields with their first error next to them
 * (spec 01 §5), a password input with a caps-lock indicator and a reveal toggle, and a submit
 * button that shows progress. All are plain inputs inside plain forms: they work without
 * JavaScript, which only adds the indicator and the toggle.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigation, type Navigation } from "react-router";

const inputClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";

export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
      {errors[0]}
    </p>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  errors?: string[] | null;
  hint?: ReactNode;
};

export function TextField({ label, name, errors, hint, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={`${inputClass} ${errors?.length ? "border-red-500" : "border-slate-300"}`}
        {...input}
      />
      {hint ? <p className="mt-1.5 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A password field: a caps-lock warning while Caps Lock is on, and Show/Hide. */
export function PasswordField({ label, name, errors, id, ...input }: Omit<FieldProps, "type">) {
  const [revealed, setRevealed] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const fieldId = id ?? `field-${name}`;
  const errorId = `${fieldId}-error`;
  const capsId = `${fieldId}-caps`;
  const onKey = (event: React.KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState("CapsLock"));
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={fieldId}
          name={name}
          type={revealed ? "text" : "password"}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={[errors?.length ? errorId : "", capsLock ? capsId : ""].filter(Boolean).join(" ") || undefined}
          onKeyDown={onKey}
          onKeyUp={onKey}
          onBlur={() => setCapsLock(false)}
          className={`${inputClass} pr-16 ${errors?.length ? "border-red-500" : "border-slate-300"}`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setRevealed((value) => !value)}
          aria-controls={fieldId}
          aria-pressed={revealed}
          aria-label={revealed ? "Hide password" : "Show password"}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-semibold text-slate-600 hover:text-indigo-700"
        >
          {revealed ? "Hide" : "Show"}
        </button>
      </div>
      {capsLock ? (
        <p id={capsId} role="status" className="mt-1.5 text-xs font-semibold text-amber-700">
          Caps Lock is on
        </p>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The field conform adds to a round trip that is not the form's submission: the server check of
 * a field the user has left (`shouldRevalidate: "onBlur"` after a refused post), a list edit.
 * `INTENT` of @conform-to/dom, which @conform-to/react does not re-export.
 */
const CONFORM_INTENT = "__intent__";

/**
 * Whether a form's submission is under way: posted and waiting for the action, and then loading the
 * page it leads to (the action's redirect, or the revalidation after it), when React Router keeps
 * the submission's form data on the navigation. Re-enabling the button once the action had
 * answered let a double click post the form twice: the second post was refused ("The slug has
 * already been taken.", "An invitation to this address is already pending.") and its error
 * replaced the first one's success. Not busy for conform's own round trips (a field's server
 * check): pressing the button moves the focus off the field being corrected, which starts its
 * check between the press and the release, and a button disabled by that check swallowed the
 * click, so the form was never sent.
 */
export function submissionPending(navigation: Pick<Navigation, "state" | "formData">): boolean {
  return navigation.state !== "idle" && navigation.formData !== undefined && !navigation.formData.has(CONFORM_INTENT);
}

export function SubmitButton({ children, busyText, className }: { children: ReactNode; busyText?: string; className?: string }) {
  const busy = submissionPending(useNavigation());
  return (
    <button
      type="submit"
      disabled={busy}
      className={
        className ??
        "w-full rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
      }
    >
      {busy && busyText ? busyText : children}
    </button>
  );
}

/** A status line above a form: success (green) or an error that belongs to no one field. */
export function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  const colors = {
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    error: "border-red-200 bg-red-50 text-red-700",
    info: "border-indigo-200 bg-indigo-50 text-indigo-800",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm font-medium ${colors}`}>
      {children}
    </p>
  );
}

/** The centred card the sign-in, sign-up and reset pages sit in. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {lead ? <div className="mt-2 text-sm leading-6 text-slate-600">{lead}</div> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
      {footer ? <div className="mx-auto mt-6 max-w-md text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

/**
 * For a search or filter form (method GET) whose controls start from the page's query: puts them
 * back to the values of the page shown whenever those change. With JavaScript on, a link (a tag,
 * "Clear"), Back or Forward changes the page without re-creating the form, so `defaultValue`
 * alone left the previous search in the box and another filter selected than the list showed, and
 * the next Search applied that. A control changed since the last values were put in is left alone:
 * what someone types while the previous search is still loading is theirs, and the page arriving
 * must not overwrite it (a quick second search would send the first one again). The field keeps
 * the focus. Returns the ref for the form.
 */
export function useFormValues(values: Record<string, string>) {
  const ref = useRef<HTMLFormElement>(null);
  const key = JSON.stringify(values);
  const shown = useRef(values);
  useEffect(() => {
    const form = ref.current;
    const next = JSON.parse(key) as Record<string, string>;
    const before = shown.current;
    shown.current = next;
    if (!form) return;
    for (const [name, value] of Object.entries(next)) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) {
        if (control.value === (before[name] ?? "") && control.value !== value) control.value = value;
      }
    }
  }, [key]);
  return ref;
}
