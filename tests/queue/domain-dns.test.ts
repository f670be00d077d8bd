/**
 * Automatic DNS for a bought domain (issue 18, docs/decisions/054) inside workerd: the real
 * DNSimple client speaks to the registrar stub's zones API (tests/stubs/registrar-server.ts: v2's
 * `{data, pagination}` lists and `{message, errors}` refusals). After the order job adds the domain,
 * the verify page's records (an ALIAS at the apex to the CNAME target, Cloudflare's ownership TXT)
 * are in its zone; a retry lists first and creates nothing twice; a record found with another value
 * is reported and left alone; DNSimple refusing or unreachable leaves the order paid and the domain
 * added, the step recorded as not done with DNSimple's words, and the retry publishes.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getBrandedDomain } from "../../db/branded-domains.server";
import { getDb } from "../../db/client.server";
import { getRegistration } from "../../db/domain-registrations.server";
import { createOrderFromCart, getOrder, moveOrder } from "../../db/orders.server";
import { ORDER_STATUS, priceCart } from "../../domain/orders";
import type { CustomHostnamesClient } from "../../app/lib/custom-hostnames.server";
import { DNS_RECOMPARE_AFTER_MS, publishDomainRecords, republishBoughtDomain, UNREACHABLE } from "../../app/lib/domain-dns.server";
import { dnsimpleRegistrar, dnsimpleZoneRecords } from "../../app/lib/registrar/dnsimple";
import type { QueueEnv } from "../../workers/queue/src/env";
import { processDomainOrder, type OrderDeps } from "../../workers/queue/src/domain-orders";
import {
  newRegistrarState,
  registrarStubHandler,
  STUB_DNSIMPLE_ENV,
  type RegistrarStubState,
  type StubZoneRecord,
} from "../stubs/registrar-server";

const testEnv = env as unknown as QueueEnv;
const db = getDb(testEnv.DB);
const TARGET = "domains.snip.example";

/** Custom hostnames as Cloudflare answers them: pending, with the ownership TXT record to publish. */
const hostnames: CustomHostnamesClient = {
  create: async (hostname) => ({
    id: `cf-${hostname}`,
    hostname,
    status: "pending",
    ssl: { status: "pending_validation" },
    ownership_verification: { type: "txt", name: `_cf-custom-hostname.${hostname}`, value: `txt-${hostname}` },
  }),
  get: async () => null,
  delete: async () => undefined,
};

function depsFor(state: RegistrarStubState, fetchZones?: (r: Request) => Promise<Response>): OrderDeps {
  const handler = registrarStubHandler(state);
  return {
    registrar: dnsimpleRegistrar(STUB_DNSIMPLE_ENV, handler),
    hostnames,
    zones: dnsimpleZoneRecords(STUB_DNSIMPLE_ENV, fetchZones ?? handler),
  };
}

async function newUser(): Promise<string> {
  const id = `u-${crypto.randomUUID()}`;
  await testEnv.DB.prepare("INSERT INTO users (id, name, email, created_at, updated_at) VALUES (?, 'T', ?, 0, 0)")
    .bind(id, `${id}@example.com`)
    .run();
  return id;
}

const unique = (label: string) => `${label}${crypto.randomUUID().slice(0, 8)}.com`;

async function paidOrder(user: string, domain: string): Promise<string> {
  const id = await createOrderFromCart(db, user, priceCart([{ domain, price: 1200, years: 1, premium: false }], 0), 0, null);
  await moveOrder(db, id, ORDER_STATUS.new, ORDER_STATUS.authorized, { paymentRef: `pi_test_${id}` });
  return id;
}

/** The zone's own records (not DNSimple's SOA and NS), as the stub holds them. */
const ownRecords = (state: RegistrarStubState, zone: string) =>
  (state.zones.get(zone) ?? []).filter((r) => !r.system_record).map((r) => ({ name: r.name, type: r.type, content: r.content }));

const filler = (zone: string, name: string, type: string, content: string): StubZoneRecord => ({
  id: Math.floor(Math.random() * 1e9),
  zone_id: zone,
  parent_id: null,
  name,
  content,
  ttl: 3600,
  priority: null,
  type,
  regions: ["global"],
  system_record: false,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});

