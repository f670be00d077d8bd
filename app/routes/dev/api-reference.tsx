/**
 * /app/dev (spec 01 §2 Legal and other): the REST API's reference, rendered by Scalar's API
 * reference viewer from the document at /openapi/v2.json. The viewer's script is served from
 * our own static assets (copied there at build time, vite.config.ts), never a CDN; it is
 * loaded after hydration, so React never sees the viewer's DOM. Without JavaScript the page
 * lists the operations and links the document.
 */
import { useEffect, useRef, useState } from "react";
import { API_V2_BASE, OPENAPI_V2_PATH } from "../../../domain/api";
import { getOpenApiDocument } from "../../api/v2/app.server";
import type { Route } from "./+types/api-reference";

/** Where the build puts Scalar's standalone bundle (vite.config.ts). */
const SCALAR_SCRIPT = "/vendor/scalar/standalone.js";

export const meta: Route.MetaFunction = () => [{ title: "API reference | Snip" }];

type Operation = { method: string; path: string; summary: string };

export function loader() {
  const document = getOpenApiDocument() as { paths: Record<string, Record<string, { summary?: string }>> };
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: `${API_V2_BASE}${path}`,
      summary: op.summary ?? "",
    })),
  );
  return { operations };
}

declare global {
  interface Window {
    Scalar?: { createApiReference: (target: HTMLElement, options: Record<string, unknown>) => unknown };
  }
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "ready" | "failed">("idle");

  useEffect(() => {
    const mount = () => {
      if (!target.current || !window.Scalar) return setState("failed");
      window.Scalar.createApiReference(target.current, {
        url: OPENAPI_V2_PATH,
        withDefaultFonts: false,
        hideClientButton: true,
        // Nothing that needs a third-party service: no AI agent, no hosted developer tools.
        agent: { disabled: true },
        showDeveloperTools: "never",
        theme: "default",
      });
      setState("ready");
    };
    if (window.Scalar) return mount();
    // The viewer's zod probes for eval (`Function("")`) unless told to run without it; the page's
    // Content-Security-Policy allows no eval (docs/decisions/022), and zod works the same without.
    const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
    zodConfig.jitless = true;
    const script = document.createElement("script");
    script.src = SCALAR_SCRIPT;
    script.async = true;
    script.onload = mount;
    script.onerror = () => setState("failed");
    document.body.appendChild(script);
  }, []);

  return (
    <div className="w-full">
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">API reference</h1>
        <p className="mt-2 text-sm text-slate-600">
          The REST API lives at <code className="rounded bg-slate-100 px-1">{API_V2_BASE}</code>; create a token under Settings → API. The
          OpenAPI document:{" "}
          <a href={OPENAPI_V2_PATH} className="font-semibold text-indigo-700 hover:underline">
            {OPENAPI_V2_PATH}
          </a>
          .
        </p>
        {state !== "ready" ? (
          <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-label="Operations">
            {loaderData.operations.map((op) => (
              <li key={`${op.method} ${op.path}`} className="flex flex-wrap gap-3 px-4 py-2 text-sm">
                <span className="w-16 font-mono font-bold text-indigo-700">{op.method}</span>
                <span className="font-mono text-slate-900">{op.path}</span>
                <span className="text-slate-600">{op.summary}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {state === "failed" ? <p className="mt-4 text-sm text-red-700">The reference viewer could not be loaded.</p> : null}
      </div>
      <div ref={target} data-testid="api-reference" className="mt-6 min-h-[60vh]" />
    </div>
  );
}
