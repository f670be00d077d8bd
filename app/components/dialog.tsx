import { useEffect, useRef, type ReactNode } from "react";

/** A ref for a <dialog> that opens as a modal when it mounts (dialogs rendered only while open). */
export function useModalOnMount() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return ref;
}

/**
 * A modal <dialog> opened and closed with invoker commands (`commandfor`), so it works
 * without JavaScript; `closedby="any"` closes it on the backdrop and on Escape.
 */
export function Dialog({ id, title, children, labelledBy }: { id: string; title: string; children: ReactNode; labelledBy?: string }) {
  const titleId = labelledBy ?? `${id}-title`;
  return (
    <dialog
      id={id}
      closedby="any"
      aria-labelledby={titleId}
      className="m-auto w-[min(92vw,560px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          commandfor={id}
          command="close"
          aria-label="Close"
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
            <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div className="space-y-4 px-6 py-5 text-slate-700">{children}</div>
    </dialog>
  );
}
