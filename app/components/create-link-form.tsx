/**
 * The signed-in creation form (spec 02 §2 Create form, §4, §5) and its result view. The form posts
 * to /app/links/create: with JavaScript through a fetcher (errors come back in place, success
 * navigates), without it as a plain post to that page, which renders the form with its errors.
 * The UTM builder is a dialog with JavaScript and the /app/links/utm page without it.
 *
 * What a page loads before it is interactive is kept small (issue 15): the UTM builder's dialog
 * (utm-builder.tsx) is imported when it is first opened, and the form reads its reply without a
 * form library (the server validates; the reply carries the errors).
 */
import type { SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { MESSAGES } from "../../domain/messages";
import { readUtm, stripUtm } from "../../domain/utm-rules";
import {
  CREATE_LINK_PATH,
  CREATE_MESSAGES,
  DESCRIPTION_MAX_LENGTH,
  UTM_BUILDER_PATH,
  type CreateFormData,
  type CreateReply,
  type LinkResultData,
  type OrganizationFormTarget,
} from "../forms/create-link-rules";
import { BULK_PATH, type BulkReply } from "../forms/bulk";
import { BulkLinkForm } from "./bulk-link-form";
import { CopyButton } from "./copy-button";
import { DomainSelect } from "./domain-select";
import { ExpiryTime } from "./expiry-time";
import { useHydrated } from "./use-hydrated";

/** The UTM builder's dialog, loaded on demand: only a click on the UTM switch or Edit opens it. */
const UtmBuilderDialog = lazy(() => import("./utm-builder").then((m) => ({ default: m.UtmBuilderDialog })));

/** URL field focus delay after "Shorten another" (spec 02 §9). */
const URL_FOCUS_DELAY_MS = 300;

export const inputClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";
export const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800";
export const secondaryButton =
  "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export function errorsOf(result: SubmissionResult<string[]> | undefined, name: string): string[] | undefined {
  const errors = result?.error;
  if (!errors) return undefined;
  const list = Object.entries(errors)
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .flatMap(([, value]) => value ?? []);
  return list.length ? list : undefined;
}

export function initial(result: SubmissionResult<string[]> | undefined, name: string): string | undefined {
  const value = (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
  if (Array.isArray(value)) return value.filter((v) => typeof v === "string").join(", ");
  return typeof value === "string" ? value : undefined;
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
      {errors[0]}
    </p>
  );
}

export function Field({
  label,
  htmlFor,
  errors,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1.5 text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={`${htmlFor}-error`} errors={errors} />
    </div>
  );
}

