/**
 * The guest shorten form on the homepage (spec 02 §2, §4, §5): long URL, domain, an alias where
 * the domain lets guests choose one, the agreement when the region rule asks for it, and the bot
 * challenge when it is configured. A plain form post, so it works without JavaScript; with it,
 * Shorten waits for the challenge and the ticked agreement.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { DOMAIN_MESSAGES } from "../../domain/domain-rules";
import type { GuestFormData } from "../forms/shorten-rules";
import { DomainSelect } from "./domain-select";
import { URL_FOCUS_DELAY_MS } from "./guest-form-rules";
import { Turnstile } from "./turnstile";
import { useHydrated } from "./use-hydrated";

const inputClass =
  "w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";
const labelClass = "mb-2 block text-sm font-semibold text-slate-800";

function errorsOf(result: SubmissionResult<string[]> | undefined, name: string): string[] | undefined {
  const list = result?.error?.[name];
  return list?.length ? list : undefined;
}

function initial(result: SubmissionResult<string[]> | undefined, name: string): string | undefined {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-600">
      {errors[0]}
    </p>
  );
}

export function GuestCreateForm({ data, lastResult }: { data: GuestFormData; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/") === true;
  // The server validates; its reply carries the errors (the form's own under "", as conform keeps them).
  const formId = useId();
  const url = { id: `${formId}-url`, errorId: `${formId}-url-error`, errors: errorsOf(lastResult, "url") };
  const formErrors = errorsOf(lastResult, "");
  const urlInput = useRef<HTMLInputElement>(null);
  const posted = initial(lastResult, "domain");
  const startDomain = (posted && data.domains.some((d) => d.domain === posted) ? posted : null) ?? data.defaultDomain;
  const [domain, setDomain] = useState(startDomain);
  const [agreed, setAgreed] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resets, setResets] = useState(0);
  const aliasOpen = data.domains.find((d) => d.domain === domain)?.customAlias ?? false;
  const challenge = data.turnstileSiteKey !== null;
  const hydrated = useHydrated();

  useEffect(() => {
    if ((location.state as { focusUrl?: boolean } | null)?.focusUrl) {
      const timer = window.setTimeout(() => urlInput.current?.focus(), URL_FOCUS_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [location.key, location.state]);

  useEffect(() => {
    if (url.errors?.length) urlInput.current?.focus();
  }, [url.errors]);

  // After every submit the challenge starts again (spec 02 §4).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      setResets((n) => n + 1);
    }
  }, [busy]);

  const urlErrors = url.errors;
  const aliasErrors = errorsOf(lastResult, "alias");
  const agreementErrors = errorsOf(lastResult, "agreement");
  const robotErrors = errorsOf(lastResult, "anti_robot_token");
  const blocked = (challenge && !verified) || (data.agreementRequired && !agreed);

  return (
    <Form
      method="post"
      action="/?index"
      id={formId}
      aria-invalid={formErrors ? true : undefined}
      aria-describedby={formErrors ? `${formId}-error` : undefined}
      noValidate
      className="space-y-4"
      data-testid="guest-create-form"
    >
      <div>
        <label htmlFor={url.id} className={labelClass}>
          Enter a long URL to make it short
        </label>
        <input
          ref={urlInput}
          id={url.id}
          name="url"
          type="url"
          defaultValue={initial(lastResult, "url")}
          placeholder="https://example.com/a-very-long-link"
          autoComplete="off"
          inputMode="url"
          aria-invalid={urlErrors ? true : undefined}
          aria-describedby={urlErrors ? url.errorId : undefined}
          className={`${inputClass} ${urlErrors ? "border-red-500" : "border-slate-300"}`}
        />
        <FieldError id={url.errorId} errors={urlErrors} />
        {formErrors ? (
          <p id={`${formId}-error`} role="alert" className="mt-2 text-sm font-medium text-red-600">
            {formErrors[0]}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DomainSelect
          id="guest-domain"
          options={data.domains}
          defaultValue={startDomain}
          siteHost={data.siteHost}
          errors={errorsOf(lastResult, "domain")}
          className={inputClass}
          labelClassName={labelClass}
          onDomainChange={(option) => setDomain(option?.domain ?? null)}
        />
        <div>
          <label htmlFor="guest-alias" className={labelClass}>
            Alias (optional)
          </label>
          <input
            id="guest-alias"
            name="alias"
            defaultValue={aliasOpen ? initial(lastResult, "alias") : undefined}
            disabled={!aliasOpen}
            title={aliasOpen ? undefined : DOMAIN_MESSAGES.guestAliasTooltip}
            placeholder={aliasOpen ? "my-link" : "random"}
            autoComplete="off"
            aria-invalid={aliasErrors ? true : undefined}
            aria-describedby={aliasErrors ? "guest-alias-error" : aliasOpen ? undefined : "guest-alias-hint"}
            className={`${inputClass} ${aliasErrors ? "border-red-500" : "border-slate-300"}`}
          />
          {/* rendered either way, so the guest pages' island can show it when the domain changes */}
          <p id="guest-alias-hint" hidden={aliasOpen} className="mt-1.5 text-xs text-slate-500">
            <Link to="/app/register" className="font-semibold text-indigo-700 hover:underline">
              Sign up
            </Link>{" "}
            to choose your own alias.
          </p>
          <FieldError id="guest-alias-error" errors={aliasErrors} />
        </div>
      </div>
      {data.agreementRequired ? (
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="agreement"
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              aria-invalid={agreementErrors ? true : undefined}
              aria-describedby={agreementErrors ? "guest-agreement-error" : undefined}
              className="mt-0.5 h-4 w-4 accent-indigo-600"
            />
            <span>
              I agree to the{" "}
              <Link to="/app/terms" className="font-semibold text-indigo-700 hover:underline" target="_blank">
                Terms of Service
              </Link>
              ,{" "}
              <Link to="/app/privacy-policy" className="font-semibold text-indigo-700 hover:underline" target="_blank">
                Privacy Policy
              </Link>{" "}
              and{" "}
              <Link to="/app/cookies-policy" className="font-semibold text-indigo-700 hover:underline" target="_blank">
                Cookie Policy
              </Link>
              .
            </span>
          </label>
          <FieldError id="guest-agreement-error" errors={agreementErrors} />
        </div>
      ) : null}
      {challenge ? (
        <div>
          <Turnstile siteKey={data.turnstileSiteKey!} resetKey={resets} onVerifiedChange={setVerified} />
          <noscript>
            <p className="text-sm text-slate-600">Turn on JavaScript to pass the anti-robot check.</p>
          </noscript>
          <FieldError id="guest-anti-robot-error" errors={robotErrors} />
        </div>
      ) : null}
      <button
        type="submit"
        // Without JavaScript nothing can tick the state: the button stays enabled and the server decides.
        disabled={busy || (hydrated && blocked)}
        className="w-full rounded-xl bg-indigo-600 px-6 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Shortening…" : "Shorten"}
      </button>
    </Form>
  );
}
