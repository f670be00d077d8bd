import { useState } from "react";
import { fieldHolding } from "./copy-field";

/** Copies text to the clipboard (JavaScript); without it, the text sits in a selectable field beside it. */
export function CopyButton({ text, className = "" }: { text: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-copy={text}
      className={`rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 ${className}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          const field = fieldHolding(text);
          field?.select();
          document.execCommand?.("copy");
        }
        setCopied(true);
        window.setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
    </button>
  );
}