/** "YYYY-MM-DDTHH:mm" in the browser's local time for a UTC instant. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function toUtcInput(date: Date): string {
  return date.toISOString().slice(0, 16);
}

function utcInputToDate(value: string): Date {
  return new Date(value.endsWith("Z") ? value : `${value}Z`);
}

/** The expiry switch and date-time picker: local time with JavaScript, UTC without (and the label says which). */
function ExpiryField({ data, result, ids }: { data: CreateFormData; result?: SubmissionResult<string[]>; ids: string }) {
  const submitted = result !== undefined;
  // Handed back by the UTM builder page (no JavaScript): the switch and the value as they were typed.
  const carried = data.prefill.expires !== undefined || data.prefill.expires_local !== undefined;
  const initialOn = submitted ? initial(result, "expires") === "on" : carried ? data.prefill.expires === "on" : data.defaultExpiry !== null;
  const initialIso = submitted
    ? initial(result, "expires_at") || (initial(result, "expires_local") ?? data.defaultExpiry ?? "")
    : carried
      ? (data.prefill.expires_local ?? "")
      : (data.defaultExpiry ?? "");
  const [on, setOn] = useState(initialOn);
  const hydrated = useHydrated();
  // Until the user picks a value: the initial instant, shown in UTC on the server and in local time once hydrated.
  const [picked, setPicked] = useState<string | null>(null);
  const initialDate = initialIso
    ? initialIso.endsWith("Z") || initialIso.length > 16
      ? new Date(initialIso)
      : utcInputToDate(initialIso)
    : null;
  const initialValid = initialDate !== null && !Number.isNaN(initialDate.getTime());
  const local = picked ?? (initialValid ? (hydrated ? toLocalInput(initialDate) : toUtcInput(initialDate)) : "");
  const iso = hydrated && local ? safeIso(new Date(local)) : "";
  const errors = errorsOf(result, "expires_at");
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          name="expires"
          checked={on}
          onChange={(e) => setOn(e.currentTarget.checked)}
          className="h-4 w-4 accent-indigo-600"
        />
        Link expiry
      </label>
      <div className={on ? "" : "opacity-60"}>
        <label htmlFor={`${ids}-expires`} className="mb-1 block text-sm text-slate-700">
          Expires at ({hydrated ? "local time" : "UTC"})
        </label>
        <input
          id={`${ids}-expires`}
          type="datetime-local"
          name="expires_local"
          value={local}
          onChange={(e) => setPicked(e.currentTarget.value)}
          min={hydrated ? toLocalInput(utcInputToDate(data.expiryMin)) : data.expiryMin}
          max={hydrated ? toLocalInput(utcInputToDate(data.expiryMax)) : data.expiryMax}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${ids}-expires-error` : undefined}
          className={`${inputClass} ${errors ? "border-red-500" : "border-slate-300"}`}
        />
        {hydrated ? <input type="hidden" name="expires_at" value={iso} /> : null}
        <FieldErrors id={`${ids}-expires-error`} errors={errors} />
      </div>
    </div>
  );
}

function safeIso(date: Date): string {
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/** The posted domain when it is one of the offered ones, else the form's starting domain. */
function startDomain(data: CreateFormData, posted: string | undefined): string | null {
  return posted && data.domains.some((d) => d.domain === posted) ? posted : data.defaultDomain;
}

/** The plan-limit dialog (spec 02 §2, §8): closes on the backdrop or X. */
export function PlanLimitDialog({ open }: { open: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      id="plan-limit-dialog"
      open
      closedby="any"
      aria-labelledby="plan-limit-title"
      className="m-auto w-[min(92vw,520px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 px-6 pt-5">
        <h2 id="plan-limit-title" className="text-lg font-bold text-slate-900">
          {MESSAGES.planLimitTitle}
        </h2>
        <button
          type="button"
          commandfor="plan-limit-dialog"
          command="close"
          aria-label="Close"
          onClick={() => ref.current?.close()}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <p className="px-6 pt-2 text-slate-600">{MESSAGES.planLimitBody}</p>
      <div className="flex flex-wrap justify-end gap-3 px-6 py-5">
        <Link to="/app/settings/usage" className={secondaryButton}>
          Manage Overages
        </Link>
        <Link
          to="/app/settings/subscription"
          className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          Upgrade Your Plan
        </Link>
      </div>
    </dialog>
  );
}

const modeTab = (active: boolean) =>
  `rounded-md px-4 py-1.5 text-sm font-semibold ${active ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;

/**
 * The Single/Bulk toggle (spec 02 §2): on a page two links, so it works without JavaScript; in the
 * navigation bar's popover (which only JavaScript opens) two buttons that switch the form in place.
 */
function ModeToggle({ mode, onSwitch }: { mode: CreateFormData["mode"]; onSwitch?: (mode: CreateFormData["mode"]) => void }) {
  const location = useLocation();
  if (onSwitch) {
    return (
      <div role="group" aria-label="Creation mode" className="mb-5 inline-flex rounded-lg bg-slate-100 p-1">
        {(["single", "bulk"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => onSwitch(value)}
            className={modeTab(mode === value)}
          >
            {value === "single" ? "Single" : "Bulk"}
          </button>
        ))}
      </div>
    );
  }
  const tab = modeTab;
  // The single form lives on the page itself; on the bulk page, on the create page.
  const here = location.pathname;
  const singlePath = here === BULK_PATH ? CREATE_LINK_PATH : here;
  return (
    <nav aria-label="Creation mode" className="mb-5 inline-flex rounded-lg bg-slate-100 p-1">
      <Link to={singlePath} aria-current={mode === "single" ? "page" : undefined} className={tab(mode === "single")}>
        Single
      </Link>
      <Link to={`${here}?mode=bulk`} aria-current={mode === "bulk" ? "page" : undefined} className={tab(mode === "bulk")}>
        Bulk
      </Link>
    </nav>
  );
}

/** The creation form: the Single/Bulk toggle when bulk is allowed, then the single or the bulk form. */
/** The team selector of both forms inside an organization (spec 02 §2, §5): a viewer's teams are disabled. */
export function TeamSelect({
  id,
  target,
  errors,
  value,
}: {
  id: string;
  target: OrganizationFormTarget;
  errors?: string[];
  /** A team chosen before (a post with errors, the UTM builder page): kept when it may still be chosen. */
  value?: string;
}) {
  const kept = target.teams.some((team) => team.value === value && !team.disabled) ? value : undefined;
  return (
    <Field label="Team" htmlFor={id} errors={errors}>
      <select
        id={id}
        name="team"
        defaultValue={kept ?? target.selected}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
        data-testid="team-select"
      >
        {target.teams.map((team) => (
          <option key={team.value} value={team.value} disabled={team.disabled}>
            {team.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Pixel scripts (docs/decisions/047) inside an organization: a team's link may fire the team's
 * pixels. A plain checkbox; the server applies it to a team's workspace only.
 */
function TeamPixelsField({ id, manage, checked, errors }: { id: string; manage: string | null; checked: boolean; errors?: string[] }) {
  return (
    <div>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          id={id}
          type="checkbox"
          name="pixels"
          defaultChecked={checked}
          className="h-4 w-4 accent-indigo-600"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : `${id}-hint`}
        />
        Fire the team&apos;s retargeting pixels before redirecting
      </label>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
        For a team&apos;s links: the pixels the team has set up.{" "}
        {manage ? (
          <Link to={manage} className="font-semibold text-indigo-700 hover:underline">
            The team&apos;s pixel scripts
          </Link>
        ) : null}
      </p>
      {errors ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function CreateLinkForm({
  data,
  reply,
  bulkReply,
  returnTo,
  ids = "create",
}: {
  data: CreateFormData;
  reply?: CreateReply;
  bulkReply?: BulkReply;
  returnTo: string;
  /** Prefix of the fields' ids: "create", or another where a second form can be on the page (the navigation bar's popover). */
  ids?: string;
}) {
  const inPopover = ids !== "create";
  // In the popover the mode is the popover's own; on a page it is the page's (?mode=bulk).
  const [popoverMode, setPopoverMode] = useState<CreateFormData["mode"]>("single");
  const bulk = data.canBulk && (inPopover ? popoverMode : data.mode) === "bulk";
  return (
    <>
      {data.canBulk ? <ModeToggle mode={bulk ? "bulk" : "single"} onSwitch={inPopover ? setPopoverMode : undefined} /> : null}
      {bulk ? (
        <BulkLinkForm
          domains={data.domains.filter((d) => d.lock === null).map((d) => d.domain)}
          defaultDomain={data.defaultDomain}
          reply={inPopover ? undefined : bulkReply}
          organization={data.organization}
          ids={inPopover ? `${ids}-bulk` : "bulk"}
        />
      ) : (
        <SingleLinkForm data={data} reply={reply} returnTo={returnTo} ids={ids} />
      )}
    </>
  );
}

function SingleLinkForm({ data, reply, returnTo, ids }: { data: CreateFormData; reply?: CreateReply; returnTo: string; ids: string }) {
  const fetcher = useFetcher<CreateReply>();
  const location = useLocation();
  const current = fetcher.data ?? reply;
  const result = current?.result;
  const formId = `${ids}-link`;
  // The form's own errors (not a field's): a conform reply keeps them under "".
  const formErrors = result?.error?.[""] ?? undefined;
  const urlRef = useRef<HTMLInputElement>(null);
  const [utmOn, setUtmOn] = useState(data.utmOn);
  const [utmError, setUtmError] = useState<string | null>(null);
  const [builderUrl, setBuilderUrl] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const urlErrors = utmError ? [utmError] : errorsOf(result, "url");

  useEffect(() => {
    if ((location.state as { focusUrl?: boolean } | null)?.focusUrl) {
      const timer = window.setTimeout(() => urlRef.current?.focus(), URL_FOCUS_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
  }, [location.key, location.state]);

  useEffect(() => {
    if (errorsOf(result, "url")) urlRef.current?.focus();
  }, [result]);

  const openBuilder = (): boolean => {
    const url = urlRef.current?.value.trim() ?? "";
    if (url === "") {
      setUtmError(MESSAGES.urlRequired);
      setUtmOn(false);
      return false;
    }
    setUtmError(null);
    setBuilderUrl(url);
    return true;
  };

  const onUtmSwitch = (checked: boolean) => {
    if (checked) {
      if (openBuilder()) setUtmOn(true);
      return;
    }
    setUtmOn(false);
    if (urlRef.current) urlRef.current.value = stripUtm(urlRef.current.value);
  };

  const aliasErrors = errorsOf(result, "alias");
  const canCustomAlias = data.aliasLock === null;
  const aliasLocked = data.aliasLock === "plan" ? CREATE_MESSAGES.aliasLockedPlan : CREATE_MESSAGES.aliasLockedVerify;
  const tagErrors = errorsOf(result, "tags");
  const descriptionErrors = errorsOf(result, "description");
  const advancedOpen =
    Boolean(errorsOf(result, "expires_at")) || (result !== undefined ? initial(result, "expires") === "on" : data.prefill.expires === "on");
  // What the form starts with: the post's values after an error, else what the UTM builder page handed back.
  const start = (name: keyof CreateFormData["prefill"]) => (result !== undefined ? initial(result, name) : data.prefill[name]);

  return (
    <>
      <fetcher.Form
        method="post"
        // On the homepage (users without the analytics capability: subscribers are sent to the
        // dashboard) the form posts to the homepage's own action; the create page is for the others.
        action={data.organization ? data.organization.action : returnTo === "/" ? "/?index" : CREATE_LINK_PATH}
        id={formId}
        aria-invalid={formErrors ? true : undefined}
        aria-describedby={formErrors ? `${formId}-form-error` : undefined}
        noValidate
        className="space-y-4"
        data-testid={`${ids}-link-form`}
      >
        <input type="hidden" name="return_to" value={returnTo} />
        {/* Enter in a field clicks the form's first submit button: this stand-in for Shorten, so
            Enter shortens rather than opening the UTM builder (its Edit button comes before Shorten). */}
        <button type="submit" disabled={busy} tabIndex={-1} aria-hidden="true" className="sr-only">
          Shorten
        </button>
        {data.organization ? (
          <TeamSelect id={`${ids}-team`} target={data.organization} errors={errorsOf(result, "team")} value={start("team")} />
        ) : null}
        <Field label="Long URL" htmlFor={`${ids}-url`} errors={urlErrors}>
          <input
            ref={urlRef}
            id={`${ids}-url`}
            name="url"
            type="url"
            defaultValue={initial(result, "url") ?? data.url}
            placeholder="https://example.com/a-very-long-link"
            autoComplete="off"
            inputMode="url"
            onInput={() => setUtmError(null)}
            aria-invalid={urlErrors ? true : undefined}
            aria-describedby={urlErrors ? `${ids}-url-error` : undefined}
            className={`${inputClass} ${urlErrors ? "border-red-500" : "border-slate-300"}`}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <DomainSelect
            id={`${ids}-domain`}
            options={data.domains}
            defaultValue={startDomain(data, start("domain"))}
            siteHost={data.siteHost}
            errors={errorsOf(result, "domain")}
            className={inputClass}
            labelClassName={labelClass}
          />
          <Field label="Alias (optional)" htmlFor={`${ids}-alias`} errors={aliasErrors}>
            <input
              id={`${ids}-alias`}
              name="alias"
              defaultValue={canCustomAlias ? start("alias") : undefined}
              disabled={!canCustomAlias}
              title={canCustomAlias ? undefined : aliasLocked}
              placeholder={canCustomAlias ? "my-link" : "Random alias"}
              autoComplete="off"
              aria-invalid={aliasErrors ? true : undefined}
              aria-describedby={aliasErrors ? `${ids}-alias-error` : canCustomAlias ? undefined : `${ids}-alias-locked`}
              className={`${inputClass} ${aliasErrors ? "border-red-500" : "border-slate-300"}`}
            />
            {canCustomAlias ? null : (
              <p id={`${ids}-alias-locked`} className="mt-1.5 text-xs text-slate-500">
                {aliasLocked}
              </p>
            )}
          </Field>
        </div>
        {/* Spec 02 §2: "description (organization only)"; a personal link's description is set in its editor, the API or a bulk file. */}
        {data.organization ? (
          <Field label="Description (optional)" htmlFor={`${ids}-description`} errors={descriptionErrors}>
            <input
              id={`${ids}-description`}
              name="description"
              defaultValue={start("description")}
              maxLength={DESCRIPTION_MAX_LENGTH}
              autoComplete="off"
              aria-invalid={descriptionErrors ? true : undefined}
              aria-describedby={descriptionErrors ? `${ids}-description-error` : undefined}
              className={`${inputClass} ${descriptionErrors ? "border-red-500" : "border-slate-300"}`}
            />
          </Field>
        ) : null}
        {data.canTags ? (
          <Field
            label="Tags (optional)"
            htmlFor={`${ids}-tags`}
            errors={tagErrors}
            hint="Separate tags with commas. Spaces are removed and tags are lower-cased."
          >
            <input
              id={`${ids}-tags`}
              name="tags"
              defaultValue={start("tags")}
              placeholder="campaign, spring"
              autoComplete="off"
              aria-invalid={tagErrors ? true : undefined}
              aria-describedby={tagErrors ? `${ids}-tags-error` : undefined}
              className={`${inputClass} ${tagErrors ? "border-red-500" : "border-slate-300"}`}
            />
          </Field>
        ) : null}
        {data.organization?.pixels ? (
          <TeamPixelsField
            id={`${ids}-pixels`}
            manage={data.organization.pixels.manage}
            checked={start("pixels") === "on"}
            errors={errorsOf(result, "pixels")}
          />
        ) : null}
        {data.canExpiry ? (
          <details className="rounded-lg border border-slate-200 px-4 py-3" open={advancedOpen || data.utmOn || undefined}>
            <summary className="cursor-pointer text-sm font-semibold text-slate-800">Advanced options</summary>
            <div className="mt-4 space-y-5">
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                  <input
                    type="checkbox"
                    name="utm"
                    checked={utmOn}
                    onChange={(e) => onUtmSwitch(e.currentTarget.checked)}
                    className="h-4 w-4 accent-indigo-600"
                  />
                  UTM parameters
                </label>
                <button
                  type="submit"
                  formAction={UTM_BUILDER_PATH}
                  formMethod="get"
                  formNoValidate
                  onClick={(event) => {
                    event.preventDefault();
                    if (openBuilder()) setUtmOn(true);
                  }}
                  className="text-sm font-semibold text-indigo-700 hover:underline"
                >
                  Edit
                </button>
              </div>
              <ExpiryField data={data} result={result} ids={ids} />
            </div>
          </details>
        ) : null}
        {formErrors?.length && !current?.planLimit ? (
          <p id={`${formId}-form-error`} role="alert" className="text-sm font-medium text-red-600">
            {formErrors[0]}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-xl bg-indigo-600 px-6 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? "Shortening…" : "Shorten"}
        </button>
      </fetcher.Form>
      <PlanLimitDialog key={fetcher.data ? "fetched" : "initial"} open={current?.planLimit === true} />
      {builderUrl !== null ? (
        <Suspense fallback={null}>
          <UtmBuilderDialog
            url={builderUrl}
            presets={data.presets}
            onClose={() => {
              setBuilderUrl(null);
              if (urlRef.current && readUtm(urlRef.current.value).utm_source === "") setUtmOn(false);
            }}
            onApply={(url) => {
              if (urlRef.current) urlRef.current.value = url;
              setUtmOn(true);
              setBuilderUrl(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function shareLinks(shortUrl: string) {
  const u = encodeURIComponent(shortUrl);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}` },
    { name: "WhatsApp", href: `https://api.whatsapp.com/send?text=${u}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "Email", href: `mailto:?subject=${encodeURIComponent("A link for you")}&body=${u}` },
  ];
}

/** The long URL and the short link at the top of every result view (the guest's and the signed-in user's). */
export function CreatedLinkFields({ longUrl, shortUrl }: { longUrl: string; shortUrl: string }) {
  return (
    <>
      <div>
        <p className="mb-1 text-sm font-semibold text-slate-800">Long URL</p>
        <p className="break-all rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-700" data-testid="long-url">
          {longUrl}
        </p>
      </div>
      <div>
        <label htmlFor="short-url" className="mb-1 block text-sm font-semibold text-slate-800">
          Your short link
        </label>
        {/* A field that wraps (and grows with its text): on a phone a one-line input cut the link off. */}
        <textarea
          id="short-url"
          readOnly
          rows={1}
          value={shortUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full resize-none break-all rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-lg font-semibold text-indigo-800 field-sizing-content"
        />
      </div>
    </>
  );
}

/** The result view after a create (spec 02 §2): long URL, short link, visit, QR, share, copy. */
export function LinkResult({ result }: { result: LinkResultData }) {
  // "Shorten another" (spec 02 §4) brings back the form of the page showing the result (the
  // homepage, the dashboard, an organization's page), without the query that selects the result.
  const { pathname } = useLocation();
  return (
    <div className="space-y-5" data-testid="result">
      <CreatedLinkFields longUrl={result.longUrl} shortUrl={result.shortUrl} />
      {result.tags.length || result.expiresAt ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="result-meta">
          {result.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700" data-testid="result-tag">
              {tag}
            </span>
          ))}
          {result.expiresAt ? (
            <span className="text-slate-600">
              Expires <ExpiryTime iso={result.expiresAt} />
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <a href={result.shortUrl} target="_blank" rel="noopener" className={`${secondaryButton} px-4 py-2`}>
          Visit
        </a>
        <CopyButton text={result.shortUrl} />
      </div>
      <div className="flex flex-wrap items-start gap-5">
        <div
          className="rounded-lg border border-slate-200 bg-white p-1"
          data-testid="qr"
          dangerouslySetInnerHTML={{ __html: result.qrSvg }}
        />
        <div className="space-y-3">
          <div>
            <p className="text-sm font-semibold text-slate-800">Download QR</p>
            <div className="mt-1 flex flex-wrap gap-2">
              <a href={`/app/links/${result.id}/qr.svg`} download className={secondaryButton}>
                SVG
              </a>
              <a href={`/app/links/${result.id}/qr.png?size=400`} download className={secondaryButton}>
                PNG 400
              </a>
              <a href={`/app/links/${result.id}/qr.png?size=1200`} download className={secondaryButton}>
                PNG 1200
              </a>
            </div>
          </div>
          <div>
            <p className="text-sm font-semibold text-slate-800">Share</p>
            <div className="mt-1 flex flex-wrap gap-2">
              {shareLinks(result.shortUrl).map((share) => (
                <a key={share.name} href={share.href} target="_blank" rel="noopener noreferrer" className={secondaryButton}>
                  {share.name}
                </a>
              ))}
            </div>
          </div>
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Some links to merchants may earn Snip a commission.{" "}
        <Link to="/app/affiliate-link" className="underline">
          Learn more
        </Link>
        .
      </p>
      <div className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-5">
        {result.showMyUrls ? (
          <Link to="/app/my-urls" className="text-sm font-semibold text-indigo-700 hover:underline">
            My URLs
          </Link>
        ) : null}
        <Link
          to={pathname}
          state={{ focusUrl: true }}
          className="ml-auto rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800"
        >
          Shorten another
        </Link>
      </div>
    </div>
  );
}
