/**
 * The Restore Organization dialog (spec 02 §2, §4): selecting an archived organization asks for a
 * restore. It loads four counts (admins, teams and members from GET
 * /app/api/organization/{o}/archive; the link count by paging GET
 * /app/api/organization/{o}/urls/available until no `next` remains); while any count is unknown a
 * spinner shows. Confirm unarchives (PATCH .../archive {archive: false}) and reports true; any
 * other close reports false. Without JavaScript the Restore link opens /app/organizations/{o}/restore,
 * a plain form doing the same.
 */
import { useEffect, useState } from "react";
import { apiFetch } from "../../lib/api-client";
import { useModalOnMount } from "../dialog";

/** A count that could not be loaded. */
const UNCOUNTABLE = -1;

type Counts = { admins: number | null; teams: number | null; members: number | null; links: number | null };

/** Pages through the organization's available URLs and counts them (the contract {data, next}). */
async function countLinks(slug: string, signal: AbortSignal): Promise<number> {
  let total = 0;
  let page: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const query: string = page === null ? "" : `?page=${encodeURIComponent(page)}`;
    const { data } = await apiFetch<{ data: unknown[]; next?: string | number | null }>(
      `organization/${encodeURIComponent(slug)}/urls/available${query}`,
      { globalErrors: false, signal },
    );
    total += Array.isArray(data?.data) ? data.data.length : 0;
    const next = data?.next;
    if (next === undefined || next === null || next === "") return total;
    page = String(next);
  }
  return total;
}

function Spinner() {
  return (
    <span
      role="status"
      aria-label="Loading"
      className="inline-block h-[35px] w-[35px] animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
    />
  );
}

export function RestoreOrganizationDialog({
  organization,
  onClose,
}: {
  organization: { slug: string; name: string };
  /** Called once with whether the organization was restored. */
  onClose: (restored: boolean) => void;
}) {
  const ref = useModalOnMount();
  const [counts, setCounts] = useState<Counts>({ admins: null, teams: null, members: null, links: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const slug = encodeURIComponent(organization.slug);
    apiFetch<{ data: { admins: number; teams: number; members: number } }>(`organization/${slug}/archive`, {
      globalErrors: false,
      signal: controller.signal,
    })
      .then(
        ({ data }) => data && setCounts((c) => ({ ...c, admins: data.data.admins, teams: data.data.teams, members: data.data.members })),
      )
      .catch(() => controller.signal.aborted || setError("The organization's details could not be loaded."));
    countLinks(organization.slug, controller.signal)
      .then((links) => setCounts((c) => ({ ...c, links })))
      // A link list that cannot be read leaves the count uncountable ("—"), not a made-up zero.
      .catch(() => controller.signal.aborted || setCounts((c) => ({ ...c, links: UNCOUNTABLE })));
    return () => controller.abort();
  }, [organization.slug]);

  const loading = counts.admins === null || counts.teams === null || counts.members === null || counts.links === null;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`organization/${encodeURIComponent(organization.slug)}/archive`, {
        method: "PATCH",
        json: { archive: false },
        globalErrors: false,
      });
      onClose(true);
    } catch {
      setBusy(false);
      setError("The organization could not be restored. Please try again.");
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="restore-organization-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
      className="m-auto w-[min(92vw,560px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="border-b border-slate-200 px-6 py-4">
        <h2 id="restore-organization-title" className="text-lg font-bold text-slate-900">
          Restore Organization
        </h2>
      </div>
      <div className="space-y-4 px-6 py-5 text-slate-700">
        <p>
          <strong>{organization.name}</strong> is archived. Restoring it opens it again for everyone in it.
        </p>
        {loading && !error ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : null}
        {!loading ? (
          <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="restore-counts">
            <Count label="Admins" value={counts.admins!} />
            <Count label="Teams" value={counts.teams!} />
            <Count label="Members" value={counts.members!} />
            <Count label="Links" value={counts.links!} />
          </dl>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 pt-2">
          <button
            type="button"
            onClick={() => onClose(false)}
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            disabled={busy || loading}
            onClick={confirm}
            className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
          >
            Restore
          </button>
        </div>
      </div>
    </dialog>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-lg font-bold text-slate-900">{value === UNCOUNTABLE ? "—" : value}</dd>
    </div>
  );
}
