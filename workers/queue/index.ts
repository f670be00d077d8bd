/** The queue consumer: clicks, jobs, and the dead-letter queues. */
import { handleClickBatch } from "./src/clicks";
import { handleDeadLetters } from "./src/dead-letters";
import type { QueueEnv } from "./src/env";
import { handleJobBatch, type JobHandler } from "./src/jobs";
import { billingEventJob } from "./src/billing";
import { BULK_IMPORT_JOB } from "../../domain/bulk";
import { bulkImportJob } from "./src/bulk";
import { sendMailJob } from "./src/mail";
import { OVERAGE_REPORT_JOB } from "../../domain/overage";
import { reportOverageJob } from "./src/overage";
import { deliverWebhookJob } from "./src/webhooks";
import { pruneCountedMessages } from "../../db/clicks.server";
import { DELETE_ACCOUNT_LINKS_JOB } from "../../domain/account-deletion";
import { deleteAccountLinksJob } from "./src/account-deletion";
// URL reputation (issue 19, decision 036)
import { REPUTATION_JOB } from "../../domain/reputation";
import { recheckBannedLinks, reputationCheckJob, scheduleReputationRecheck } from "./src/reputation";
// Domain orders (issue 18, decision 043)
import { DOMAIN_ORDER_JOB, domainOrderJob, requeueStalledOrders } from "./src/domain-orders";
// Organization domains (issue 18, decision 044): a deleted owner's domains released
import { RELEASE_DOMAINS_JOB } from "../../domain/domain-release";
import { releaseDomainsJob } from "./src/domain-release";
// Renewal of bought domains (issue 18, decision 050)
import { DOMAIN_RENEW_JOB, domainRenewJob } from "./src/domain-renewals";
// KV write-throughs retried from D1 (decision 060)
import { REPUBLISH_LINKS_JOB } from "../../domain/link-republish";
import { republishLinksJob } from "./src/link-republish";

export const JOBS: Readonly<Record<string, JobHandler>> = {
  "mail.send": sendMailJob,
  "billing.event": billingEventJob,
  "webhook.deliver": deliverWebhookJob,
  [OVERAGE_REPORT_JOB]: reportOverageJob,
  [BULK_IMPORT_JOB]: (envelope, env) => bulkImportJob(envelope, env),
  [DELETE_ACCOUNT_LINKS_JOB]: deleteAccountLinksJob,
  [REPUTATION_JOB]: reputationCheckJob,
  [DOMAIN_ORDER_JOB]: domainOrderJob,
  [RELEASE_DOMAINS_JOB]: releaseDomainsJob,
  [DOMAIN_RENEW_JOB]: domainRenewJob,
  [REPUBLISH_LINKS_JOB]: republishLinksJob,
};

export default {
  async queue(batch, env, _ctx: ExecutionContext) {
    if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch, env);
    if (batch.queue.startsWith("snip-clicks")) return handleClickBatch(batch, env);
    if (batch.queue.startsWith("snip-jobs")) return handleJobBatch(batch, env, JOBS);
    if (batch.queue.startsWith("snip-bulk")) return handleJobBatch(batch, env, JOBS);
    console.error(`queue: no consumer for ${batch.queue}`);
    batch.retryAll();
  },
  // Hourly: forget the ids of click messages counted long enough ago (docs/decisions/017).
  async scheduled(controller, env) {
    const pruned = await pruneCountedMessages(env.DB, controller.scheduledTime);
    if (pruned > 0) console.info(`clicks: forgot ${pruned} counted message ids`);
    // URL reputation (decision 036): the next links go to the queue to be looked up again.
    await scheduleReputationRecheck(env, new Date(controller.scheduledTime));
    // The banned list (decision 036): the next links are decided again against it, key or not.
    await recheckBannedLinks(env, new Date(controller.scheduledTime));
    // Domain orders (decision 043): paid orders whose job was lost are queued again.
    const requeued = await requeueStalledOrders(env, new Date(controller.scheduledTime));
    if (requeued > 0) console.info(`domain orders: queued ${requeued} stalled orders again`);
  },
  // Answers nothing over HTTP: a consumer only.
  async fetch() {
    return new Response("Not Found", { status: 404 });
  },
} satisfies ExportedHandler<QueueEnv>;
