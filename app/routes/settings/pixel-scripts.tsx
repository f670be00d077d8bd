/**
 * /app/settings/pixel-scripts (L and V, spec 01 §2; docs/decisions/047): the retargeting pixels
 * of the user's workspace (a Meta Pixel, a Google tag, a LinkedIn Insight Tag: kind and id only).
 * A link that opts in (its edit page, or the REST API) answers its visitors with a page that
 * fires these, then forwards at once. Plain forms: list, add, delete.
 */
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { addPixel, deletePixel, listPixels } from "../../../db/pixels.server";
import { personalOwner } from "../../../db/workspaces.server";
import {
  MAX_PIXELS_PER_WORKSPACE,
  PIXEL_ID_HINTS,
  PIXEL_KIND_LABELS,
  PIXEL_KINDS,
  PIXEL_MESSAGES,
  PIXEL_NAME_MAX_LENGTH,
} from "../../../domain/pixels";
import { FieldError, Notice, SubmitButton, TextField } from "../../components/form-fields";
import { DateTime, SettingsCard, SettingsHeading, settingsButton, settingsDangerButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { PIXEL_INTENTS, pixelIdSchema, pixelSchema } from "../../forms/pixels";
import { linkStores } from "../../lib/links.server";
import { requireVerified } from "../../session.server";
import type { Route } from "./+types/pixel-scripts";

export const meta: Route.MetaFunction = () => [{ title: "Custom Pixel Scripts | Snip" }];

const NOTICES = { added: PIXEL_MESSAGES.added, deleted: PIXEL_MESSAGES.deleted } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  const pixels = await listPixels(getDb(env.DB), viewer.user.id);
  const notice = new URL(request.url).searchParams.get("done");
  return {
    pixels: pixels.map((p) => ({
      id: p.id,
      kind: p.kind,
      label: PIXEL_KIND_LABELS[p.kind],
      pixelId: p.pixelId,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
    })),
    notice: notice === "added" || notice === "deleted" ? NOTICES[notice] : null,
  };
}

type FieldErrors = { kind?: string[]; pixelId?: string[]; name?: string[] };
type ActionReply = { intent: "add" | "delete" | null; fieldErrors?: FieldErrors; formError?: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireVerified(request, context);
  const { env } = getCloudflare(context);
  const formData = await request.formData();
  const intent = PIXEL_INTENTS.find((name) => name === formData.get("intent")) ?? null;
  const stores = linkStores(env);

  if (intent === "add") {
    const values = {
      kind: String(formData.get("kind") ?? ""),
      pixelId: String(formData.get("pixelId") ?? ""),
      name: String(formData.get("name") ?? ""),
    };
    const parsed = pixelSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "kind" ? "kind" : issue.path[0] === "name" ? "name" : "pixelId";
        (fieldErrors[field] ??= []).push(issue.message);
      }
      return data<ActionReply>({ intent, fieldErrors, values }, { status: 422 });
    }
    const result = await addPixel(stores, personalOwner(viewer.user.id), parsed.data);
    if (!result.ok) {
      return result.reason === "duplicate"
        ? data<ActionReply>({ intent, fieldErrors: { pixelId: [PIXEL_MESSAGES.duplicate] }, values }, { status: 422 })
        : data<ActionReply>({ intent, formError: PIXEL_MESSAGES.tooMany, values }, { status: 422 });
    }
    return redirect("/app/settings/pixel-scripts?done=added");
  }

  if (intent === "delete") {
    const parsed = pixelIdSchema.safeParse({ id: formData.get("id") });
    const deleted = parsed.success ? await deletePixel(stores, viewer.user.id, parsed.data.id) : false;
    if (!deleted) return data<ActionReply>({ intent, formError: PIXEL_MESSAGES.missing }, { status: 404 });
    return redirect("/app/settings/pixel-scripts?done=deleted");
  }

  return data<ActionReply>(
    { intent: null, formError: "Something went wrong. Please try again or contact customer support." },
    { status: 400 },
  );
}

const selectClass = "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm";

