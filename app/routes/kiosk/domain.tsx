/**
 * /app/kiosk/domain/{domain} (L and developer; issue 19, decision 045): one short host as staff
 * see it. Snip's own hosts show their configuration and links; a branded domain shows its owner,
 * its state and Cloudflare's last word, and staff may stop it serving (with a reason), let it
 * serve again, or re-check it at Cloudflare now. Every action writes a staff log row.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getBrandedDomain } from "../../../db/branded-domains.server";
import { getKioskBrandedDomain, logBrandedDomainRecheck, setBrandedDomainDisabled } from "../../../db/kiosk-domains.server";
import { countLinksByDomain, getTrafficStats } from "../../../db/kiosk-stats.server";
import { creatableDomains, parseShortDomains } from "../../../domain/domains";
import { domainOwnerLabel, kioskDomainHref, kioskDomainState } from "../../../domain/kiosk-domains";
import { Notice } from "../../components/form-fields";
import { KioskCard, kioskInput } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { formatNumber } from "../../components/trend-chart";
import { SAFETY_MESSAGES, terminateSchema } from "../../forms/trust-safety";
import { recheckBrandedDomain, writeHostRecord } from "../../lib/branded-domains.server";
import { customHostnamesClient } from "../../lib/custom-hostnames.server";
import { CLOUDFLARE_NOT_CONFIGURED } from "../../lib/kiosk/cloudflare.server";
import { noticeOf, requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/domain";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.domain} | Kiosk | Snip` },
  { name: "robots", content: "noindex" },
];

const NOTICES = {
  disabled: "The domain has stopped serving: its short links answer the unknown-host page within seconds.",
  enabled: "The domain serves again (while its verification holds).",
  rechecked: "Cloudflare was asked again; the state below is its answer.",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requireStaff(request, context);
  const host = params.domain.toLowerCase();
  const short = creatableDomains(env.SHORT_HOST, parseShortDomains(env.SHORT_DOMAINS)).find((d) => d.domain === host);
  const row = short ? undefined : await getKioskBrandedDomain(db, host);
  if (!short && !row) throw data("Not Found", { status: 404 });
  const traffic = await getTrafficStats(db, host);
  const notice = noticeOf(request, NOTICES);
  if (short) {
    const links = (await countLinksByDomain(db)).get(host) ?? 0;
    return {
      notice,
      host,
      short: {
        state: short.isDeleted ? "deleted" : short.isBlocked ? "blocked" : short.isDisabled ? "disabled" : "active",
        rules: [
          short.allowForGuests ? "guests may use it" : "signed-in users only",
          short.requireEmailVerification ? "verified email required" : null,
          short.subscribedOnly ? "subscribers only" : null,
        ].filter((r): r is string => r !== null),
        links,
      },
      branded: null,
      traffic: { links: traffic.links, clicks: traffic.clicks },
    };
  }
  const d = row!.domain;
  return {
    notice,
    host,
    short: null,
    branded: {
      kind: d.kind,
      owner: domainOwnerLabel(row!),
      ownerId: row!.ownerId,
      addedBy: row!.adderEmail,
      status: d.status,
      state: kioskDomainState(d.status, d.disabledAt),
      disabled: d.disabledAt ? { at: d.disabledAt.toISOString(), reason: d.disabledReason ?? "" } : null,
      createdAt: d.createdAt.toISOString(),
      verifiedAt: d.verifiedAt?.toISOString() ?? null,
      checkedAt: d.checkedAt?.toISOString() ?? null,
      hostnameStatus: d.hostnameStatus,
      sslStatus: d.sslStatus,
      cloudflare: Boolean(d.cfHostnameId),
    },
    traffic: { links: traffic.links, clicks: traffic.clicks },
  };
}

type Reply = { field?: "reason"; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  // The method and the body first, as on every kiosk page: a PUT or DELETE is 405 whatever the domain.
  const formData = await requestFormData(request);
  const host = params.domain.toLowerCase();
  const domain = await getBrandedDomain(staff.db, host);
  if (!domain)
    return data<Reply>({ error: "Only a branded domain can be changed here: Snip's own are set by configuration." }, { status: 404 });
  const page = kioskDomainHref(domain.hostname);
  const intent = formIntent(formData, ["disable", "enable", "recheck"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "disable") {
    const submission = parseWithZod(formData, { schema: terminateSchema });
    if (submission.status !== "success") {
      return data<Reply>({ field: "reason", error: submission.error?.reason?.[0] ?? SAFETY_MESSAGES.reasonRequired }, { status: 422 });
    }
    const updated = await setBrandedDomainDisabled(staff.db, staff.actor, domain, { reason: submission.value.reason });
    if (updated) await writeHostRecord(staff.env, updated);
    return redirect(`${page}?notice=disabled`);
  }
  if (intent === "enable") {
    const updated = await setBrandedDomainDisabled(staff.db, staff.actor, domain, null);
    if (updated) await writeHostRecord(staff.env, updated);
    return redirect(`${page}?notice=enabled`);
  }
  if (!domain.cfHostnameId) return data<Reply>({ error: "A vanity subdomain has nothing to verify at Cloudflare." }, { status: 422 });
  if (!customHostnamesClient(staff.env)) return data<Reply>({ error: CLOUDFLARE_NOT_CONFIGURED }, { status: 503 });
  try {
    const after = await recheckBrandedDomain(staff.env, domain);
    await logBrandedDomainRecheck(staff.db, staff.actor, domain.hostname, `${domain.status} → ${after.status}`);
  } catch (error) {
    console.error("kiosk: re-check failed", domain.hostname, error);
    return data<Reply>({ error: "Cloudflare did not answer: try again in a moment." }, { status: 502 });
  }
  return redirect(`${page}?notice=rechecked`);
}

export default function KioskDomain(props: Route.ComponentProps) {
  const location = useLocation();
  return <KioskDomainPage key={location.key} {...props} />;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4 border-t border-slate-100 py-2 text-sm">
      <dt className="w-40 shrink-0 font-semibold text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function KioskDomainPage({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, host, short, branded, traffic } = loaderData;
  const reply = actionData as Reply | undefined;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/app/kiosk/domains" className="text-indigo-700 hover:underline">
          ← All domains
        </Link>
      </p>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error && !reply.field ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard id="domain" title={host} description={short ? "One of Snip's own short domains (configuration)." : "A branded domain."}>
        <dl>
          {short ? (
            <>
              <Row label="State">{short.state}</Row>
              <Row label="Rules">{short.rules.join(", ")}</Row>
            </>
          ) : null}
          {branded ? (
            <>
              <Row label="Kind">{branded.kind}</Row>
              <Row label="Owner">
                {branded.ownerId ? (
                  <Link to={`/app/kiosk/user/${branded.ownerId}`} className="text-indigo-700 hover:underline">
                    {branded.owner}
                  </Link>
                ) : (
                  branded.owner
                )}
              </Row>
              <Row label="Added by">{branded.addedBy ?? "—"}</Row>
              <Row label="State">
                <span data-testid="domain-state">{branded.state}</span>
              </Row>
              <Row label="Added">
                <DateTime iso={branded.createdAt} />
              </Row>
              <Row label="Verified">{branded.verifiedAt ? <DateTime iso={branded.verifiedAt} /> : "not yet"}</Row>
              <Row label="Last checked">{branded.checkedAt ? <DateTime iso={branded.checkedAt} /> : "never"}</Row>
              <Row label="At Cloudflare">
                {branded.cloudflare
                  ? `hostname ${branded.hostnameStatus ?? "?"}, certificate ${branded.sslStatus ?? "?"}`
                  : "none (vanity subdomain)"}
              </Row>
            </>
          ) : null}
          <Row label="Links">{formatNumber(traffic.links)}</Row>
          <Row label="Clicks">
            {formatNumber(traffic.clicks)}{" "}
            <Link to={`/app/kiosk/stats/system/${encodeURIComponent(host)}`} className="text-indigo-700 hover:underline">
              (trends)
            </Link>
          </Row>
        </dl>
      </KioskCard>
      {branded ? (
        <KioskCard id="actions" title="Staff actions" description="Each is written to the staff log of the domains page.">
          <div className="space-y-6">
            {branded.disabled ? (
              <Form method="post" className="space-y-2">
                <p className="text-sm text-slate-700">
                  Disabled on <DateTime iso={branded.disabled.at} />: {branded.disabled.reason}
                </p>
                <button type="submit" name="intent" value="enable" className={settingsButton}>
                  Serve again
                </button>
              </Form>
            ) : (
              <Form method="post" className="max-w-xl space-y-2" noValidate>
                <label htmlFor="disable-reason" className="block text-sm font-semibold text-slate-800">
                  Reason for stopping it
                </label>
                <input
                  id="disable-reason"
                  name="reason"
                  type="text"
                  aria-invalid={reply?.field === "reason" || undefined}
                  aria-describedby={reply?.field === "reason" ? "disable-reason-error" : undefined}
                  className={`${kioskInput} ${reply?.field === "reason" ? "border-red-500" : "border-slate-300"}`}
                />
                {reply?.field === "reason" ? (
                  <p id="disable-reason-error" className="text-sm text-red-600">
                    {reply.error}
                  </p>
                ) : null}
                <button type="submit" name="intent" value="disable" className={settingsButton}>
                  Stop serving
                </button>
              </Form>
            )}
            {branded.cloudflare ? (
              <Form method="post">
                <button type="submit" name="intent" value="recheck" className={settingsButton}>
                  Re-check at Cloudflare now
                </button>
              </Form>
            ) : null}
          </div>
        </KioskCard>
      ) : null}
    </div>
  );
}
