/**
 * /dashboard/edit/{id}/routes (L; issue 20, docs/decisions/037): the routing editor of one of the
 * user's links. Ordered rules, each sending visitors to another destination by country, region,
 * device type, OS, browser, language, referrer host or a UTC time window; the first rule that
 * matches wins, and everyone else goes to the link's destination. A plain form: add, remove and
 * move answer the edited list back without saving (so they work without JavaScript), save
 * validates every rule (app/forms/link-routes.ts) and writes the link through to KV.
 * Without redirect_routes the page and every post are refused with 403 and the reason.
 */
import { useState, useSyncExternalStore } from "react";
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserLink } from "../../../db/dashboard.server";
import { updateLink } from "../../../db/links.server";
import { can, routesApplication, routesLimit } from "../../../domain/entitlements";
import {
  BROWSERS,
  DEVICE_TYPES,
  fromCompactRoutes,
  OPERATING_SYSTEMS,
  parseStoredRoutes,
  ROUTE_CONDITION_NAMES,
  ROUTE_CONDITIONS,
  toCompactRoutes,
  type RouteCondition,
} from "../../../domain/redirect-routes";
import { FieldError, Notice } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import {
  draftOf,
  emptyDraft,
  readDrafts,
  ROUTE_MESSAGES,
  routesTooMany,
  validateDrafts,
  type RuleDraft,
  type RuleErrors,
} from "../../forms/link-routes";
import { destinationContext, linkStores, shortUrl } from "../../lib/links.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/routes";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Redirect routes — Snip" }];

async function loadOwnLink(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const link = await getUserLink(getDb(env.DB), viewer.user.id, id);
  if (!link) throw data("Not Found", { status: 404 });
  return { viewer, env, link };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, env, link } = await loadOwnLink(request, context, params.id);
  const page = { id: link.id, alias: link.alias, url: link.url, shortUrl: shortUrl(env, request, link) };
  if (!can(viewer.subject, "redirect_routes")) {
    return data(
      { denied: ROUTE_MESSAGES.notInPlan as string | null, link: page, drafts: [] as RuleDraft[], saved: false, max: 0 },
      { status: 403 },
    );
  }
  const drafts = fromCompactRoutes(parseStoredRoutes(link.routes)).map(draftOf);
  return data({
    denied: null as string | null,
    link: page,
    drafts,
    saved: new URL(request.url).searchParams.has("saved"),
    max: routesLimit(viewer.subject),
  });
}

type ActionResult = { drafts: RuleDraft[]; errors: RuleErrors; formError: string | null; denied?: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, env, link } = await loadOwnLink(request, context, params.id);
  if (!can(viewer.subject, "redirect_routes")) {
    return data<ActionResult>({ drafts: [], errors: {}, formError: null, denied: ROUTE_MESSAGES.notInPlan }, { status: 403 });
  }
  const form = await requestFormData(request);
  const drafts = readDrafts(form);
  const intent = String(form.get("intent") ?? "save");
  const move = /^(remove|up|down)-(\d{1,2})$/.exec(intent);
  const max = routesLimit(viewer.subject);
  // Only the editor's own buttons: save, add, and remove/up/down of a rule; anything else saves nothing.
  if (intent !== "save" && intent !== "add" && !move)
    return data<ActionResult>({ drafts, errors: {}, formError: ROUTE_MESSAGES.unknownAction }, { status: 400 });
  if (intent === "add") {
    if (drafts.length >= max) return data<ActionResult>({ drafts, errors: {}, formError: routesTooMany(max) }, { status: 422 });
    return data<ActionResult>({ drafts: [...drafts, emptyDraft()], errors: {}, formError: null });
  }
  if (move) {
    const index = Number(move[2]);
    const next = [...drafts];
    if (index < next.length) {
      if (move[1] === "remove") next.splice(index, 1);
      else {
        const other = move[1] === "up" ? index - 1 : index + 1;
        if (other >= 0 && other < next.length) [next[index], next[other]] = [next[other]!, next[index]!];
      }
    }
    return data<ActionResult>({ drafts: next, errors: {}, formError: null });
  }

  const result = validateDrafts(drafts, await destinationContext(env, request), max);
  if (!result.ok) return data<ActionResult>({ drafts, errors: result.errors, formError: result.formError }, { status: 422 });
  await updateLink(linkStores(env), link.id, {
    routes: result.rules.length > 0 ? JSON.stringify(toCompactRoutes(result.rules)) : null,
    ...routesApplication(viewer.subject, viewer.subscription?.endsAt ?? null),
  });
  return redirect(`/dashboard/edit/${link.id}/routes?saved=1`);
}

