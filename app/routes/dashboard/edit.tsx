/**
 * /dashboard/edit/{id} (L): edit one of the user's links: alias, destination, tags, expiry and
 * description. Each field changes only with its capability (update_snip_url plus: alias
 * use_custom_alias, destination change_snip_url, tags use_tags, expiry manage_expiration);
 * a field the user may not change is shown disabled, and a posted change to it is answered 403
 * "Permission denied." under that field. Someone else's link is a 404. Changes go through
 * updateLink, which writes KV through (and drops the old alias's record), so the short link
 * answers the new destination at once.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, useSyncExternalStore } from "react";
import { data, Form, Link, redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { getUserLink, linkTagsReplacement, setLinkTags } from "../../../db/dashboard.server";
import { AliasTakenError, updateLink, type Link as LinkRow } from "../../../db/links.server";
import { listPixels, pixelsJson } from "../../../db/pixels.server";
import { setClicksUnlimited } from "../../../db/clicks.server";
import { CLICKS_UNLIMITED_MESSAGES } from "../../../domain/click-limits";
import { personalOwner } from "../../../db/workspaces.server";
import { ALIAS_MIN_LENGTH } from "../../../domain/alias";
import { can, limitOf, mayEditLinkField } from "../../../domain/entitlements";
import { MESSAGES } from "../../../domain/messages";
import { parseStoredRoutes } from "../../../domain/redirect-routes";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { getCloudflare } from "../../context.server";
import { editLinkSchema } from "../../forms/link-edit";
import {
  checkExpiryBounds,
  DESCRIPTION_MAX_LENGTH,
  EDIT_MESSAGES,
  EXPIRY_MAX_YEARS,
  EXPIRY_MIN_LEAD_MS,
  readExpiry,
  utcInputValue,
  type EditField,
} from "../../forms/link-edit-rules";
import { destinationContext, linkStores, shortOrigin, shortUrl } from "../../lib/links.server";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/edit";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit link — Snip" }];

async function loadOwnLink(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const viewer = requireUser(request, context);
  const { env } = getCloudflare(context);
  const link = await getUserLink(getDb(env.DB), viewer.user.id, id);
  if (!link) throw data("Not Found", { status: 404 });
  return { viewer, env, link };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { viewer, env, link } = await loadOwnLink(request, context, params.id);
  const allowed = Object.fromEntries(
    (["alias", "url", "tags", "expires", "description"] as const).map((field) => [field, mayEditLinkField(viewer.subject, field)]),
  ) as Record<EditField, boolean>;
  return {
    link: {
      id: link.id,
      alias: link.alias,
      url: link.url,
      tags: link.tags.join(", "),
      description: link.description ?? "",
      expiresAt: link.expiresAt?.toISOString() ?? null,
      status: link.status,
      shortUrl: shortUrl(env, request, link),
    },
    origin: `${link.domain === env.SHORT_HOST.toLowerCase() ? shortOrigin(env, request) : `https://${link.domain}`}/`,
    allowed,
    backTo: can(viewer.subject, "use_analytics") ? "/dashboard" : "/app/my-urls",
    // Redirect routes (issue 20, docs/decisions/037): edited on their own page
    routes: { allowed: can(viewer.subject, "redirect_routes"), count: parseStoredRoutes(link.routes).length },
    // Pixel scripts (issue 20, docs/decisions/047)
    pixels: {
      on: link.pixels !== null,
      count: (await listPixels(getDb(env.DB), viewer.user.id)).length,
      allowed: can(viewer.subject, "update_snip_url"),
    },
    // Clicks options (issue 20, docs/decisions/038)
    clicks: {
      unlimited: link.clicksUnlimited,
      trackable: limitOf(viewer.subject, "max_trackable_clicks"),
      exemptLinks: limitOf(viewer.subject, "links_with_unlimited_clicks"),
    },
  };
}

const sameMinute = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { viewer, env, link } = await loadOwnLink(request, context, params.id);
  const formData = await requestFormData(request);
  const submission = parseWithZod(formData, { schema: editLinkSchema(await destinationContext(env, request)) });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const value = submission.value;
  const now = new Date();

  const changes: Partial<Pick<LinkRow, "alias" | "url" | "description" | "expiresAt" | "pixels" | "clicksCappedUntil">> = {};
  let newTags: string[] | null = null;
  const denied: Record<string, string[]> = {};
  const invalid: Record<string, string[]> = {};
  const change = (field: EditField, errorKey: string, apply: () => void) => {
    if (mayEditLinkField(viewer.subject, field)) apply();
    else denied[errorKey] = [MESSAGES.permissionDenied];
  };

  if (formData.has("alias") && (value.alias ?? "") !== link.alias) {
    change("alias", "alias", () => {
      if (!value.alias) invalid.alias = [MESSAGES.aliasMin(ALIAS_MIN_LENGTH)];
      else changes.alias = value.alias;
    });
  }
  if (formData.has("url")) {
    if (value.url === undefined) invalid.url = [MESSAGES.urlRequired];
    else if (value.url !== link.url) change("url", "url", () => (changes.url = value.url));
  }
  if (formData.has("tags")) {
    const tags = value.tags;
    if ([...tags].sort().join(",") !== [...link.tags].sort().join(",")) change("tags", "tags", () => (newTags = tags));
  }
  if (formData.has("expiresLocal") || formData.has("expiresAt")) {
    const expiry = readExpiry(value);
    if (expiry === "invalid") invalid.expiresLocal = [EDIT_MESSAGES.expiryInvalid];
    else if (!sameMinute(expiry, link.expiresAt)) {
      change("expires", "expiresLocal", () => {
        const problem = expiry ? checkExpiryBounds(expiry, now) : null;
        if (problem) invalid.expiresLocal = [problem];
        else changes.expiresAt = expiry;
      });
    }
  }
  if (formData.has("description") && (value.description ?? "") !== (link.description ?? "")) {
    change("description", "description", () => (changes.description = value.description || null));
  }

  // Pixel scripts (docs/decisions/047): the checkbox is sent with its marker field, so unticking it is seen.
  if (formData.has("pixelsField") && (formData.get("pixels") === "on") !== (link.pixels !== null)) {
    if (!can(viewer.subject, "update_snip_url")) denied.pixels = [MESSAGES.permissionDenied];
    else changes.pixels = formData.get("pixels") === "on" ? pixelsJson(await listPixels(getDb(env.DB), viewer.user.id)) : null;
  }

  // Clicks options (docs/decisions/038): whether the link is exempt from max_trackable_clicks.
  const exemptLimit = limitOf(viewer.subject, "links_with_unlimited_clicks");
  const clicksUnlimited =
    value.clicksUnlimitedField === "1" && (value.clicksUnlimited === "on") !== link.clicksUnlimited ? value.clicksUnlimited === "on" : null;
  if (clicksUnlimited === true && exemptLimit === 0) denied.clicksUnlimited = [CLICKS_UNLIMITED_MESSAGES.notInPlan];

  if (Object.keys(denied).length > 0) return data(submission.reply({ fieldErrors: { ...invalid, ...denied } }), { status: 403 });
  if (Object.keys(invalid).length > 0) return data(submission.reply({ fieldErrors: invalid }), { status: 422 });

  // An exempt link counts again: its capped mark is lifted so the edge sends its clicks (decision 038).
  if (clicksUnlimited === true && link.clicksCappedUntil !== null) changes.clicksCappedUntil = null;

  const db = getDb(env.DB);
  // The exemption first (the one write the limit may refuse); undone if the rest fails.
  if (clicksUnlimited !== null) {
    const set = await setClicksUnlimited(
      env.DB,
      { id: link.id, workspaceId: link.workspaceId ?? viewer.user.id },
      clicksUnlimited,
      exemptLimit,
      now.getTime(),
    );
    if (!set)
      return data(submission.reply({ fieldErrors: { clicksUnlimited: [CLICKS_UNLIMITED_MESSAGES.atLimit(exemptLimit ?? 0)] } }), {
        status: 422,
      });
  }
  const tagOwner = personalOwner(viewer.user.id);
  if (Object.keys(changes).length > 0) {
    try {
      // The new tags go in with the change: both are written, or neither.
      const tagWrites = newTags !== null ? linkTagsReplacement(db, tagOwner, link.id, newTags, now) : [];
      await updateLink(linkStores(env), link.id, changes, now, tagWrites);
    } catch (error) {
      if (clicksUnlimited !== null)
        await setClicksUnlimited(env.DB, { id: link.id, workspaceId: link.workspaceId ?? viewer.user.id }, link.clicksUnlimited, null);
      if (error instanceof AliasTakenError) {
        return data(submission.reply({ fieldErrors: { alias: [MESSAGES.aliasTaken] } }), { status: 422 });
      }
      throw error;
    }
  } else if (newTags !== null) {
    await setLinkTags(db, tagOwner, link.id, newTags, now);
  }
  return redirect(can(viewer.subject, "use_analytics") ? "/dashboard?done=updated" : "/app/my-urls");
}

const noSubscription = () => () => {};

/** A datetime-local value (minutes) of a moment in the browser's time zone. */
function localInputValue(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * The expiry: a datetime-local input. Server-rendered it holds the UTC time and is read as UTC;
 * with JavaScript it shows the browser's local time and a hidden field carries the UTC instant.
 */
function ExpiryField({
  initialIso,
  submitted,
  disabled,
  errors,
}: {
  initialIso: string | null;
  /** The value a refused post sent, shown again as it was typed (in the zone it was typed in). */
  submitted?: string;
  disabled: boolean;
  errors?: string[];
}) {
  // null while server-rendered and hydrating; the browser's zone afterwards.
  const zone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );
  const [edited, setEdited] = useState<string | null>(null);
  // The picker's bounds (spec 02 §5), set when the picker is used; the server checks them anyway.
  const [bounds, setBounds] = useState<{ min: string; max: string } | null>(null);
  const updateBounds = () => {
    const now = new Date();
    const latest = new Date(now);
    latest.setFullYear(latest.getFullYear() + EXPIRY_MAX_YEARS);
    setBounds({ min: localInputValue(new Date(now.getTime() + EXPIRY_MIN_LEAD_MS)), max: localInputValue(latest) });
  };
  const initial = initialIso ? new Date(initialIso) : null;
  const local = edited ?? submitted ?? (initial ? (zone ? localInputValue(initial) : utcInputValue(initial)) : "");
  const utc = zone && local && !Number.isNaN(new Date(local).getTime()) ? new Date(local).toISOString() : "";

  return (
    <div>
      <TextField
        label="Expires at"
        name="expiresLocal"
        id="field-expires"
        type="datetime-local"
        value={local}
        onChange={(event) => setEdited(event.currentTarget.value)}
        onFocus={updateBounds}
        onPointerDown={updateBounds}
        min={bounds?.min}
        max={bounds?.max}
        disabled={disabled}
        errors={errors}
        hint={
          zone
            ? `Local time (${zone}). Leave empty for no expiry. From 5 minutes to 5 years ahead.`
            : "Time in UTC. Leave empty for no expiry. From 5 minutes to 5 years ahead."
        }
      />
      {zone && !disabled ? <input type="hidden" name="expiresAt" value={utc} /> : null}
    </div>
  );
}