describe("automatic DNS for a bought domain", () => {
  it("publishes exactly the verify page's records in the domain's zone: ALIAS at the apex, the ownership TXT", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("dns");
    const id = await paidOrder(user, domain);

    expect(await processDomainOrder(testEnv, id, depsFor(state))).toBe(ORDER_STATUS.paid);
    const branded = await getBrandedDomain(db, domain);
    expect(branded).toMatchObject({ verificationName: `_cf-custom-hostname.${domain}`, verificationValue: `txt-${domain}` });
    expect(ownRecords(state, domain)).toEqual([
      { name: "", type: "ALIAS", content: TARGET },
      { name: "_cf-custom-hostname", type: "TXT", content: `txt-${domain}` },
    ]);
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "published", dnsDetail: null });
  });

  it("a retry lists the zone first (every page) and creates nothing twice", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("retry");
    const deps = depsFor(state);
    const id = await paidOrder(user, domain);
    await processDomainOrder(testEnv, id, deps);
    const branded = (await getBrandedDomain(db, domain))!;

    // A second publish (a redelivery, the re-check, the button): both records are found, none created.
    expect(await publishDomainRecords(db, deps.zones!, branded, TARGET)).toMatchObject({ state: "published", created: 0 });
    // The records behind 150 others: found on a later page of the list.
    const zone = state.zones.get(domain)!;
    const mine = zone.filter((r) => !r.system_record);
    state.zones.set(domain, [
      ...zone.filter((r) => r.system_record),
      ...Array.from({ length: 150 }, (_, i) => filler(domain, `host${i}`, "A", "192.0.2.1")),
      ...mine,
    ]);
    expect(await publishDomainRecords(db, deps.zones!, branded, TARGET)).toMatchObject({ state: "published", created: 0 });
    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    expect(ownRecords(state, domain).filter((r) => r.type !== "A")).toEqual([
      { name: "", type: "ALIAS", content: TARGET },
      { name: "_cf-custom-hostname", type: "TXT", content: `txt-${domain}` },
    ]);
  });

  it("a record already there with another value is reported and left as it is; the missing one is still created", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("conflict");
    const deps = depsFor(state);
    const id = await paidOrder(user, domain);
    await processDomainOrder(testEnv, id, deps);
    const branded = (await getBrandedDomain(db, domain))!;
    // Someone changed the TXT record and removed the ALIAS since.
    state.zones.set(domain, [
      ...state.zones.get(domain)!.filter((r) => r.system_record),
      filler(domain, "_cf-custom-hostname", "TXT", "someone-elses-value"),
    ]);
    await testEnv.DB.prepare("UPDATE domain_registrations SET dns_state = NULL WHERE domain = ?").bind(domain).run();

    const outcome = await republishBoughtDomain(db, deps.zones!, branded, TARGET);
    expect(outcome).toMatchObject({ state: "failed", created: 1 });
    const detail = `A TXT record for _cf-custom-hostname.${domain} already exists with the value someone-elses-value; Snip left it as it is.`;
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "failed", dnsDetail: detail });
    expect(ownRecords(state, domain)).toEqual([
      { name: "_cf-custom-hostname", type: "TXT", content: "someone-elses-value" },
      { name: "", type: "ALIAS", content: TARGET },
    ]);
  });

  it("DNSimple refusing: the order is paid, the domain added, the step not done with DNSimple's words; the retry publishes", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("refuse");
    state.zoneRefuses.add(domain);
    const deps = depsFor(state);
    const id = await paidOrder(user, domain);

    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    expect(await getOrder(db, id)).toMatchObject({ status: ORDER_STATUS.paid, reason: null });
    const branded = (await getBrandedDomain(db, domain))!;
    expect(branded).toMatchObject({ workspaceId: user, status: "pending" });
    expect(await getRegistration(db, domain)).toMatchObject({
      dnsState: "failed",
      dnsDetail: `Zone ${domain} is locked: its records cannot be changed right now`,
    });
    expect(ownRecords(state, domain)).toEqual([]);

    // Still refused: the retry records it again; then DNSimple takes them.
    expect(await republishBoughtDomain(db, deps.zones!, branded, TARGET)).toMatchObject({ state: "failed" });
    state.zoneRefuses.delete(domain);
    expect(await republishBoughtDomain(db, deps.zones!, branded, TARGET)).toMatchObject({ state: "published", created: 2 });
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "published", dnsDetail: null });
    expect(ownRecords(state, domain)).toHaveLength(2);
    // Published: the retry has nothing more to do.
    expect(await republishBoughtDomain(db, deps.zones!, branded, TARGET)).toBeNull();
  });

  it("published records deleted at DNSimple while the domain is pending are created again by the re-check an hour later, not at every re-check", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("gone");
    const deps = depsFor(state);
    const publishedAt = new Date("2026-11-27T10:00:00Z");
    const id = await paidOrder(user, domain);
    await processDomainOrder(testEnv, id, deps);
    const branded = (await getBrandedDomain(db, domain))!;
    expect(branded.status).toBe("pending");
    await testEnv.DB.prepare("UPDATE domain_registrations SET dns_at = ? WHERE domain = ?").bind(publishedAt.getTime(), domain).run();
    // Someone deletes the ALIAS in the zone: the domain cannot verify without it.
    state.zones.set(
      domain,
      state.zones.get(domain)!.filter((r) => r.type !== "ALIAS"),
    );
    expect(ownRecords(state, domain).map((r) => r.type)).toEqual(["TXT"]);

    // Within the hour: the re-check does not list the zone again.
    const soon = new Date(publishedAt.getTime() + DNS_RECOMPARE_AFTER_MS - 60_000);
    expect(await republishBoughtDomain(db, deps.zones!, branded, TARGET, soon)).toBeNull();
    expect(ownRecords(state, domain).map((r) => r.type)).toEqual(["TXT"]);
    // An hour after the last look: compared, the missing record created, the TXT left as it was.
    const later = new Date(publishedAt.getTime() + DNS_RECOMPARE_AFTER_MS + 60_000);
    expect(await republishBoughtDomain(db, deps.zones!, branded, TARGET, later)).toMatchObject({ state: "published", created: 1 });
    expect(ownRecords(state, domain)).toEqual(
      expect.arrayContaining([
        { name: "", type: "ALIAS", content: TARGET },
        { name: "_cf-custom-hostname", type: "TXT", content: `txt-${domain}` },
      ]),
    );
    expect(ownRecords(state, domain)).toHaveLength(2);
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "published", dnsAt: later });
    // An active domain is never listed again.
    expect(
      await republishBoughtDomain(
        db,
        deps.zones!,
        { ...branded, status: "active" },
        TARGET,
        new Date(later.getTime() + 2 * DNS_RECOMPARE_AFTER_MS),
      ),
    ).toBeNull();
  });

  it("DNSimple unreachable: the order is paid and the step recorded as not done; a domain not bought through Snip is never published", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("down");
    const deps = depsFor(state, async () => {
      throw new TypeError("fetch failed");
    });
    const id = await paidOrder(user, domain);
    expect(await processDomainOrder(testEnv, id, deps)).toBe(ORDER_STATUS.paid);
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "failed", dnsDetail: UNREACHABLE });

    // A domain Snip did not register (no registration of that name): its zone is not Snip's, nothing is published.
    const branded = (await getBrandedDomain(db, domain))!;
    const zones = dnsimpleZoneRecords(STUB_DNSIMPLE_ENV, registrarStubHandler(state))!;
    const elsewhere = unique("byhand");
    expect(await republishBoughtDomain(db, zones, { ...branded, hostname: elsewhere }, TARGET)).toBeNull();
    expect(state.zones.get(elsewhere)).toBeUndefined();
  });

  it("a bought domain moved to an organization before its records were published is still published by the retry", async () => {
    const user = await newUser();
    const state = newRegistrarState();
    const domain = unique("moved");
    const refusing = depsFor(state, async () => new Response(JSON.stringify({ message: "Zone is locked" }), { status: 423 }));
    expect(await processDomainOrder(testEnv, await paidOrder(user, domain), refusing)).toBe(ORDER_STATUS.paid);
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "failed" });

    // Now the organization's (decision 053): no longer in the buyer's personal workspace.
    const branded = (await getBrandedDomain(db, domain))!;
    const moved = { ...branded, workspaceId: null, organizationId: `org-${crypto.randomUUID()}` };
    const zones = dnsimpleZoneRecords(STUB_DNSIMPLE_ENV, registrarStubHandler(state))!;
    expect(await republishBoughtDomain(db, zones, moved, TARGET)).toMatchObject({ state: "published", created: 2 });
    expect(await getRegistration(db, domain)).toMatchObject({ dnsState: "published" });
  });
});
