/**
 * One ad unit above the footer, for the visitors the root loader chose (docs/decisions/041): the
 * provider's loader with the response's nonce, its <ins> unit, and the push that fills it.
 */
export interface AdUnitProps {
  unit: { scriptUrl: string; client: string; slot: string };
  nonce: string | undefined;
}

const PUSH = "(window.adsbygoogle = window.adsbygoogle || []).push({});";

export function AdUnitSlot({ unit, nonce }: AdUnitProps) {
  return (
    <aside aria-label="Advertisement" className="mx-auto w-full max-w-6xl px-4 py-4">
      <p className="mb-1 text-xs uppercase tracking-wide text-slate-400">Advertisement</p>
      <ins
        className="adsbygoogle block min-h-[90px] rounded border border-dashed border-slate-200 bg-white text-center text-sm leading-[90px] text-slate-400"
        data-ad-client={unit.client}
        data-ad-slot={unit.slot || undefined}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
      <script async src={unit.scriptUrl} nonce={nonce} crossOrigin="anonymous" />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PUSH }} />
    </aside>
  );
}
