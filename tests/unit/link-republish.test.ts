import { describe, expect, it } from "vitest";
import {
  isRepublishLinksPayload,
  REPUBLISH_JOBS_PER_SEND,
  REPUBLISH_LINKS_JOB,
  REPUBLISH_LINKS_PER_JOB,
  republishLinksJobs,
} from "../../domain/link-republish";

describe("links.republish jobs (decision 060)", () => {
  it("carry every refused link once, at most 500 a job, each message and each sendBatch within the queue's limits", () => {
    const ids = Array.from({ length: 1_201 }, () => crypto.randomUUID());
    const jobs = republishLinksJobs([...ids, ...ids.slice(0, 50)]);
    expect(jobs.map((job) => job.payload.linkIds.length)).toEqual([500, 500, 201]);
    expect(jobs.flatMap((job) => job.payload.linkIds).sort()).toEqual([...ids].sort());
    expect(new Set(jobs.map((job) => job.id)).size).toBe(3);
    for (const job of jobs) {
      expect(job).toMatchObject({ type: REPUBLISH_LINKS_JOB, v: 1 });
      expect(isRepublishLinksPayload(job.payload)).toBe(true);
    }
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    const full = jobs[0]!;
    expect(full.payload.linkIds).toHaveLength(REPUBLISH_LINKS_PER_JOB);
    expect(bytes(full)).toBeLessThan(128_000);
    expect(bytes(full) * REPUBLISH_JOBS_PER_SEND).toBeLessThan(256_000);
    expect(REPUBLISH_JOBS_PER_SEND).toBeLessThanOrEqual(100);
  });

  it("a malformed payload is told apart", () => {
    expect(isRepublishLinksPayload({ linkIds: ["a", "b"] })).toBe(true);
    expect(isRepublishLinksPayload({ linkIds: ["a", 2] })).toBe(false);
    expect(isRepublishLinksPayload({ linkIds: "a" })).toBe(false);
    expect(isRepublishLinksPayload(null)).toBe(false);
  });
});
