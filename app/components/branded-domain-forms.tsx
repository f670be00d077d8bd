/**
 * The branded-domain forms, shared by the personal workspace's pages (/app/settings/branded-domains,
 * decision 035) and the organization's (/app/organizations/{org}/settings/profile/domains, decision
 * 044): add a domain, add a subdomain of a verified domain, add a vanity subdomain of the short host,
 * and a domain's root and 404 redirects. Plain forms; each page's action answers conform's reply.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BRANDED_MESSAGES } from "../../domain/branded-domains";
import { FieldError, Notice, SubmitButton, TextField } from "./form-fields";
import { settingsButton } from "./settings";

type LastResult = SubmissionResult<string[]> | null | undefined;

function Actions({ label, busy, cancelTo }: { label: string; busy: string; cancelTo?: string }) {
  return (
    <div className="flex items-center gap-3">
      <SubmitButton className={settingsButton} busyText={busy}>
        {label}
      </SubmitButton>
      {cancelTo ? (
        <Link to={cancelTo} className="text-sm font-semibold text-slate-700 hover:underline">
          Cancel
        </Link>
      ) : null}
    </div>
  );
}

/** A domain the owner brings: its name, and the confirmation that it serves only Snip's links (spec 01 §5). */
export function AddDomainForm({
  id,
  lastResult,
  intent,
  cancelTo,
}: {
  id: string;
  lastResult: LastResult;
  intent?: string;
  cancelTo?: string;
}) {
  const [form, fields] = useForm<{ domain: string; confirm: string }>({
    id,
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
      <TextField
        label="Domain"
        name="domain"
        defaultValue={fields.domain.initialValue}
        errors={fields.domain.errors}
        placeholder="links.yourbrand.com"
        maxLength={253}
        autoComplete="off"
        required
      />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="confirm" id="field-confirm" className="mt-1" aria-describedby="field-confirm-error" />
          <span>I confirm that this domain will be used only for Snip short links (not for a website or email).</span>
        </label>
        <FieldError id="field-confirm-error" errors={fields.confirm.errors} />
      </div>
      <Actions label="Add domain" busy="Adding…" cancelTo={cancelTo} />
    </Form>
  );
}

/** A subdomain of one of the owner's domains; the unverified ones are listed but cannot be chosen. */
export function AddSubdomainForm({
  lastResult,
  bases,
  cancelTo,
  empty,
}: {
  lastResult: LastResult;
  bases: readonly { hostname: string; active: boolean }[];
  cancelTo: string;
  /** What the page says when the owner has no domain yet. */
  empty: ReactNode;
}) {
  const [form, fields] = useForm<{ base: string; subdomain: string }>({
    id: "branded-subdomain-create",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
  });
  if (bases.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
      <TextField
        label="Subdomain"
        name="subdomain"
        defaultValue={fields.subdomain.initialValue}
        errors={fields.subdomain.errors}
        placeholder="go"
        maxLength={63}
        autoComplete="off"
      />
      <div>
        <label htmlFor="field-base" className="mb-1.5 block text-sm font-semibold text-slate-800">
          Of the domain
        </label>
        <select
          id="field-base"
          name="base"
          defaultValue={fields.base.initialValue ?? bases.find((b) => b.active)?.hostname}
          aria-describedby="field-base-error"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm"
        >
          {bases.map((b) => (
            <option key={b.hostname} value={b.hostname} disabled={!b.active}>
              {b.active ? b.hostname : `${b.hostname} (not verified yet)`}
            </option>
          ))}
        </select>
        <FieldError id="field-base-error" errors={fields.base.errors} />
      </div>
      <Actions label="Add subdomain" busy="Adding…" cancelTo={cancelTo} />
    </Form>
  );
}

/** A vanity subdomain of the short host (`name.{SHORT_HOST}`). */
export function AddVanityForm({ lastResult, shortHost, cancelTo }: { lastResult: LastResult; shortHost: string; cancelTo: string }) {
  const [form, fields] = useForm<{ subdomain: string }>({
    id: "vanity-create",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
      <TextField
        label="Subdomain"
        name="subdomain"
        defaultValue={fields.subdomain.initialValue}
        errors={fields.subdomain.errors}
        hint={`.${shortHost}`}
        placeholder="yourname"
        maxLength={63}
        autoComplete="off"
      />
      <Actions label="Add vanity subdomain" busy="Adding…" cancelTo={cancelTo} />
    </Form>
  );
}

type RedirectsProps = {
  lastResult: LastResult;
  /** `saved`: the page after a save; `version` (the page's query) makes each save a new form, so a refused value's error does not outlive it. */
  domain: {
    hostname: string;
    root: string;
    notFound: string;
    canRoot: boolean;
    canNotFound: boolean;
    saved: boolean;
    version: string;
    /** A saved redirect whose destination domain is banned since: held (decision 036). */
    rootHeld?: boolean;
    notFoundHeld?: boolean;
  };
};

/** Where `/` of the domain and its unknown aliases go; a field the plan does not allow is disabled and says why. */
export function RedirectsForm(props: RedirectsProps) {
  return <RedirectsFields key={props.domain.version} {...props} />;
}

function RedirectsFields({ lastResult, domain: d }: RedirectsProps) {
  const [form, fields] = useForm<{ root: string; notFound: string }>({
    id: "branded-domain-edit",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      {d.saved ? <Notice tone="success">Saved.</Notice> : null}
      {form.errors ? <Notice tone="error">{form.errors[0]}</Notice> : null}
      <input type="hidden" name="intent" value="redirects" />
      <TextField
        label="Root redirect"
        name="root"
        defaultValue={fields.root.initialValue ?? d.root}
        errors={fields.root.errors}
        placeholder="https://yourbrand.com/"
        disabled={!d.canRoot}
        hint={
          d.rootHeld ? BRANDED_MESSAGES.rootHeld : d.canRoot ? `Where https://${d.hostname}/ goes.` : BRANDED_MESSAGES.redirectsNotAllowed
        }
      />
      <TextField
        label="404 redirect"
        name="notFound"
        defaultValue={fields.notFound.initialValue ?? d.notFound}
        errors={fields.notFound.errors}
        placeholder="https://yourbrand.com/not-found"
        disabled={!d.canNotFound}
        hint={
          d.notFoundHeld
            ? BRANDED_MESSAGES.notFoundHeld
            : d.canNotFound
              ? "Where a short link that does not exist on this domain goes."
              : BRANDED_MESSAGES.redirectsNotAllowed
        }
      />
      {d.canRoot || d.canNotFound ? (
        <SubmitButton className={settingsButton} busyText="Saving…">
          Save
        </SubmitButton>
      ) : null}
    </Form>
  );
}
