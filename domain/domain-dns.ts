/**
 * Automatic DNS for a domain bought through Snip (issue 18, docs/decisions/054): the records Snip
 * publishes in the domain's zone at the registrar are exactly the ones the branded domain's verify
 * page tells an owner to publish: the host pointing at the SaaS zone's CNAME target, and the
 * ownership TXT record Cloudflare returned. A bought domain is its zone's apex, which cannot
 * carry a CNAME: there the pointer is DNSimple's ALIAS record (a CNAME-like record resolved by
 * DNSimple's name servers, allowed beside the apex's SOA and NS records).
 */
import type { ZoneRecord } from "../app/lib/registrar/registrar";

/** The relative name of `fqdn` in `zone` ("" for the apex), or null when it is not in the zone. */
export function relativeName(fqdn: string, zone: string): string | null {
  const name = fqdn.toLowerCase().replace(/\.$/, "");
  const z = zone.toLowerCase();
  if (name === z) return "";
  return name.endsWith(`.${z}`) ? name.slice(0, -(z.length + 1)) : null;
}

/** The records of the verify page, as records of `zone` (the bought domain itself). */
export function recordsToPublish(
  zone: string,
  domain: { hostname: string; verificationName: string | null; verificationValue: string | null },
  target: string,
): ZoneRecord[] {
  const host = relativeName(domain.hostname, zone);
  if (host === null) return [];
  const records: ZoneRecord[] = [{ name: host, type: host === "" ? "ALIAS" : "CNAME", content: target }];
  const txtName = domain.verificationName ? relativeName(domain.verificationName, zone) : null;
  if (txtName !== null && domain.verificationValue) records.push({ name: txtName, type: "TXT", content: domain.verificationValue });
  return records;
}

/** Content compared as DNS compares it: case and a trailing dot do not matter for names, TXT quotes do not. */
function sameContent(type: string, a: string, b: string): boolean {
  if (type === "TXT") return a.replace(/^"|"$/g, "") === b.replace(/^"|"$/g, "");
  return a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");
}

/** Record types that cannot stand beside the pointer at the same name (the pointer's own, and its CNAME/ALIAS twin). */
const POINTERS = ["ALIAS", "CNAME"];

export interface RecordPlan {
  /** Wanted and not there: to create. */
  create: ZoneRecord[];
  /** Already there with the wanted value (a retry, or published by hand). */
  present: ZoneRecord[];
  /** A record at the wanted name with another value: left as it is and reported, never overwritten. */
  conflicts: { wanted: ZoneRecord; found: ZoneRecord }[];
}

/**
 * What to do against the zone's records: create what is missing, leave what is there, and report
 * (not overwrite) a record at the same name and type (for the pointer: any CNAME or ALIAS) holding
 * another value: it is the zone owner's, and replacing it silently could break what they set up.
 */
export function planRecords(wanted: readonly ZoneRecord[], existing: readonly ZoneRecord[]): RecordPlan {
  const plan: RecordPlan = { create: [], present: [], conflicts: [] };
  for (const w of wanted) {
    const kinds = POINTERS.includes(w.type) ? POINTERS : [w.type];
    const same = existing.filter((e) => e.name.toLowerCase() === w.name.toLowerCase() && kinds.includes(e.type.toUpperCase()));
    if (same.some((e) => e.type.toUpperCase() === w.type && sameContent(w.type, e.content, w.content))) plan.present.push(w);
    else if (same.length > 0) plan.conflicts.push({ wanted: w, found: same[0]! });
    else plan.create.push(w);
  }
  return plan;
}

/** The fully qualified name of a zone's record, as the verify page shows it. */
export const fqdnOf = (zone: string, name: string) => (name ? `${name}.${zone}` : zone);

/** The detail stored (and shown) for a conflict. */
export function conflictDetail(zone: string, c: { wanted: ZoneRecord; found: ZoneRecord }): string {
  return `A ${c.found.type} record for ${fqdnOf(zone, c.found.name)} already exists with the value ${c.found.content}; Snip left it as it is.`;
}