const noSubscription = () => () => {};

const VALUE_HINTS: Record<Exclude<RouteCondition, "time">, string> = {
  country: "Two-letter country codes, comma-separated: US, FR.",
  region: "Country and region codes, comma-separated: US-CA, FR-IDF.",
  device: `One or more of: ${Object.keys(DEVICE_TYPES).join(", ")}.`,
  os: `One or more of: ${Object.keys(OPERATING_SYSTEMS).join(", ")}.`,
  browser: `One or more of: ${Object.keys(BROWSERS).join(", ")}.`,
  language: "Language codes, comma-separated: en, fr, pt-BR (the visitor's first language).",
  referrer: "Hosts of the page the visitor came from, comma-separated: news.example.com (subdomains match too).",
};

const INPUT = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none";
const SMALL_BUTTON =
  "rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-40";

function RuleFields({
  draft,
  index,
  count,
  errors,
  hydrated,
}: {
  draft: RuleDraft;
  index: number;
  count: number;
  errors: RuleErrors[number] | undefined;
  hydrated: boolean;
}) {
  const name = (field: string) => `rules[${index}].${field}`;
  const id = (field: string) => `rule-${index}-${field}`;
  const [chosen, setChosen] = useState(draft.condition);
  const condition = (ROUTE_CONDITIONS as readonly string[]).includes(chosen) ? (chosen as RouteCondition) : "country";
  // Without JavaScript every input is there (the condition may change before the post); with it, only the condition's own.
  const showValues = !hydrated || condition !== "time";
  const showTime = !hydrated || condition === "time";
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" data-testid={`rule-${index}`}>
      <legend className="px-1 text-sm font-bold text-slate-900">Rule {index + 1}</legend>
      <input type="hidden" name={name("id")} value={draft.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("condition")} className="block text-sm font-medium text-slate-700">
            If the visitor's
          </label>
          <select
            id={id("condition")}
            name={name("condition")}
            defaultValue={draft.condition}
            className={INPUT}
            aria-invalid={errors?.condition ? true : undefined}
            aria-describedby={errors?.condition ? `${id("condition")}-error` : undefined}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {ROUTE_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {ROUTE_CONDITION_NAMES[c]}
              </option>
            ))}
          </select>
          <FieldError id={`${id("condition")}-error`} errors={errors?.condition ? [errors.condition] : undefined} />
        </div>
        {showValues ? (
          <div>
            <label htmlFor={id("values")} className="block text-sm font-medium text-slate-700">
              is one of{!hydrated ? " (not for time rules)" : ""}
            </label>
            <input
              id={id("values")}
              name={name("values")}
              defaultValue={draft.values}
              className={INPUT}
              autoComplete="off"
              aria-invalid={errors?.values ? true : undefined}
              aria-describedby={`${id("values")}-hint${errors?.values ? ` ${id("values")}-error` : ""}`}
            />
            <p id={`${id("values")}-hint`} className="mt-1 text-xs text-slate-500">
              {condition === "time" ? VALUE_HINTS.country : VALUE_HINTS[condition]}
            </p>
            <FieldError id={`${id("values")}-error`} errors={errors?.values ? [errors.values] : undefined} />
          </div>
        ) : null}
        {showTime ? (
          <div className="grid grid-cols-2 gap-3 sm:col-span-2">
            <div>
              <label htmlFor={id("from")} className="block text-sm font-medium text-slate-700">
                From (UTC{!hydrated ? ", time rules" : ""})
              </label>
              <input
                id={id("from")}
                name={name("from")}
                type="time"
                defaultValue={draft.from}
                className={INPUT}
                aria-invalid={errors?.from ? true : undefined}
              />
              <FieldError id={`${id("from")}-error`} errors={errors?.from ? [errors.from] : undefined} />
            </div>
            <div>
              <label htmlFor={id("to")} className="block text-sm font-medium text-slate-700">
                Until (UTC)
              </label>
              <input
                id={id("to")}
                name={name("to")}
                type="time"
                defaultValue={draft.to}
                className={INPUT}
                aria-invalid={errors?.to ? true : undefined}
              />
              <FieldError id={`${id("to")}-error`} errors={errors?.to ? [errors.to] : undefined} />
            </div>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <label htmlFor={id("url")} className="block text-sm font-medium text-slate-700">
            then go to
          </label>
          <input
            id={id("url")}
            name={name("url")}
            type="url"
            defaultValue={draft.url}
            placeholder="https://example.com/page"
            className={INPUT}
            aria-invalid={errors?.url ? true : undefined}
            aria-describedby={errors?.url ? `${id("url")}-error` : undefined}
          />
          <FieldError id={`${id("url")}-error`} errors={errors?.url ? [errors.url] : undefined} />
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <button
          type="submit"
          name="intent"
          value={`up-${index}`}
          disabled={index === 0}
          className={SMALL_BUTTON}
          aria-label={`Move rule ${index + 1} up`}
        >
          Move up
        </button>
        <button
          type="submit"
          name="intent"
          value={`down-${index}`}
          disabled={index === count - 1}
          className={SMALL_BUTTON}
          aria-label={`Move rule ${index + 1} down`}
        >
          Move down
        </button>
        <button type="submit" name="intent" value={`remove-${index}`} className={SMALL_BUTTON} aria-label={`Remove rule ${index + 1}`}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

export default function LinkRoutes({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { link, max } = loaderData;
  const denied = actionData?.denied ?? loaderData.denied;
  const drafts = actionData ? actionData.drafts : loaderData.drafts;
  const errors = actionData?.errors ?? {};
  const saved = !actionData && loaderData.saved;
  // A new list from the server replaces the inputs (their values are the form's defaults).
  const generation = JSON.stringify(drafts);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={`/dashboard/edit/${link.id}`} className="text-sm font-semibold text-indigo-700 hover:underline">
        ← Back to the link
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">Redirect routes</h1>
      <p className="mt-1 break-all text-slate-600">
        <a href={link.shortUrl} className="font-semibold text-indigo-700 hover:underline">
          {link.shortUrl}
        </a>
      </p>

      {denied ? (
        <div className="mt-6 space-y-3">
          <Notice tone="error">{denied}</Notice>
          <Link to="/app/pricing" className="inline-block text-sm font-semibold text-indigo-700 hover:underline">
            See the plans
          </Link>
        </div>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {/* Enter in a field saves (the form's first submit button is its default). */}
          <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
            Save
          </button>
          {saved ? <Notice tone="success">{ROUTE_MESSAGES.saved}</Notice> : null}
          {actionData?.formError ? <Notice tone="error">{actionData.formError}</Notice> : null}
          {Object.keys(errors).length > 0 ? <Notice tone="error">Some rules need fixing: see the messages below.</Notice> : null}
          <p className="text-sm text-slate-600">
            Rules are checked in order; the first one that matches sends the visitor to its destination. Up to {max} rules on your plan.
            Query strings are passed on as for the link itself.
          </p>
          {drafts.length === 0 ? (
            <p className="text-sm text-slate-500">No rules yet: every visitor goes to the link's destination.</p>
          ) : null}
          <div className="space-y-4" key={generation}>
            {drafts.map((draft, index) => (
              <RuleFields key={index} draft={draft} index={index} count={drafts.length} errors={errors[index]} hydrated={hydrated} />
            ))}
          </div>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="fallback">
            Otherwise, visitors go to <span className="break-all font-medium">{link.url}</span>
          </p>
          <div className="flex items-center justify-between gap-3 pt-2">
            <button
              type="submit"
              name="intent"
              value="add"
              disabled={drafts.length >= max}
              className="rounded-lg border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-40"
            >
              Add rule
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              Save rules
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
