/**
 * The bulk form and its result view (spec 02 §2 Bulk form / Bulk result view, §4 Bulk, §5 Bulk
 * file, §8). A multipart post to /app/links/bulk: with JavaScript through a fetcher (errors and
 * the result come back in place), without it as a plain post to that page. With JavaScript the
 * file's type and size are also checked before the upload.
 */
import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { BULK_ACCEPT, BULK_FILE_MESSAGES, BULK_MAX_BYTES, BULK_MESSAGES, formatOfName } from "../../domain/bulk";
import { BULK_PATH, type BulkReply } from "../forms/bulk";
import type { OrganizationFormTarget } from "../forms/create-link-rules";

const inputClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";
const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800";

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-600">
      {errors[0]}
    </p>
  );
}

const ANOTHER_CLASS = "inline-block rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800";

/** The result view (spec 02 §2): "Batch scheduled", "Total items added" with the count, "Start another batch". */
function BulkResult({ total, onReset, inPlace }: { total: number | null; onReset: () => void; inPlace: boolean }) {
  const location = useLocation();
  return (
    <div className="space-y-4 text-center" data-testid="bulk-result" role="status">
      <h2 className="text-xl font-bold text-slate-900">{BULK_MESSAGES.scheduled}</h2>
      <div className="mx-auto w-fit rounded-xl border border-indigo-200 bg-indigo-50 px-6 py-3">
        <p className="text-sm font-semibold text-indigo-800">{BULK_MESSAGES.total}</p>
        <p className="text-3xl font-extrabold text-indigo-900" data-testid="bulk-total">
          {total === null ? "—" : total.toLocaleString("en-US")}
        </p>
      </div>
      <p className="text-slate-700">{BULK_MESSAGES.success}</p>
      {inPlace ? (
        // Inside the navigation bar's popover: a new batch in place, the page underneath unchanged.
        <button type="button" onClick={onReset} className={ANOTHER_CLASS}>
          {BULK_MESSAGES.startAnother}
        </button>
      ) : (
        <Link to={`${location.pathname}?mode=bulk`} onClick={onReset} className={ANOTHER_CLASS}>
          {BULK_MESSAGES.startAnother}
        </Link>
      )}
    </div>
  );
}

export function BulkLinkForm({
  domains,
  defaultDomain,
  reply,
  organization,
  ids = "bulk",
}: {
  domains: string[];
  defaultDomain: string | null;
  reply?: BulkReply;
  /** Prefix of the fields' ids: "bulk" on a page, another in the navigation bar's popover (which is also answered in place). */
  ids?: string;
  /** Inside an organization: the page that takes the upload and the team selector (spec 02 §2 Bulk form). */
  organization?: OrganizationFormTarget;
}) {
  const fetcher = useFetcher<BulkReply>();
  const [dismissed, setDismissed] = useState<BulkReply | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const latest = fetcher.data ?? reply;
  const current = latest && latest !== dismissed ? latest : undefined;
  const busy = fetcher.state !== "idle";

  if (current?.total !== undefined) {
    return (
      <BulkResult
        total={current.total}
        inPlace={ids !== "bulk"}
        onReset={() => {
          setDismissed(current);
          setClientError(null);
        }}
      />
    );
  }
  const errors = current?.errors;
  const fileErrors = clientError ? [clientError] : errors?.file;

  return (
    <fetcher.Form
      method="post"
      action={organization ? organization.action : BULK_PATH}
      encType="multipart/form-data"
      noValidate
      className="space-y-4"
      data-testid="bulk-form"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
        const file = input?.files?.[0];
        const error = !file
          ? BULK_FILE_MESSAGES.required
          : formatOfName(file.name) === null
            ? BULK_FILE_MESSAGES.type
            : file.size > BULK_MAX_BYTES
              ? BULK_FILE_MESSAGES.max
              : null;
        setClientError(error);
        if (error) event.preventDefault();
      }}
    >
      {organization ? (
        <div>
          <label htmlFor={`${ids}-team`} className={labelClass}>
            Team
          </label>
          <select id={`${ids}-team`} name="team" defaultValue={organization.selected} className={`${inputClass} border-slate-300`}>
            {organization.teams.map((team) => (
              <option key={team.value} value={team.value} disabled={team.disabled}>
                {team.label}
              </option>
            ))}
          </select>
          <Errors id={`${ids}-team-error`} errors={errors?.team} />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${ids}-file`} className={labelClass}>
          Spreadsheet file
        </label>
        <input
          id={`${ids}-file`}
          name="file"
          type="file"
          accept={BULK_ACCEPT}
          onChange={() => setClientError(null)}
          aria-invalid={fileErrors ? true : undefined}
          aria-describedby={fileErrors ? `${ids}-file-error ${ids}-file-help` : `${ids}-file-help`}
          className={`${inputClass} ${fileErrors ? "border-red-500" : "border-slate-300"} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:font-semibold file:text-indigo-700`}
        />
        <Errors id={`${ids}-file-error`} errors={fileErrors} />
        <p id={`${ids}-file-help`} className="mt-1.5 text-xs text-slate-500">
          {BULK_MESSAGES.help}
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <input type="checkbox" name="withHeader" defaultChecked className="h-4 w-4 accent-indigo-600" />
        The first row is a header row
      </label>
      <div>
        <label htmlFor={`${ids}-domain`} className={labelClass}>
          Domain
        </label>
        <select
          id={`${ids}-domain`}
          name="domain"
          defaultValue={defaultDomain && domains.includes(defaultDomain) ? defaultDomain : domains[0]}
          className={`${inputClass} border-slate-300`}
        >
          {domains.map((domain) => (
            <option key={domain} value={domain}>
              {domain}
            </option>
          ))}
        </select>
        <Errors id={`${ids}-domain-error`} errors={errors?.domain} />
      </div>
      <Errors id={`${ids}-form-error`} errors={errors?.form} />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-xl bg-indigo-600 px-6 py-3 text-lg font-bold text-white shadow-sm transition hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? "Uploading…" : "Upload"}
      </button>
    </fetcher.Form>
  );
}
