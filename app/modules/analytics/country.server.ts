import { readFileSync } from "node:fs";
import { isIP } from "node:net";

/**
 * The visitor's country from a local table of address ranges (docs/decisions/013): a CSV
 * of `start,end,country` lines (IPv4 or IPv6, both ends included, a two-letter code),
 * configured with ANALYTICS_COUNTRY_CSV and read once. The address is only looked up,
 * never stored; without a table no country is recorded.
 */

interface Range {
  start: bigint;
  end: bigint;
  country: string;
}

/** An address as a number: IPv4 as its IPv4-mapped IPv6 form (::ffff:a.b.c.d). */
export function addressValue(address: string): bigint | undefined {
  const version = isIP(address);
  if (version === 4) return 0xffff00000000n + ipv4Value(address);
  if (version !== 6) return undefined;
  // An embedded IPv4 tail (::ffff:1.2.3.4) as its two hexadecimal groups.
  const text = (address.toLowerCase().split("%")[0] ?? "").replace(
    /(\d+\.\d+\.\d+\.\d+)$/,
    (dotted) => {
      const v4 = ipv4Value(dotted);
      return `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
    },
  );
  const [head = "", rest] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = [
    ...left.map((group) => BigInt(parseInt(group || "0", 16))),
    ...(rest !== undefined ? Array<bigint>(Math.max(0, missing)).fill(0n) : []),
    ...right.map((group) => BigInt(parseInt(group || "0", 16))),
  ];
  if (groups.length !== 8) return undefined;
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

function ipv4Value(address: string): bigint {
  return address
    .split(".")
    .reduce((value, part) => (value << 8n) | BigInt(Number(part) & 0xff), 0n);
}

/** Parses the table, skipping lines that are not a valid range (a header, a comment). */
export function parseCountryTable(csv: string): Range[] {
  const ranges: Range[] = [];
  for (const line of csv.split(/\r?\n/)) {
    const [startText, endText, countryText] = line.split(",").map((cell) => cell.trim());
    if (!startText || !endText || !countryText) continue;
    const start = addressValue(startText.replace(/^"|"$/g, ""));
    const end = addressValue(endText.replace(/^"|"$/g, ""));
    const country = countryText.replace(/^"|"$/g, "").toUpperCase();
    if (start === undefined || end === undefined || end < start) continue;
    if (!/^[A-Z]{2}$/.test(country)) continue;
    ranges.push({ start, end, country });
  }
  return ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** The country of an address in a sorted table (binary search), or undefined. */
export function countryIn(
  ranges: readonly Range[],
  address: string | undefined,
): string | undefined {
  if (!address || ranges.length === 0) return undefined;
  const value = addressValue(address);
  if (value === undefined) return undefined;
  let low = 0;
  let high = ranges.length - 1;
  let found: Range | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle]!;
    if (range.start <= value) {
      found = range;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found && value <= found.end ? found.country : undefined;
}

const tables = new Map<string, Range[]>();

/**
 * The country of an address from the table at `csvPath` (read on first use and kept);
 * undefined without a table, or when the file cannot be read (the events are still kept).
 */
export function countryOf(
  csvPath: string | undefined,
  address: string | undefined,
): string | undefined {
  if (!csvPath || !address) return undefined;
  let table = tables.get(csvPath);
  if (!table) {
    try {
      table = parseCountryTable(readFileSync(csvPath, "utf8"));
    } catch {
      table = [];
    }
    tables.set(csvPath, table);
  }
  return countryIn(table, address);
}
