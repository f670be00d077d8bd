/**
 * The navigation bar's Invitations envelope and its 650px popover (spec 02 §2, §4, §8;
 * docs/decisions/030). Rendered on the server, it works without JavaScript: a <details> disclosure
 * (Escape and a click elsewhere close it: root's popover script) whose Accept and Reject are plain
 * forms posting to the answer calls (spec 02 §7), which redirect back with the outcome. With
 * JavaScript the forms post through the API client instead: the invitation leaves the list, the
 * state is refreshed (the root loader runs again), and "The invitation has been accepted." / "The
 * invitation has been rejected." is shown; a refusal shows the first message of the invitation
 * errors (the API client is loaded on the first answer, not with every page). The envelope shows
 * while invitations exist (spec 02 §2): once the last is answered it loses its count and stays only
 * while its popover is open, so "No Invitations" can be read; closed, it is gone.
 */
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { INVITATION_MESSAGES } from "../../../domain/invitations";
import type { NavInvitation } from "../../lib/nav.server";
import { useHydrated } from "../use-hydrated";

const ENVELOPE =
  "M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75";

function Envelope({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${className} shrink-0 stroke-current`}
    >
      <path d={ENVELOPE} />
    </svg>
  );
}

function destinationOf(invitation: NavInvitation): string {
  return invitation.teamName ? `${invitation.teamName} (${invitation.organizationName})` : invitation.organizationName;
}

export function InvitationsPopover({
  invitations,
  returnTo,
  initiallyOpen,
  summaryClass,
  placement = "right-0",
}: {
  invitations: readonly NavInvitation[];
  returnTo: string;
  initiallyOpen: boolean;
  summaryClass: string;
  placement?: string;
}) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(initiallyOpen);
  const shown = invitations.filter((invitation) => !answered.includes(invitation.id));
  // None left: no envelope, unless its popover is still open on "No Invitations" after the last answer.
  if (shown.length === 0 && (answered.length === 0 || !open)) return null;

  async function answer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const path = form.getAttribute("action") ?? "";
    const id = form.dataset.invitation ?? "";
    const accepting = path.endsWith("/accept");
    setBusy(id);
    setError(null);
    // Loaded on the first answer only: the bar is on every page and stays light.
    const [{ ApiError, apiFetch }, { showToast }] = await Promise.all([import("../../lib/api-client"), import("../../lib/api-ui")]);
    try {
      await apiFetch(path, { method: "POST", globalErrors: false });
      setAnswered((ids) => [...ids, id]);
      showToast(accepting ? INVITATION_MESSAGES.accepted : INVITATION_MESSAGES.rejected, { tone: "success" });
      void revalidator.revalidate();
    } catch (caught) {
      const message = caught instanceof ApiError ? (caught.fieldError("invitation") ?? caught.message) : INVITATION_MESSAGES.unknown;
      setError(message);
      showToast(message, { tone: "error" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <details
      className="popover relative"
      data-popover
      data-enhanced={hydrated ? "" : undefined}
      open={initiallyOpen || undefined}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={`${summaryClass} cursor-pointer list-none`} title="Invitations" aria-label={`Invitations (${shown.length})`}>
        <Envelope className="h-5 w-5" />
        {shown.length > 0 ? (
          <span
            data-testid="invitations-count"
            className="min-w-5 rounded-full bg-indigo-600 px-1.5 text-center text-xs font-bold leading-5 text-white"
          >
            {shown.length}
          </span>
        ) : null}
      </summary>
      <div
        role="dialog"
        aria-label="Invitations"
        className={`absolute ${placement} z-40 mt-2 w-[650px] max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl`}
      >
        <p className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Invitations</p>
        {error ? (
          <p role="alert" className="mx-3 my-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {shown.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-600">{INVITATION_MESSAGES.noInvitations}</p>
        ) : (
          <ul className="max-h-[420px] divide-y divide-slate-100 overflow-auto">
            {shown.map((invitation) => (
              <li key={invitation.id} data-testid="invitation" className="flex flex-wrap items-center gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{destinationOf(invitation)}</p>
                  <p className="text-sm text-slate-600">
                    {invitation.inviterName ? `${invitation.inviterName} invited you` : "You are invited"} as{" "}
                    <span className="font-semibold">{invitation.role}</span>
                  </p>
                  {invitation.message ? (
                    <p className="mt-1 whitespace-pre-line text-sm italic text-slate-700">“{invitation.message}”</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  {(["accept", "reject"] as const).map((how) => (
                    <form
                      key={how}
                      method="post"
                      action={`${invitation.answerPath}/${how}`}
                      data-invitation={invitation.id}
                      onSubmit={answer}
                    >
                      <input type="hidden" name="redirect_to" value={returnTo} />
                      <button
                        type="submit"
                        disabled={busy === invitation.id}
                        className={
                          how === "accept"
                            ? "rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
                            : "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                        }
                      >
                        {how === "accept" ? "Accept" : "Reject"}
                      </button>
                    </form>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
