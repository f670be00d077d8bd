/**
 * The UTM Parameters Builder's form (spec 02 §4, §5), and the dialog the creation form opens with
 * JavaScript. Its own module, so the creation form loads it only when the builder is opened
 * (issue 15); the no-JavaScript page (/app/links/utm) renders the form on the server.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { applyUtm, readUtm, UTM_FIELDS, UTM_RULES, type UtmKey, type UtmPreset, type UtmValues } from "../../domain/utm-rules";
import {
  UTM_BUILDER_PATH,
  UTM_SUBMIT_LABEL,
  utmBuilderMethod,
  type CreatePrefill,
  type UtmBuilderMethod,
  type UtmReply,
} from "../forms/create-link-rules";
import { errorsOf, Field, FieldErrors, initial, inputClass, labelClass, secondaryButton } from "./create-link-form";
import { useModalOnMount } from "./dialog";

/**
 * The builder's fields, presets and save-as-preset option; used by the dialog and the no-JavaScript
 * page. Its submit button says "Create" or "Update" (spec 02 §4): `method`, else by whether the URL
 * has utm_* parameters yet. On the page, `carry` holds the creation form's other fields, handed back
 * with the rebuilt URL.
 */
export function UtmBuilderForm({
  url,
  presets,
  reply,
  returnTo,
  mode,
  method = utmBuilderMethod(url),
  carry = {},
  onApply,
  onCancel,
}: {
  url: string;
  presets: UtmPreset[];
  reply?: UtmReply;
  returnTo: string;
  mode: "page" | "dialog";
  method?: UtmBuilderMethod;
  carry?: CreatePrefill;
  onApply?: (url: string) => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<UtmReply>();
  const current = fetcher.data ?? reply;
  const result = current?.result;
  const [values, setValues] = useState<UtmValues>(() => {
    const fromReply = Object.fromEntries(UTM_FIELDS.map((f) => [`utm_${f}`, initial(result, `utm_${f}`) ?? ""])) as UtmValues;
    return result ? fromReply : readUtm(url);
  });
  const [savePreset, setSavePreset] = useState(initial(result, "save_preset") === "on");
  const presetError = current?.error ?? null;

  useEffect(() => {
    if (fetcher.data?.url && onApply) onApply(fetcher.data.url);
  }, [fetcher.data, onApply]);

  const preview = applyUtm(url, values);
  return (
    <fetcher.Form
      method="post"
      // On the page the query keeps the URL for the page's own loader when the post is refused.
      action={
        mode === "page" ? `${UTM_BUILDER_PATH}?${new URLSearchParams({ url, return_to: returnTo, ...carry }).toString()}` : UTM_BUILDER_PATH
      }
      noValidate
      className="space-y-4"
      data-testid="utm-builder"
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="return_to" value={returnTo} />
      <input type="hidden" name="method" value={method} />
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor={`utm-preset-${mode}`} className={labelClass}>
            Load a preset
          </label>
          <select
            id={`utm-preset-${mode}`}
            name="preset"
            defaultValue=""
            onChange={(e) => {
              const preset = presets.find((p) => p.id === e.currentTarget.value);
              if (preset)
                setValues({
                  utm_source: preset.utm_source,
                  utm_medium: preset.utm_medium,
                  utm_campaign: preset.utm_campaign,
                  utm_term: preset.utm_term,
                  utm_content: preset.utm_content,
                });
            }}
            className={`${inputClass} border-slate-300`}
          >
            <option value="">Choose a preset…</option>
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </select>
        </div>
        {mode === "page" ? (
          <button type="submit" formMethod="get" formAction={UTM_BUILDER_PATH} className={secondaryButton} name="load" value="1">
            Load
          </button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {UTM_FIELDS.map((field) => {
          const key: UtmKey = `utm_${field}`;
          const errors = errorsOf(result, key);
          const id = `${mode}-${key}`;
          return (
            <Field
              key={key}
              label={`${field[0]!.toUpperCase()}${field.slice(1)}${UTM_RULES[field].required ? "" : " (optional)"}`}
              htmlFor={id}
              errors={errors}
            >
              <input
                id={id}
                name={key}
                value={values[key]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [key]: value }));
                }}
                autoComplete="off"
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `${id}-error` : undefined}
                className={`${inputClass} ${errors ? "border-red-500" : "border-slate-300"}`}
              />
            </Field>
          );
        })}
      </div>
      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input
            type="checkbox"
            name="save_preset"
            checked={savePreset}
            onChange={(e) => setSavePreset(e.currentTarget.checked)}
            className="h-4 w-4 accent-indigo-600"
          />
          Save as preset
        </label>
        <Field label="Preset name" htmlFor={`${mode}-preset-name`} errors={errorsOf(result, "preset_name")}>
          <input
            id={`${mode}-preset-name`}
            name="preset_name"
            defaultValue={initial(result, "preset_name")}
            autoComplete="off"
            className={`${inputClass} border-slate-300`}
          />
        </Field>
      </div>
      {errorsOf(result, "url") ? <FieldErrors id={`${mode}-utm-url-error`} errors={errorsOf(result, "url")} /> : null}
      {presetError ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {presetError}
        </p>
      ) : null}
      <p className="break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-600" data-testid="utm-preview">
        {preview}
      </p>
      <div className="flex justify-end gap-3">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-70"
        >
          {UTM_SUBMIT_LABEL[method]}
        </button>
      </div>
    </fetcher.Form>
  );
}

export function UtmBuilderDialog({
  url,
  presets,
  onApply,
  onClose,
}: {
  url: string;
  presets: UtmPreset[];
  onApply: (url: string) => void;
  onClose: () => void;
}) {
  const ref = useModalOnMount();
  return (
    <dialog
      ref={ref}
      closedby="any"
      onClose={onClose}
      aria-labelledby="utm-builder-title"
      className="m-auto w-[min(94vw,640px)] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="border-b border-slate-200 px-6 py-4">
        <h2 id="utm-builder-title" className="text-lg font-bold text-slate-900">
          UTM Parameters Builder
        </h2>
      </div>
      <div className="px-6 py-5">
        <UtmBuilderForm url={url} presets={presets} returnTo="/" mode="dialog" onApply={onApply} onCancel={() => ref.current?.close()} />
      </div>
    </dialog>
  );
}
