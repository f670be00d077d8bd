/**
 * The navigation bar's Create button (spec 02 §2): with JavaScript it opens the "Create Snip
 * Link" side popover holding the creation form (Escape, the backdrop or X close it), or, at the
 * plan limit without overages, the plan-limit dialog instead (spec 02 §4); without JavaScript it
 * is a link to /app/links/create, which shows the same form (and the same dialog). In an
 * organization's pages it opens that organization's form (the team selector first) from the link
 * page the navigation names (nav.createHref), which its link leads to without JavaScript.
 */
import { useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useModalOnMount } from "./dialog";
import { Link, useFetcher, useLocation } from "react-router";
import { MESSAGES } from "../../domain/messages";
import { CREATE_LINK_PATH, CREATE_POPOVER_QUERY, type CreateFormData, type CreateLoadFailed } from "../forms/create-link-rules";
import { CreateLinkForm, PlanLimitDialog } from "./create-link-form";

/** The create page's loader, or an organization link page's (its form is null where the user may not create). */
type CreateLoaderData = { form: CreateFormData | null; planLimit?: boolean } | CreateLoadFailed;

/** `to`: whose form it opens, /app/links/create or, in an organization, its link page (nav.createHref). */
export function CreateLinkButton({ className, children, to = CREATE_LINK_PATH }: { className: string; children: ReactNode; to?: string }) {
  const fetcher = useFetcher<CreateLoaderData>();
  const location = useLocation();
  // Open on the page it was opened on: a create navigates (to the result view), which closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [opens, setOpens] = useState(0);
  // Shown once this opening's load has come back; a later revalidation (after a bulk upload in the
  // popover, say) reloads the data under the open popover instead of closing it.
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  const open = openOn === location.key;
  if (open && fetcher.state === "idle" && fetcher.data && loadedFor !== opens) setLoadedFor(opens);
  const setOpen = (value: boolean) => setOpenOn(value ? location.key : null);
  const loaded = fetcher.data;

  return (
    <>
      <Link
        to={to}
        title="Create"
        className={className}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          // Fresh each time: the plan limit and the user's presets may have changed.
          void fetcher.load(`${to}?${CREATE_POPOVER_QUERY}`);
          setOpens((n) => n + 1);
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {/* Into the body: the mobile menu's Create sits in a <details> that closes on the click, and a
          dialog left inside a closed <details> is open (the page inert behind it) but never shown. */}
      {open && loaded && loadedFor === opens
        ? createPortal(
            "failed" in loaded || !loaded.form ? (
              <CreatePopover key={opens} data={null} onClose={() => setOpen(false)} />
            ) : loaded.planLimit ? (
              <PlanLimitDialog key={opens} open />
            ) : (
              <CreatePopover key={opens} data={loaded.form} onClose={() => setOpen(false)} />
            ),
            document.body,
          )
        : null}
    </>
  );
}

/** The popover; without its form's data (the load failed) it shows the popover's default body (spec 02 §2, §8). */
function CreatePopover({ data, onClose }: { data: CreateFormData | null; onClose: () => void }) {
  const ref = useModalOnMount();
  return (
    <dialog
      ref={ref}
      closedby="any"
      onClose={onClose}
      aria-labelledby="create-popover-title"
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-[min(100vw,560px)] max-w-none overflow-y-auto border-l border-slate-200 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4">
        <h2 id="create-popover-title" className="text-lg font-bold text-slate-900">
          Create Snip Link
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={() => ref.current?.close()}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div className="px-6 py-5">
        {data ? (
          <CreateLinkForm data={data} returnTo={data.organization?.action ?? CREATE_LINK_PATH} ids="popover" />
        ) : (
          <p className="py-10 text-center text-lg font-semibold text-slate-700">{MESSAGES.pageNotFound}</p>
        )}
      </div>
    </dialog>
  );
}
