/**
 * Writing links' records through to KV again (docs/decisions/060). A change committed in D1 whose
 * KV write then failed (a kiosk hold or release, the hourly banned-list sweep) is handed to the
 * jobs queue by the links' ids; the job reads each link from D1, the source of truth, and writes
 * its record through, and the queue retries it until KV takes them. Rebuilt from D1 at run time, a
 * retry never writes back an older record than the link's latest.
 */
import type { Envelope } from "./events";

export const REPUBLISH_LINKS_JOB = "links.republish";
/** Links per job: a message of about 20 KB, far under the queue's 128 KB a message. */
export const REPUBLISH_LINKS_PER_JOB = 500;
/** Jobs per sendBatch: within its 100 messages and 256 KB. */
export const REPUBLISH_JOBS_PER_SEND = 10;

export type RepublishLinksJob = Envelope<typeof REPUBLISH_LINKS_JOB, { linkIds: string[] }>;

export function isRepublishLinksPayload(payload: unknown): payload is RepublishLinksJob["payload"] {
  const ids = (payload as { linkIds?: unknown } | null)?.linkIds;
  return Array.isArray(ids) && ids.every((id) => typeof id === "string");
}

/** The jobs that republish these links, REPUBLISH_LINKS_PER_JOB ids each. */
export function republishLinksJobs(linkIds: readonly string[]): RepublishLinksJob[] {
  const ids = [...new Set(linkIds)];
  const jobs: RepublishLinksJob[] = [];
  for (let start = 0; start < ids.length; start += REPUBLISH_LINKS_PER_JOB) {
    jobs.push({
      type: REPUBLISH_LINKS_JOB,
      v: 1,
      id: crypto.randomUUID(),
      payload: { linkIds: ids.slice(start, start + REPUBLISH_LINKS_PER_JOB) },
    });
  }
  return jobs;
}