/**
 * Pixel scripts (docs/decisions/047): whether the link fires the workspace's pixels. A plain
 * checkbox; the hidden marker tells the server the field was on the form (an unticked box is not sent).
 */
function PixelsField({ on, count, disabled, errors }: { on: boolean; count: number; disabled: boolean; errors?: string[] }) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">Pixel scripts</legend>
      {disabled ? null : <input type="hidden" name="pixelsField" value="1" />}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="pixels"
          defaultChecked={on}
          disabled={disabled}
          aria-describedby="field-pixels-hint"
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <span>Fire my retargeting pixels before redirecting</span>
      </label>
      <p id="field-pixels-hint" className="mt-1.5 text-xs text-slate-500">
        {count === 0 ? "You have no pixels yet. " : `${count} ${count === 1 ? "pixel" : "pixels"}. `}
        <Link to="/app/settings/pixel-scripts" className="font-semibold text-indigo-700 hover:underline">
          Manage pixel scripts
        </Link>
      </p>
      {errors?.length ? (
        <p role="alert" className="mt-1.5 text-sm font-medium text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Clicks options (docs/decisions/038): exempt the link from the plan's tracked clicks per link.
 * Disabled when the plan allows no exempt link (a posted tick is refused with the message).
 */
function ClicksUnlimitedField({
  unlimited,
  trackable,
  exemptLinks,
  errors,
}: {
  unlimited: boolean;
  trackable: number | null;
  exemptLinks: number | null;
  errors?: string[];
}) {
  const disabled = exemptLinks === 0 && !unlimited;
  const number = new Intl.NumberFormat("en-US");
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">Click tracking</legend>
      {disabled ? null : <input type="hidden" name="clicksUnlimitedField" value="1" />}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="clicksUnlimited"
          defaultChecked={unlimited}
          disabled={disabled}
          aria-describedby="field-clicks-hint"
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <span>Unlimited click tracking</span>
      </label>
      <p id="field-clicks-hint" className="mt-1.5 text-xs text-slate-500">
        {trackable === null
          ? "Your plan counts every click."
          : `Your plan counts ${number.format(trackable)} clicks per link; later clicks redirect but are not counted. `}
        {trackable === null
          ? null
          : exemptLinks === 0
            ? "Not included in your plan."
            : exemptLinks === null
              ? "Any number of links may count every click."
              : `Up to ${number.format(exemptLinks)} links may count every click.`}
      </p>
      {errors?.length ? (
        <p role="alert" className="mt-1.5 text-sm font-medium text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function EditLink({ loaderData, actionData }: Route.ComponentProps) {
  const { link, allowed, origin } = loaderData;
  const [form, fields] = useForm<{
    alias: string;
    url: string;
    tags: string;
    expiresLocal: string;
    description: string;
    pixels: string;
    clicksUnlimited: string;
  }>({
    lastResult: actionData,
    shouldValidate: "onSubmit",
  });
  const submitted = (name: string): string | undefined => {
    const value = (actionData?.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const initial = (name: string, fallback: string) => submitted(name) ?? fallback;
  const tagErrors = Object.values(fields.tags.allErrors).flat();
  const denied = (field: EditField) => (allowed[field] ? undefined : "Not included in your plan.");

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={loaderData.backTo} className="text-sm font-semibold text-indigo-700 hover:underline">
        ← Back
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">Edit link</h1>
      <p className="mt-1 break-all text-slate-600">
        <a href={link.shortUrl} className="font-semibold text-indigo-700 hover:underline">
          {link.shortUrl}
        </a>
        {link.status === "archived" ? " (archived)" : null}
      </p>

      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {form.errors?.length ? <Notice tone="error">{form.errors[0]}</Notice> : null}
        <div>
          <TextField
            key={`alias-${form.key}`}
            label="Alias"
            name="alias"
            defaultValue={initial("alias", link.alias)}
            disabled={!allowed.alias}
            errors={fields.alias.errors}
            autoComplete="off"
            hint={denied("alias") ?? `${origin}<alias>: letters, numbers, dashes and underscores, 5 to 30 characters.`}
          />
        </div>
        <TextField
          key={`url-${form.key}`}
          label="Destination URL"
          name="url"
          type="url"
          defaultValue={initial("url", link.url)}
          disabled={!allowed.url}
          errors={fields.url.errors}
          hint={denied("url")}
        />
        <TextField
          key={`tags-${form.key}`}
          label="Tags"
          name="tags"
          defaultValue={initial("tags", link.tags)}
          disabled={!allowed.tags}
          errors={tagErrors.length ? tagErrors : undefined}
          placeholder="news, summer-sale"
          hint={denied("tags") ?? "Separate tags with commas; spaces are removed and letters lower-cased."}
        />
        <ExpiryField
          key={`expires-${form.key}`}
          initialIso={link.expiresAt}
          submitted={submitted("expiresLocal")}
          disabled={!allowed.expires}
          errors={fields.expiresLocal.errors}
        />
        <TextField
          key={`description-${form.key}`}
          label="Description"
          name="description"
          defaultValue={initial("description", link.description)}
          maxLength={DESCRIPTION_MAX_LENGTH}
          disabled={!allowed.description}
          errors={fields.description.errors}
          hint={denied("description")}
        />
        <PixelsField
          key={`pixels-${form.key}`}
          on={loaderData.pixels.on}
          count={loaderData.pixels.count}
          disabled={!loaderData.pixels.allowed}
          errors={fields.pixels.errors}
        />
        <ClicksUnlimitedField key={`clicks-${form.key}`} {...loaderData.clicks} errors={fields.clicksUnlimited.errors} />
        <div className="flex items-center justify-end gap-3 pt-2">
          <Link to={loaderData.backTo} className="px-3 py-2 text-sm font-semibold text-slate-700 hover:underline">
            Cancel
          </Link>
          <SubmitButton
            busyText="Saving…"
            className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-70"
          >
            Save changes
          </SubmitButton>
        </div>
      </Form>

      <section aria-labelledby="routes-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="routes-title" className="text-lg font-bold text-slate-900">
          Redirect routes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {loaderData.routes.count === 0
            ? "Send visitors to other destinations by country, device, language, referrer or time of day."
            : `${loaderData.routes.count} ${loaderData.routes.count === 1 ? "rule" : "rules"}; everyone else goes to the destination above.`}
          {!loaderData.routes.allowed ? " Not included in your plan." : null}
        </p>
        <Link to={`/dashboard/edit/${link.id}/routes`} className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline">
          Edit routing rules
        </Link>
      </section>
    </div>
  );
}
