/**
 * /app/settings/webhooks (L and V, use_webhooks): outgoing webhooks. Register endpoints (the
 * signing secret is shown once), choose their events, send a test event, and read the
 * delivery log the queue consumer writes (docs/decisions/012-outgoing-webhooks.md).
 * Adding an endpoint asks for the password (the 423 flow, app/lib/password-confirm.server.ts):
 * a borrowed session must not start copying the account's events elsewhere. Test sends are
 * rate limited (docs/decisions/019-abuse-limits.md).
 */
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { deleteWebhookEndpoint, getWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints } from "../../../db/webhooks.server";
import { can } from "../../../domain/entitlements";
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENTS,
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../../domain/webhooks";
import { CopyButton } from "../../components/copy-button";
import { FieldError, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { isPasswordConfirmReply, PasswordConfirmDialog } from "../../components/password-confirm";
import {
  DateTime,
  SettingsCard,
  SettingsHeading,
  settingsButton,
  settingsDangerButton,
  settingsSecondaryButton,
} from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { WEBHOOK_INTENTS, webhookEndpointIdSchema, webhookEndpointSchema } from "../../forms/webhooks";
import { requireRecentPassword } from "../../lib/password-confirm.server";
import { RATE_LIMIT_MESSAGE, rateLimitedReply, retryAfterOfAction, underRateLimit } from "../../lib/rate-limit.server";
import { addWebhookEndpoint, sendTestEvent } from "../../lib/webhooks.server";
import { requireVerified } from "../../session.server";
import type { Route } from "./+types/webhooks";
import { formIntent, requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Webhooks | Snip" }];

/** Passes on the Retry-After of a rate-limited post (app/lib/rate-limit.server.ts). */
export const headers: Route.HeadersFunction = retryAfterOfAction;

const NOTICES = { deleted: WEBHOOK_MESSAGES.deleted, tested: WEBHOOK_MESSAGES.testQueued } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  const allowed = can(viewer.subject, "use_webhooks");
  const notice = new URL(request.url).searchParams.get("done");
  if (!allowed) return { allowed, localDev: false, endpoints: [], deliveries: [], notice: null };
  const db = getDb(env.DB);
  const [endpoints, deliveries] = await Promise.all([
    listWebhookEndpoints(db, viewer.user.id),
    listWebhookDeliveries(db, viewer.user.id, WEBHOOK_LOG_LIMIT),
  ]);
  return {
    allowed,
    localDev: env.LOCAL_DEV === "true",
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events,
      secretHint: e.secretHint,
      createdAt: e.createdAt.toISOString(),
    })),
    deliveries: deliveries.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    notice: notice === "deleted" || notice === "tested" ? NOTICES[notice] : null,
  };
}

type ActionReply =
  | {
      intent: "add";
      fieldErrors?: { url?: string[]; events?: string[] };
      formError?: string;
      values?: { url: string; events: string[] };
      created?: { url: string; secret: string };
    }
  | { intent: "delete" | "test" | null; formError: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, WEBHOOK_INTENTS);
  if (!can(viewer.subject, "use_webhooks")) return data<ActionReply>({ intent, formError: WEBHOOK_MESSAGES.notAllowed }, { status: 403 });
  const db = getDb(env.DB);

  if (intent === "add") {
    const values = { url: String(formData.get("url") ?? ""), events: formData.getAll("events").map(String) };
    const parsed = webhookEndpointSchema({ localDev: env.LOCAL_DEV === "true" }).safeParse(values);
    if (!parsed.success) {
      const fieldErrors: { url?: string[]; events?: string[] } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "url" ? "url" : "events";
        (fieldErrors[field] ??= []).push(issue.message);
      }
      return data<ActionReply>({ intent, fieldErrors, values }, { status: 422 });
    }
    const existing = await listWebhookEndpoints(db, viewer.user.id);
    if (existing.length >= WEBHOOK_MAX_ENDPOINTS)
      return data<ActionReply>({ intent, formError: WEBHOOK_MESSAGES.tooMany, values }, { status: 422 });
    const denied = await requireRecentPassword(request, context, viewer, formData);
    if (denied) return denied;
    const { secret } = await addWebhookEndpoint(env, viewer.user.id, parsed.data);
    return data<ActionReply>({ intent, created: { url: parsed.data.url, secret } });
  }

  if (intent === "delete" || intent === "test") {
    const parsed = webhookEndpointIdSchema.safeParse({ id: formData.get("id") });
    const endpoint = parsed.success ? await getWebhookEndpoint(db, parsed.data.id) : undefined;
    if (!endpoint || endpoint.workspaceId !== viewer.user.id)
      return data<ActionReply>({ intent, formError: WEBHOOK_MESSAGES.endpointMissing }, { status: 404 });
    if (intent === "delete") {
      await deleteWebhookEndpoint(db, viewer.user.id, endpoint.id);
      return redirect("/app/settings/webhooks?done=deleted");
    }
    if (!(await underRateLimit(env, request, "webhookTest", { account: viewer.user.id })))
      return rateLimitedReply<ActionReply>({ intent, formError: RATE_LIMIT_MESSAGE });
    await sendTestEvent(env, endpoint);
    return redirect("/app/settings/webhooks?done=tested");
  }
  return data<ActionReply>(
    { intent: null, formError: "Something went wrong. Please try again or contact customer support." },
    { status: 400 },
  );
}