export default function PixelScripts({ loaderData, actionData }: Route.ComponentProps) {
  const { pixels, notice } = loaderData;
  const reply = actionData as ActionReply | undefined;
  const add = reply?.intent === "add" ? reply : null;
  const full = pixels.length >= MAX_PIXELS_PER_WORKSPACE;

  return (
    <>
      <SettingsHeading
        title="Custom Pixel Scripts"
        lead={
          <>
            Retargeting pixels fired when someone opens one of your links that uses them. Turn them on for a link on its edit page (from the{" "}
            <Link to="/dashboard" className="font-semibold text-indigo-700 hover:underline">
              dashboard
            </Link>
            ). Such a link shows a short page that fires your pixels and forwards at once; every other link redirects as before, and bots
            are always redirected directly.
          </>
        }
      />
      <div className="space-y-6">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {reply?.formError && reply.intent !== "add" ? <Notice tone="error">{reply.formError}</Notice> : null}

        <SettingsCard
          title="Your pixels"
          description={`Up to ${MAX_PIXELS_PER_WORKSPACE} pixels. Only the pixel's ID is stored, never a script.`}
        >
          {pixels.length === 0 ? (
            <p className="text-sm text-slate-600">You have no pixels yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Pixels">
              {pixels.map((pixel) => (
                <li key={pixel.id} className="flex flex-wrap items-center justify-between gap-3 py-4" data-testid="pixel">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{pixel.name ?? pixel.label}</p>
                    <p className="mt-0.5 text-sm text-slate-600">
                      {pixel.label} · <span className="font-mono">{pixel.pixelId}</span>
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      Added <DateTime iso={pixel.createdAt} />
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={pixel.id} />
                    <SubmitButton className={settingsDangerButton} busyText="Deleting…">
                      <span>
                        Delete<span className="sr-only"> {pixel.name ?? `${pixel.label} ${pixel.pixelId}`}</span>
                      </span>
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>

        <SettingsCard title="Add a pixel">
          {full ? (
            <p className="text-sm text-slate-600">{PIXEL_MESSAGES.tooMany}</p>
          ) : (
            // Keyed by the list, so a successful add (or delete) empties the fields.
            <Form key={pixels.map((p) => p.id).join()} method="post" className="space-y-5" noValidate>
              <input type="hidden" name="intent" value="add" />
              {add?.formError ? <Notice tone="error">{add.formError}</Notice> : null}
              <div>
                <label htmlFor="field-kind" className="mb-1.5 block text-sm font-semibold text-slate-800">
                  Kind
                </label>
                <select
                  id="field-kind"
                  name="kind"
                  defaultValue={add?.values?.kind ?? "meta"}
                  aria-invalid={add?.fieldErrors?.kind ? true : undefined}
                  aria-describedby={add?.fieldErrors?.kind ? "field-kind-error" : "field-kind-hint"}
                  className={`${selectClass} ${add?.fieldErrors?.kind ? "border-red-500" : "border-slate-300"}`}
                >
                  {PIXEL_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {PIXEL_KIND_LABELS[kind]}
                    </option>
                  ))}
                </select>
                <ul id="field-kind-hint" className="mt-1.5 space-y-0.5 text-xs text-slate-500">
                  {PIXEL_KINDS.map((kind) => (
                    <li key={kind}>
                      {PIXEL_KIND_LABELS[kind]}: {PIXEL_ID_HINTS[kind]}
                    </li>
                  ))}
                </ul>
                <FieldError id="field-kind-error" errors={add?.fieldErrors?.kind} />
              </div>
              <TextField
                label="Pixel ID"
                name="pixelId"
                defaultValue={add?.values?.pixelId ?? ""}
                errors={add?.fieldErrors?.pixelId}
                autoComplete="off"
                spellCheck={false}
                required
              />
              <TextField
                label="Name (optional)"
                name="name"
                defaultValue={add?.values?.name ?? ""}
                errors={add?.fieldErrors?.name}
                maxLength={PIXEL_NAME_MAX_LENGTH}
                hint="For you only, to tell pixels apart."
              />
              <SubmitButton className={settingsButton} busyText="Adding…">
                Add pixel
              </SubmitButton>
            </Form>
          )}
        </SettingsCard>
      </div>
    </>
  );
}
