/**
 * IP addresses and CIDR ranges (issue 19, kiosk `ips`): parsing IPv4 and IPv6 (with `::`
 * shortening and an embedded IPv4 tail), canonical text, and whether a range holds an address.
 * An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is that IPv4 address. Pure, no I/O.
 */

export type IpVersion = 4 | 6;

export interface IpAddress {
  version: IpVersion;
  value: bigint;
}

export interface CidrRange {
  version: IpVersion;
  /** The first address of the range (host bits cleared). */
  base: bigint;
  prefix: number;
}

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || (part.length > 1 && part.startsWith("0"))) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string): bigint[] | null => {
    if (part === "") return [];
    const out: bigint[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes(".")) {
        // An IPv4 tail stands for the last two groups.
        if (i !== pieces.length - 1) return null;
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(v4 >> 16n, v4 & 0xffffn);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        out.push(BigInt(`0x${piece}`));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  // An IPv4 tail is allowed only at the very end.
  if (halves.length === 2 && (halves[0] ?? "").includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<bigint>(halves.length === 2 ? missing : 0).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** An address, or null when the text is not one. `::ffff:a.b.c.d` becomes the IPv4 address. */
export function parseIpAddress(input: string): IpAddress | null {
  const text = input.trim();
  if (text.includes(":")) {
    const value = parseIpv6(text);
    if (value === null) return null;
    if (value >> 32n === 0xffffn) return { version: 4, value: value & 0xffffffffn };
    return { version: 6, value };
  }
  const value = parseIpv4(text);
  return value === null ? null : { version: 4, value };
}

function mask(version: IpVersion, prefix: number): bigint {
  const bits = BITS[version];
  return prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
}

/**
 * A range written as `address/prefix`, or one address (a /32 or /128). The host bits must be
 * zero (`10.0.0.1/8` is refused: it names no range a person means); null when not valid.
 */
export function parseCidr(input: string): CidrRange | null {
  const text = input.trim();
  const slash = text.indexOf("/");
  const address = parseIpAddress(slash === -1 ? text : text.slice(0, slash));
  if (!address) return null;
  let prefix = BITS[address.version];
  if (slash !== -1) {
    const written = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(written)) return null;
    prefix = Number(written);
    // A mapped IPv4 range (::ffff:10.0.0.0/104) is written with the IPv6 prefix.
    if (address.version === 4 && text.slice(0, slash).includes(":")) prefix -= 96;
    if (prefix < 0 || prefix > BITS[address.version]) return null;
  }
  const base = address.value & mask(address.version, prefix);
  if (base !== address.value) return null;
  return { version: address.version, base, prefix };
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // The longest run of two or more zero groups becomes "::" (RFC 5952).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

export function formatIpAddress(address: IpAddress): string {
  if (address.version === 6) return formatIpv6(address.value);
  return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join(".");
}

/** The canonical text of a range: the address and its prefix, always with the `/`. */
export function formatCidr(range: CidrRange): string {
  return `${formatIpAddress({ version: range.version, value: range.base })}/${range.prefix}`;
}

export function cidrContains(range: CidrRange, address: IpAddress): boolean {
  return range.version === address.version && (address.value & mask(range.version, range.prefix)) === range.base;
}

/** The first range (canonical text) of `ranges` that holds the address, or null. Unparsable entries never match. */
export function findMatchingCidr(ranges: readonly string[], address: string): string | null {
  const parsed = parseIpAddress(address);
  if (!parsed) return null;
  for (const text of ranges) {
    const range = parseCidr(text);
    if (range && cidrContains(range, parsed)) return text;
  }
  return null;
}
