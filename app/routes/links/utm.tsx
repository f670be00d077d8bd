/**
 * /app/links/utm (L): the UTM Parameters Builder (spec 02 §4, §5). The creation form opens it as a
 * dialog with JavaScript (posting here through a fetcher); without JavaScript the form's Edit
 * button opens this page with the form's fields in the query, and Create (or Update) returns to the
 * form with the rebuilt URL and every other field as it was typed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { createUtmPreset, listUtmPresets, PresetNameTakenError } from "../../../db/utm-presets.server";
import { personalOwner } from "../../../db/workspaces.server";
import { can } from "../../../domain/entitlements";
import { MESSAGES } from "../../../domain/messages";
import { applyUtm, SAMPLE_UTM_PRESETS } from "../../../domain/utm";
import { UtmBuilderForm } from "../../components/utm-builder";
import { getCloudflare } from "../../context.server";
import {
  CREATE_MESSAGES,
  readCreatePrefill,
  utmBuilderMethod,
  utmBuilderSchema,
  type UtmBuilderMethod,
  type UtmReply,
} from "../../forms/create-link";
import { safeReturnPath } from "../../lib/create-link.server";
import { destinationContext } from "../../lib/links.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/utm";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "UTM Parameters Builder | Snip" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  // The builder sits in the advanced options, which need the expiration capability (spec 02 §5):
  // without it the page is refused as its form submissions are, not shown and then refused.
  if (!can(viewer.subject, "manage_expiration")) throw data(MESSAGES.permissionDenied, { status: 403 });
  const { env } = getCloudflare(context);
  const params = new URL(request.url).searchParams;
  const own = await listUtmPresets(getDb(env.DB), viewer.user.id);
  const presets = [...SAMPLE_UTM_PRESETS, ...own];
  const chosen = presets.find((p) => p.id === params.get("preset"));
  const url = (params.get("url") ?? "").slice(0, 4096);
  // The mode is the URL's as the form sent it; loading a preset here keeps it.
  const asked = params.get("method");
  const method: UtmBuilderMethod = asked === "create" || asked === "update" ? asked : utmBuilderMethod(url);
  return {
    url: chosen ? applyUtm(url, chosen) : url,
    method,
    presets,
    returnTo: safeReturnPath(params.get("return_to")),
    carry: readCreatePrefill(params),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const formData = await requestFormData(request);
  // The builder sits in the advanced options, which need the expiration capability (spec 02 §5).
  // Asked before the form is validated: a user without it learns nothing of the field rules.
  if (!can(viewer.subject, "manage_expiration"))
    return data<UtmReply>(
      {
        result: {
          status: "error",
          initialValue: Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === "string")),
          error: { "": [MESSAGES.permissionDenied] },
        },
        error: MESSAGES.permissionDenied,
      },
      { status: 403 },
    );
  const submission = parseWithZod(formData, { schema: utmBuilderSchema(await destinationContext(env, request)) });
  if (submission.status !== "success") return data<UtmReply>({ result: submission.reply() }, { status: 422 });
  const { url, save_preset, preset_name, ...values } = submission.value;
  if (save_preset === "on" && preset_name) {
    try {
      await createUtmPreset(getDb(env.DB), personalOwner(viewer.user.id), preset_name, values);
    } catch (error) {
      if (error instanceof PresetNameTakenError)
        return data<UtmReply>(
          { result: submission.reply({ fieldErrors: { preset_name: [CREATE_MESSAGES.presetNameTaken] } }) },
          { status: 422 },
        );
      throw error;
    }
  }
  const rebuilt = applyUtm(url, values);
  if (formData.get("mode") === "dialog") return data<UtmReply>({ result: submission.reply({ resetForm: true }), url: rebuilt, values });
  // Back to the form with the rebuilt URL and the form's other fields as they were (alias, tags, expiry...).
  const back = new URLSearchParams({ url: rebuilt, ...readCreatePrefill(formData) });
  return redirect(`${safeReturnPath(formData.get("return_to"))}?${back.toString()}`);
}

export default function UtmBuilderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-indigo-100 sm:p-8">
        <h1 className="mb-2 text-2xl font-extrabold tracking-tight text-slate-900">UTM Parameters Builder</h1>
        <p className="mb-6 break-all text-sm text-slate-600">{loaderData.url || "No URL given."}</p>
        <UtmBuilderForm
          key={loaderData.url}
          url={loaderData.url}
          presets={loaderData.presets}
          reply={actionData}
          returnTo={loaderData.returnTo}
          mode="page"
          method={loaderData.method}
          carry={loaderData.carry}
        />
      </div>
    </section>
  );
}
