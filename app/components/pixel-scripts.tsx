/**
 * Pixel scripts (issue 20, docs/decisions/047): the body of the settings page of a workspace's
 * retargeting pixels, shared by /app/settings/pixel-scripts and the team area's page. Plain
 * forms (intent add / delete) posted to the page itself.
 */
import { Form } from "react-router";
import {
  MAX_PIXELS_PER_WORKSPACE,
  PIXEL_ID_HINTS,
  PIXEL_KIND_LABELS,
  PIXEL_KINDS,
  PIXEL_NAME_MAX_LENGTH,
  PIXEL_MESSAGES,
  type PixelKind,
} from "../../domain/pixels";
import { FieldError, Notice, SubmitButton, TextField } from "./form-fields";
import { DateTime, SettingsCard, settingsButton, settingsDangerButton } from "./settings";

export type PixelView = { id: string; kind: PixelKind; label: string; pixelId: string; name: string | null; createdAt: string };
export type PixelFieldErrors = { kind?: string[]; pixelId?: string[]; name?: string[] };
export type PixelsReply = {
  intent: "add" | "delete" | null;
  fieldErrors?: PixelFieldErrors;
  formError?: string;
  values?: Record<string, string>;
};

const selectClass = "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm";

/**
 * The page's body: the list with a Delete button per pixel and the add form, or the list alone
 * (`canManage` false: a team member who may not change the team's pixels).
 */
export function PixelScriptsPanel({
  pixels,
  notice,
  reply,
  canManage = true,
  listTitle = "Your pixels",
  emptyText = "You have no pixels yet.",
}: {
  pixels: PixelView[];
  notice: string | null;
  reply: PixelsReply | undefined;
  canManage?: boolean;
  listTitle?: string;
  emptyText?: string;
}) {
  const add = reply?.intent === "add" ? reply : null;
  const full = pixels.length >= MAX_PIXELS_PER_WORKSPACE;

  return (
    <>
      <div className="space-y-6">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {reply?.formError && reply.intent !== "add" ? <Notice tone="error">{reply.formError}</Notice> : null}

        <SettingsCard
          title={listTitle}
          description={`Up to ${MAX_PIXELS_PER_WORKSPACE} pixels. Only the pixel's ID is stored, never a script.`}
        >
          {pixels.length === 0 ? (
            <p className="text-sm text-slate-600">{emptyText}</p>
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
                  {canManage ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={pixel.id} />
                      <SubmitButton className={settingsDangerButton} busyText="Deleting…">
                        <span>
                          Delete<span className="sr-only"> {pixel.name ?? `${pixel.label} ${pixel.pixelId}`}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </SettingsCard>

        {canManage ? (
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
        ) : null}
      </div>
    </>
  );
}
