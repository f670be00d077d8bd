import { Fragment, useEffect, useRef } from "react";
import { FLASH_TITLE } from "../../domain/flash";

/**
 * Flash-message errors on load (spec 02 §2, §8): the Error dialog with the messages joined by line
 * breaks. Rendered open, so a page without JavaScript shows it too; with React it becomes modal.
 * The close button is an invoker command (no JavaScript needed).
 */
export function FlashDialog({ messages }: { messages: readonly string[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  return (
    <dialog
      ref={ref}
      id="flash-messages"
      open
      closedby="any"
      aria-labelledby="flash-messages-title"
      className="fixed inset-0 z-50 m-auto w-[min(92vw,480px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id="flash-messages-title" className="text-lg font-bold text-red-700">
          {FLASH_TITLE}
        </h2>
      </div>
      <p className="px-6 py-5 text-slate-700" data-testid="flash-messages">
        {messages.map((message, i) => (
          <Fragment key={i}>
            {i > 0 ? <br /> : null}
            {message}
          </Fragment>
        ))}
      </p>
      <div className="flex justify-end border-t border-slate-200 px-6 py-3">
        <button
          type="button"
          commandfor="flash-messages"
          command="close"
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
