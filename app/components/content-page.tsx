import type { ReactNode } from "react";

/** A page of prose (feature, legal, company pages): a title, an optional lead, and sections. */
export function ContentPage({
  title,
  lead,
  updated,
  children,
}: {
  title: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:py-16">
      <header className="mb-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg leading-8 text-slate-600">{lead}</p> : null}
        {updated ? <p className="mt-3 text-sm text-slate-500">Last updated: {updated}</p> : null}
      </header>
      <div className="prose-snip">{children}</div>
    </article>
  );
}

/** A titled section inside a ContentPage. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="mb-10">
      <h2 className="mb-3 text-xl font-bold text-slate-900">{title}</h2>
      <div className="space-y-4 leading-7 text-slate-700">{children}</div>
    </section>
  );
}
