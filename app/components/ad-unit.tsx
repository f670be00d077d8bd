/**
 * One ad unit above the footer, for the visitors the root loader chose (docs/decisions/041): the
 * provider's loader with the response's nonce, its <ins> unit, and the push that fills it.
 */
export interface AdUnitProps {
  unit: { scriptUrl: string; client: string; slot: string };
  nonce: string | undefined;
}

const PUSH = "(window.adsbygoogle = window.adsbygoogle || []).push({});";

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/**
 * The <ins> the provider's script fills (with iframes, or the local stand-in's text), as HTML
 * React does not own: the script may run before the page hydrates, and a unit React owned would
 * then differ from its render, so React would re-render the whole document and drop what the
 * visitor had typed into a form (seen in the e2e run as a sign-up form losing its name field).
 */
function insHtml(unit: AdUnitProps["unit"]): string {
  const slot = unit.slot ? ` data-ad-slot="${attribute(unit.slot)}"` : "";
  return (
    `<ins class="adsbygoogle block min-h-[90px] rounded border border-dashed border-slate-200 bg-white text-center text-sm leading-[90px] text-slate-400"` +
    ` data-ad-client="${attribute(unit.client)}"${slot} data-ad-format="auto" data-full-width-responsive="true"></ins>`
  );
}

export function AdUnitSlot({ unit, nonce }: AdUnitProps) {
  return (
    <aside aria-label="Advertisement" className="mx-auto w-full max-w-6xl px-4 py-4">
      <p className="mb-1 text-xs uppercase tracking-wide text-slate-400">Advertisement</p>
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: insHtml(unit) }} />
      <script async src={unit.scriptUrl} nonce={nonce} crossOrigin="anonymous" />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PUSH }} />
    </aside>
  );
}
