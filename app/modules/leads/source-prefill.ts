import { SOURCE } from "./lead-fields";

export interface SourcePrefill {
  source: string;
  otherSource: string;
}

/** utm_source substrings and the option each maps to, in order (docs/REQUIREMENTS.md R4.6). */
const UTM_SOURCE_MAP: [string, string][] = [
  ["google", "Google"],
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
  ["tv", SOURCE.tv],
  ["radio", "Radio"],
  ["quincy showroom", SOURCE.quincyShowroom],
];

/**
 * The form's "How did you hear about us?" from the landing URL: `source` if it names an
 * option; containing "quincy" means the showroom; any other text is Other, kept as typed.
 * Without `source`, utm_source is matched by substring.
 */
export function prefillSource(
  params: { source?: string | null; utm_source?: string | null },
  options: string[],
): SourcePrefill | undefined {
  const source = params.source?.trim();
  if (source) {
    const match = options.find((option) => option.toLowerCase() === source.toLowerCase());
    if (match) return { source: match, otherSource: "" };
    if (source.toLowerCase().includes("quincy")) {
      return { source: SOURCE.quincyShowroom, otherSource: "" };
    }
    return { source: SOURCE.other, otherSource: source.slice(0, 200) };
  }
  const utm = params.utm_source?.toLowerCase().replace(/[-_+.]+/g, " ");
  if (!utm) return undefined;
  const mapped = UTM_SOURCE_MAP.find(([needle]) => utm.includes(needle));
  return mapped ? { source: mapped[1], otherSource: "" } : undefined;
}