const OUTCOME_LABELS = { succeeded: "Succeeded", retrying: "Failed, will retry", failed: "Failed" } as const;
const OUTCOME_CLASSES = {
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  retrying: "bg-amber-50 text-amber-800 ring-amber-200",
  failed: "bg-red-50 text-red-700 ring-red-200",
} as const;

const linkClass = "font-semibold text-indigo-700 hover:underline";

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const confirm = isPasswordConfirmReply(actionData) ? actionData.passwordConfirm : null;
  const reply = confirm ? undefined : (actionData as ActionReply | undefined);
  const add = reply?.intent === "add" ? reply : null;
  const formError = reply && "formError" in reply ? reply.formError : null;

  if (!loaderData.allowed) {
    return (
      <>
        <SettingsHeading title="Webhooks" />
        <SettingsCard title="Not in your plan">
          <p className="text-sm text-slate-700">
            {WEBHOOK_MESSAGES.notAllowed}{" "}
            <Link to="/app/pricing" className={linkClass}>
              See plans
            </Link>
          </p>
        </SettingsCard>
      </>
    );
  }

  const created = add?.created ?? null;
  const values = created ? null : (add?.values ?? null);
  return (
    <>
      <SettingsHeading
        title="Webhooks"
        lead={
          <>
            Snip sends a signed POST request to your endpoints when your links are created, changed, deleted or clicked. Each request
            carries a <code className="rounded bg-slate-100 px-1">{WEBHOOK_SIGNATURE_HEADER}</code> header: an HMAC-SHA256 of the timestamp
            and the body, keyed with the endpoint&apos;s signing secret. Failed deliveries are retried with growing pauses,{" "}
            {WEBHOOK_MAX_ATTEMPTS} attempts in all.
          </>
        }
      />
      <div className="space-y-6">
        {loaderData.notice ? <Notice tone="success">{loaderData.notice}</Notice> : null}
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        {created ? (
          <div className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-5" data-testid="new-endpoint">
            <p role="status" className="text-sm font-semibold text-emerald-800">
              {WEBHOOK_MESSAGES.created}
            </p>
            <p className="break-all text-sm text-slate-700">{created.url}</p>
            <div className="flex flex-wrap items-center gap-3">
              <label htmlFor="webhook-secret" className="sr-only">
                Signing secret
              </label>
              <input
                id="webhook-secret"
                data-testid="webhook-secret"
                readOnly
                value={created.secret}
                className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
              />
              <CopyButton text={created.secret} />
            </div>
          </div>
        ) : null}

        <SettingsCard
          id="add-endpoint"
          title="Add an endpoint"
          description="An https URL on the public internet that accepts POST requests."
        >
          <Form method="post" className="space-y-5" key={created?.secret ?? "form"}>
            <input type="hidden" name="intent" value="add" />
            <TextField
              label="Endpoint URL"
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://example.com/webhooks/snip"
              defaultValue={values?.url ?? ""}
              errors={add?.fieldErrors?.url}
              hint={loaderData.localDev ? "Local run: http to localhost or 127.0.0.1 is allowed too." : undefined}
              required
            />
            <fieldset aria-describedby={add?.fieldErrors?.events ? "field-events-error" : undefined}>
              <legend className="mb-1.5 block text-sm font-semibold text-slate-800">Events</legend>
              <ul className="space-y-2">
                {WEBHOOK_EVENTS.map((event) => (
                  <li key={event}>
                    <label className="flex items-start gap-3 text-sm">
                      <input
                        type="checkbox"
                        name="events"
                        value={event}
                        defaultChecked={values ? values.events.includes(event) : true}
                        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600"
                      />
                      <span>
                        <code className="font-semibold text-slate-900">{event}</code>
                        <span className="block text-slate-600">{WEBHOOK_EVENT_DESCRIPTIONS[event]}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <FieldError id="field-events-error" errors={add?.fieldErrors?.events} />
            </fieldset>
            <SubmitButton className={settingsButton} busyText="Adding…">
              Add Endpoint
            </SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard id="endpoints" title="Endpoints" description={`Up to ${WEBHOOK_MAX_ENDPOINTS} endpoints.`}>
          {loaderData.endpoints.length === 0 ? (
            <p className="text-sm text-slate-600">No endpoints yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Endpoints">
              {loaderData.endpoints.map((endpoint) => (
                <li key={endpoint.id} className="py-4 first:pt-0 last:pb-0" data-testid="endpoint">
                  <p className="break-all font-semibold text-slate-900">{endpoint.url}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {endpoint.events.join(", ")} · secret ending in <code>{endpoint.secretHint}</code> · added{" "}
                    <DateTime iso={endpoint.createdAt} />
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="test" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <button type="submit" className={settingsSecondaryButton}>
                        Send Test Event
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <button type="submit" className={settingsDangerButton} aria-label={`Delete ${endpoint.url}`}>
                        Delete
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>

        <SettingsCard
          id="delivery-log"
          title="Delivery log"
          description={
            <>
              The latest {WEBHOOK_LOG_LIMIT} attempts, newest first.{" "}
              <Link to="/app/settings/webhooks" className={linkClass}>
                Refresh
              </Link>
            </>
          }
        >
          {loaderData.deliveries.length === 0 ? (
            <p className="text-sm text-slate-600">No deliveries yet.</p>
          ) : (
            <div className="-mx-5 overflow-x-auto sm:-mx-6">
              <table className="min-w-full text-left text-sm" aria-label="Delivery log">
                <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    <th scope="col" className="px-5 py-2 sm:px-6">
                      Time
                    </th>
                    <th scope="col" className="px-2 py-2">
                      Event
                    </th>
                    <th scope="col" className="px-2 py-2">
                      Attempt
                    </th>
                    <th scope="col" className="px-2 py-2">
                      Result
                    </th>
                    <th scope="col" className="px-2 py-2">
                      Status
                    </th>
                    <th scope="col" className="px-5 py-2 sm:px-6">
                      Duration
                    </th>
                  </tr>
                </thead>
                {loaderData.deliveries.map((d) => (
                  <tbody
                    key={`${d.deliveryId}-${d.attempt}`}
                    className="border-b border-slate-100 last:border-0"
                    data-testid="delivery"
                    data-outcome={d.outcome}
                    data-event={d.event}
                  >
                    <tr>
                      <td className="whitespace-nowrap px-5 pt-2 text-slate-700 sm:px-6">
                        <DateTime iso={d.createdAt} />
                      </td>
                      <td className="whitespace-nowrap px-2 pt-2 font-mono text-xs text-slate-900">{d.event}</td>
                      <td className="px-2 pt-2 text-slate-700" data-testid="delivery-attempt">
                        {d.attempt}
                      </td>
                      <td className="whitespace-nowrap px-2 pt-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${OUTCOME_CLASSES[d.outcome]}`}>
                          {OUTCOME_LABELS[d.outcome]}
                        </span>
                      </td>
                      <td className="px-2 pt-2 text-slate-700" data-testid="delivery-status">
                        {d.statusCode ?? "—"}
                      </td>
                      <td className="whitespace-nowrap px-5 pt-2 text-slate-700 sm:px-6">{d.durationMs} ms</td>
                    </tr>
                    <tr>
                      <td colSpan={6} className="px-5 pb-2 pt-0.5 text-xs sm:px-6">
                        <span className="break-all text-slate-500">{d.endpointUrl}</span>
                        {d.error ? <span className="block text-red-700">{d.error}</span> : null}
                        {d.responseSnippet ? (
                          <span className="block truncate font-mono text-slate-500" title={d.responseSnippet}>
                            Answer: {d.responseSnippet}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                ))}
              </table>
            </div>
          )}
        </SettingsCard>
      </div>
      {confirm ? <PasswordConfirmDialog request={confirm} /> : null}
    </>
  );
}
