/**
 * The domain selector of the creation forms (spec 02 §2, §5, §8): domains sorted alphabetically;
 * one the chooser may not use carries a tooltip (guests: "This domain is not available to guest
 * users."), and choosing it tells why and goes where that is fixed (register, verify the email,
 * subscribe). With JavaScript the choice is undone and the browser is sent there after a moment;
 * without it the server refuses the post with the same message and the link to follow.
 */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { DOMAIN_LOCK_PATHS, DOMAIN_MESSAGES, domainLockMessage, type DomainLock, type DomainOption } from "../../domain/domain-rules";

import { LOCK_ACTION, LOCKED_DOMAIN_REDIRECT_DELAY_MS } from "./guest-form-rules";

export { LOCKED_DOMAIN_REDIRECT_DELAY_MS } from "./guest-form-rules";

const LOCK_SUFFIX: Record<DomainLock, string> = { guest: " (sign up)", verify: " (verify email)", subscribe: " (subscribers)" };

function tooltip(lock: DomainLock | null): string | undefined {
  if (lock === null) return undefined;
  return lock === "guest" ? DOMAIN_MESSAGES.guestTooltip : domainLockMessage(lock);
}

export function DomainSelect({
  id,
  options,
  defaultValue,
  siteHost,
  errors,
  className,
  labelClassName,
  onDomainChange,
}: {
  id: string;
  options: DomainOption[];
  defaultValue: string | null;
  siteHost: string;
  errors?: string[];
  className: string;
  labelClassName: string;
  onDomainChange?: (option: DomainOption | null) => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue ?? "");
  const [notice, setNotice] = useState<DomainLock | null>(null);
  const selected = options.find((o) => o.domain === value) ?? null;
  // Without JavaScript a refused post comes back with the locked domain selected: say where to go.
  const shownLock = notice ?? selected?.lock ?? null;

  useEffect(() => {
    if (notice === null) return;
    const timer = window.setTimeout(() => void navigate(DOMAIN_LOCK_PATHS[notice]), LOCKED_DOMAIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [notice, navigate]);

  const fieldErrors = errors?.filter((e) => shownLock === null || e !== domainLockMessage(shownLock));
  const describedBy = [fieldErrors?.length ? `${id}-error` : null, shownLock ? `${id}-lock` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        Domain
      </label>
      {defaultValue === null ? (
        // No usable domain (spec 02 §8): the form falls back to the site's own host.
        <>
          <input type="hidden" name="domain" value="" />
          <p id={id} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900" role="status">
            {DOMAIN_MESSAGES.notFound} Links are created on {siteHost}.
          </p>
        </>
      ) : (
        <select
          id={id}
          name="domain"
          value={value}
          title={tooltip(selected?.lock ?? null)}
          aria-invalid={fieldErrors?.length || shownLock ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const next = options.find((o) => o.domain === event.currentTarget.value) ?? null;
            if (next?.lock) {
              setNotice(next.lock);
              return; // the choice is not taken: the select keeps the previous domain
            }
            setNotice(null);
            setValue(event.currentTarget.value);
            onDomainChange?.(next);
          }}
          className={`${className} ${fieldErrors?.length || shownLock ? "border-red-500" : "border-slate-300"}`}
        >
          {options.map((option) => (
            <option
              key={option.domain}
              value={option.domain}
              title={tooltip(option.lock)}
              data-locked={option.lock ?? undefined}
              data-custom-alias={option.customAlias ? "true" : undefined}
            >
              {option.domain}
              {option.lock ? LOCK_SUFFIX[option.lock] : ""}
            </option>
          ))}
        </select>
      )}
      {shownLock ? (
        <p id={`${id}-lock`} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
          {domainLockMessage(shownLock)}{" "}
          <a href={DOMAIN_LOCK_PATHS[shownLock]} className="font-semibold underline">
            {LOCK_ACTION[shownLock]}
          </a>
        </p>
      ) : null}
      {fieldErrors?.length ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
          {fieldErrors[0]}
        </p>
      ) : null}
    </div>
  );
}
