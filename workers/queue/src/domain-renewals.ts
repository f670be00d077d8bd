/**
 * The `domains.renew` job (issue 18, docs/decisions/050): renews one bought domain for a year at
 * the registrar, once. The daily pass (app/lib/domain-renewals.server.ts) names the expiry it saw;
 *
 * - a job whose domain no longer has that expiry (renewed since, by an earlier delivery) or whose
 *   owner turned auto-renew off does nothing;
 * - before renewing, the registrar is asked for the domain's expiry: if it already moved past the
 *   stored one (a previous attempt that died after the registrar answered), that expiry is stored
 *   and nothing is renewed;
 * - a refusal records spec 01 §4 reason 3 with the registrar's words and tells the owner (once per
 *   distinct refusal); the next daily pass tries again while the renewal is due and paid for;
 * - no answer (a network error, a 5xx) throws, and the queue retries: the check above keeps a
 *   retry from renewing twice.
 */
import { getDb } from "../../../db/client.server";
import { getRegistration, recordRenewal, recordRenewalRefusal } from "../../../db/domain-registrations.server";
import { CANCELLATION_REASON, cancellationReasonLabel } from "../../../domain/orders";
import { DAY_MS, DOMAIN_RENEW_JOB, formatExpiry, RENEWAL_MESSAGES, type DomainRenewJob } from "../../../domain/domain-renewals";
import type { Envelope } from "../../../domain/events";
import { dnsimpleRegistrar } from "../../../app/lib/registrar/dnsimple";
import { RegistrarRefusal, type Registrar } from "../../../app/lib/registrar/registrar";
import type { QueueEnv } from "./env";
import { RetryJob } from "./jobs";

export { DOMAIN_RENEW_JOB };

const YEAR_MS = 365 * DAY_MS;
const ORDERS_PATH = "/app/settings/orders";

export type RenewOutcome = "renewed" | "already-renewed" | "refused" | "skipped";

export async function renewDomain(
  env: QueueEnv,
  job: { domain: string; expiresAt: number },
  registrar: Registrar | null,
  now = new Date(),
): Promise<RenewOutcome> {
  const db = getDb(env.DB);
  const reg = await getRegistration(db, job.domain);
  if (!reg || !reg.autoRenew || reg.expiresAt.getTime() !== job.expiresAt) return "skipped";
  if (!registrar) {
    console.error(
      "domain renewals: DNSIMPLE_TOKEN, DNSIMPLE_ACCOUNT_ID or DNSIMPLE_REGISTRANT_ID is not set; the renewal waits",
      reg.domain,
    );
    throw new RetryJob(300);
  }
  const url = reg.orderId ? `/app/settings/order/${reg.orderId}` : ORDERS_PATH;
  const refused = async (detail: string): Promise<RenewOutcome> => {
    // The same refusal again (a later daily pass) is recorded without telling the owner twice.
    const notice =
      reg.reasonDetail === detail
        ? null
        : {
            title: `Your domain ${reg.domain} could not be renewed`,
            body: `${cancellationReasonLabel(CANCELLATION_REASON.registrationFailed)}: ${detail} It expires on ${formatExpiry(reg.expiresAt)} unless a renewal goes through.`,
            url,
          };
    await recordRenewalRefusal(db, reg, CANCELLATION_REASON.registrationFailed, detail, notice, now);
    return "refused";
  };

  const before = await registrar.owned(reg.domain);
  if (!before) return refused(RENEWAL_MESSAGES.notInAccount);
  const runsTo = before.expiresAt ? Date.parse(before.expiresAt) : 0;
  if (runsTo > reg.expiresAt.getTime() + DAY_MS) {
    await recordRenewal(db, reg.domain, reg.expiresAt, new Date(runsTo), now);
    return "already-renewed";
  }
  try {
    await registrar.renew(reg.domain, 1);
  } catch (error) {
    if (error instanceof RegistrarRefusal) return refused(error.message);
    throw error;
  }
  const after = await registrar.owned(reg.domain).catch(() => null);
  const newExpiry = after?.expiresAt ? new Date(after.expiresAt) : new Date(reg.expiresAt.getTime() + YEAR_MS);
  await recordRenewal(db, reg.domain, reg.expiresAt, newExpiry, now);
  return "renewed";
}

export async function domainRenewJob(envelope: Envelope<string, unknown>, env: QueueEnv): Promise<void> {
  const { payload } = envelope as DomainRenewJob;
  await renewDomain(env, payload, dnsimpleRegistrar(env));
}
