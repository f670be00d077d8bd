/**
 * The daily sweep of domain claims nobody verified (decision 061 addendum), inside workerd on the
 * real D1 and KV: a claim unverified for 30 days is removed with a notification to its claimant
 * and its host record released; a younger one, a verified one (lapsed since), a vanity subdomain
 * and a bought domain stay; a run finds nothing more to do the second time.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ABANDONED_CLAIM_DAYS } from "../../domain/branded-domains";
import { hostKey } from "../../domain/host-record";
import type { AppEnv } from "../../app/env.server";
import { sweepAbandonedClaims } from "../../app/lib/branded-domains.server";
import type { QueueEnv } from "../../workers/queue/src/env";
import { newUser } from "./seed";

const testEnv = env as unknown as QueueEnv;
const DAY = 86_400_000;
const appEnv = {
  ...testEnv,
  // Cloudflare's custom hostnames are not configured here: the rows below have none.
  CF_API_TOKEN: undefined,
  CF_ZONE_ID: undefined,
  REDIRECT: { purgeHosts: async () => undefined },
} as unknown as AppEnv;

type Claim = { kind?: "domain" | "subdomain" | "vanity"; status: string; daysOld: number; verified?: boolean };

async function addClaim(userId: string, hostname: string, claim: Claim, now: number): Promise<void> {
  const created = now - claim.daysOld * DAY;
  await testEnv.DB.prepare(
    "INSERT INTO branded_domains (id, workspace_id, user_id, hostname, kind, status, verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      crypto.randomUUID(),
      userId,
      userId,
      hostname,
      claim.kind ?? "domain",
      claim.status,
      claim.verified ? created + DAY : null,
      created,
    )
    .run();
  await testEnv.LINKS.put(hostKey(hostname), JSON.stringify({ active: claim.status === "active", root: null, notFound: null }));
}

const exists = async (hostname: string) =>
  (await testEnv.DB.prepare("SELECT 1 AS x FROM branded_domains WHERE hostname = ?").bind(hostname).first()) !== null;

describe("the daily sweep of unverified domain claims", () => {
  it(`removes claims unverified for ${ABANDONED_CLAIM_DAYS} days and tells their claimant; keeps everything else`, async () => {
    const now = Date.now();
    const user = await newUser("claimant");
    const tag = crypto.randomUUID().slice(0, 8);
    const name = (label: string) => `${label}-${tag}.example.com`;
    const cases: [string, Claim, boolean][] = [
      [name("pending-old"), { status: "pending", daysOld: ABANDONED_CLAIM_DAYS }, true],
      [name("failed-old"), { status: "failed", daysOld: 90 }, true],
      [name("sub-old"), { kind: "subdomain", status: "pending", daysOld: 45 }, true],
      [name("pending-young"), { status: "pending", daysOld: ABANDONED_CLAIM_DAYS - 1 }, false],
      [name("lapsed-verified"), { status: "lapsed", daysOld: 400, verified: true }, false],
      [name("failed-verified"), { status: "failed", daysOld: 400, verified: true }, false],
      [name("vanity"), { kind: "vanity", status: "pending", daysOld: 400 }, false],
      [name("bought"), { status: "pending", daysOld: 400 }, false],
    ];
    for (const [hostname, claim] of cases) await addClaim(user, hostname, claim, now);
    // A bought domain's buyer owns the name (decision 053): never swept, however old.
    await testEnv.DB.prepare(
      "INSERT INTO domain_registrations (domain, user_id, expires_at, auto_renew, expired, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?)",
    )
      .bind(name("bought"), user, now + 300 * DAY, now, now)
      .run();

    const removed = await sweepAbandonedClaims(appEnv, new Date(now));
    const expected = cases.filter(([, , gone]) => gone).map(([hostname]) => hostname);
    expect(removed.filter((hostname) => hostname.endsWith(`-${tag}.example.com`)).sort()).toEqual([...expected].sort());
    for (const [hostname, , gone] of cases) {
      expect(await exists(hostname), hostname).toBe(!gone);
      expect(await testEnv.LINKS.get(hostKey(hostname)), hostname).toEqual(gone ? null : expect.any(String));
    }
    const notices = await testEnv.DB.prepare("SELECT title, body FROM notifications WHERE user_id = ? ORDER BY title")
      .bind(user)
      .all<{ title: string; body: string }>();
    expect(notices.results.map((n) => n.title)).toEqual([...expected].sort().map((hostname) => `Your domain ${hostname} was removed`));
    expect(notices.results[0]!.body).toBe(
      `It was not verified within ${ABANDONED_CLAIM_DAYS} days of being added. Add it again when its DNS records are ready.`,
    );

    // Nothing left to do: a second run removes none of this user's.
    expect((await sweepAbandonedClaims(appEnv, new Date(now))).filter((hostname) => hostname.endsWith(`-${tag}.example.com`))).toEqual([]);
  });
});
