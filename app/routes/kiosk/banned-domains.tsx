/**
 * /app/kiosk/banned_domains (L and developer; issue 19, decision 036): destination domains no
 * link may point to. Banning one refuses it at creation (form, API, bulk, TinyURL's legacy call)
 * and holds every existing link to it (or a subdomain) at the edge within seconds, through the
 * change feed; lifting the ban releases them. Every change writes a staff log row.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import { banDomain, getBannedDomain, listBannedDomains, unbanDomain } from "../../../db/trust-safety.server";
import { parseBannedDomains } from "../../../domain/trust-safety";
import { BANNED_DOMAINS } from "../../../domain/url";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallButton, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { banDomainSchema, SAFETY_MESSAGES } from "../../forms/trust-safety";
import { safetyStores } from "../../lib/kiosk/safety.server";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/banned-domains";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Banned domains | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/banned_domains";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const [rows, log] = await Promise.all([listBannedDomains(db), staffLog(db, "domain")]);
  const url = new URL(request.url);
  const countOf = (name: string) => {
    const count = Number(url.searchParams.get(name) ?? "0");
    return Number.isSafeInteger(count) && count >= 0 ? count : 0;
  };
  const held = countOf("links");
  const hosts = countOf("domains");
  const domains = (verb: string) => (hosts === 0 ? "" : `; ${hosts} branded domain${hosts === 1 ? "" : "s"} ${verb}`);
  const notices = {
    banned: `The domain is banned: new links to it are refused, and ${held} existing link${held === 1 ? "" : "s"} stopped redirecting${domains(hosts === 1 ? "no longer redirects to it" : "no longer redirect to it")}.`,
    unbanned: `The ban is lifted: ${held} link${held === 1 ? "" : "s"} redirect again${domains(hosts === 1 ? "redirects to it again" : "redirect to it again")}.`,
  };
  return {
    notice: noticeOf(request, notices),
    shipped: [...BANNED_DOMAINS],
    // The deployment's BANNED_DOMAINS: banning one of them in the kiosk is refused as already banned.
    configured: parseBannedDomains(env.BANNED_DOMAINS),
    banned: rows.map((row) => ({ domain: row.domain, reason: row.reason, at: row.createdAt.toISOString() })),
    log,
  };
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };

const unbanSchema = z.object({ domain: z.string().min(1).max(253) });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, ["unban", "ban"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "unban") {
    const parsed = unbanSchema.safeParse(Object.fromEntries(formData));
    const row = parsed.success ? await getBannedDomain(staff.db, parsed.data.domain) : null;
    if (!row) return data<Reply>({ error: SAFETY_MESSAGES.notFound }, { status: 404 });
    const released = await unbanDomain(safetyStores(staff), staff.actor, row.domain);
    return redirect(`${PAGE}?notice=unbanned&links=${released.links}&domains=${released.domains}`);
  }
  const submission = parseWithZod(formData, { schema: banDomainSchema });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  const { domain, reason } = submission.value;
  // Refused when any ban already covers it (staff's, the shipped list, BANNED_DOMAINS; it or a domain above it).
  const result = await banDomain(safetyStores(staff), staff.actor, domain, reason);
  if (!result.ok)
    return data<Reply>({ result: submission.reply({ fieldErrors: { domain: [SAFETY_MESSAGES.domainTaken] } }) }, { status: 422 });
  return redirect(`${PAGE}?notice=banned&links=${result.held}&domains=${result.domains}`);
}

export default function KioskBannedDomains(props: Route.ComponentProps) {
  const location = useLocation();
  return <KioskBannedDomainsPage key={location.key} {...props} />;
}

function KioskBannedDomainsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { banned, shipped, configured, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ domain: string; reason: string }>({ id: "ban", lastResult: reply?.result });
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="ban"
        title="Ban a destination domain"
        description="No link may point to a banned domain or any subdomain of it: new links are refused, and existing ones stop redirecting within seconds."
      >
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-xl space-y-4">
          <input type="hidden" name="intent" value="ban" />
          <div>
            <label htmlFor={fields.domain.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Domain
            </label>
            <input
              {...getInputProps(fields.domain, { type: "text" })}
              key={fields.domain.key}
              placeholder="phishing.example"
              spellCheck={false}
              className={`${kioskInput} font-mono ${fields.domain.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.domain.errorId} errors={fields.domain.errors} />
          </div>
          <div>
            <label htmlFor={fields.reason.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Reason
            </label>
            <input
              {...getInputProps(fields.reason, { type: "text" })}
              key={fields.reason.key}
              className={`${kioskInput} ${fields.reason.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <button type="submit" className={settingsButton}>
            Ban
          </button>
        </Form>
      </KioskCard>

      <KioskCard
        id="banned"
        title="Banned domains"
        description={`Always banned (shipped): ${shipped.join(", ")}.${configured.length > 0 ? ` Banned by configuration (BANNED_DOMAINS): ${configured.join(", ")}.` : ""}`}
      >
        {banned.length === 0 ? (
          <p className="text-sm text-slate-600">Staff have banned no domain.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Banned domains">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Domain</th>
                  <th className="py-2 pr-4">Reason</th>
                  <th className="py-2 pr-4">Since</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {banned.map((row) => (
                  <tr key={row.domain} className="border-t border-slate-100">
                    <td className="py-2 pr-4 font-mono">{row.domain}</td>
                    <td className="py-2 pr-4">{row.reason}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <DateTime iso={row.at} />
                    </td>
                    <td className="py-2 text-right">
                      <Form method="post">
                        <input type="hidden" name="domain" value={row.domain} />
                        <button
                          type="submit"
                          name="intent"
                          value="unban"
                          className={kioskSmallButton}
                          aria-label={`Lift the ban on ${row.domain}`}
                        >
                          Lift ban
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
