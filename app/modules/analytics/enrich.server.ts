import Bowser from "bowser";
import { singleLine } from "~/modules/platform/text";
import type { BotVerdict } from "./bot-score";
import { visitorVerdict } from "./bot-check.server";
import { countryOf } from "./country.server";

/**
 * What the server adds to every analytics event from the request itself
 * (docs/decisions/013): the device class, browser and system named by the user agent,
 * the country when a local table is configured, and the bot verdict. The address is used
 * for the country only and never kept.
 */
export interface RequestEnrichment {
  /** desktop, mobile, tablet or bot. */
  device: string;
  browser: string | null;
  os: string | null;
  country: string | null;
  isBot: boolean;
  botConfidence: number;
  botType: string;
}

export interface EnrichmentFacts {
  /** The client's address (client-ip.server.ts), only to look up the country. */
  ip?: string;
  /** ANALYTICS_COUNTRY_CSV: the table of address ranges, when configured. */
  countryCsv?: string;
  /** What the browser's own check reported (the stronger verdict wins). */
  reported?: BotVerdict;
}

interface AgentFacts {
  device: string;
  browser: string | null;
  os: string | null;
}

/** Parsed user agents, kept for the few that arrive again and again. */
const agents = new Map<string, AgentFacts>();
const AGENT_CACHE_SIZE = 500;
const NAME_LENGTH = 60;

const shortName = (value: string | undefined) => {
  const name = singleLine(value ?? "").slice(0, NAME_LENGTH);
  return name || null;
};

function agentFacts(userAgent: string): AgentFacts {
  const known = agents.get(userAgent);
  if (known) return known;
  let facts: AgentFacts = { device: "desktop", browser: null, os: null };
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 1_000));
    const type = parsed.platform.type;
    facts = {
      device: type === "mobile" || type === "tablet" ? type : "desktop",
      browser: shortName(parsed.browser.name),
      os: shortName(parsed.os.name),
    };
  } catch {
    // An agent the parser cannot read is a desktop of no known name.
  }
  if (agents.size >= AGENT_CACHE_SIZE) agents.clear();
  agents.set(userAgent, facts);
  return facts;
}

/** The request's enrichment of the events it carries (or of the server's own event). */
export function requestEnrichment(
  request: Request,
  facts: EnrichmentFacts = {},
): RequestEnrichment {
  const verdict = visitorVerdict(request, facts.reported);
  const agent = agentFacts(request.headers.get("user-agent") ?? "");
  return {
    device: verdict.isBot ? "bot" : agent.device,
    browser: agent.browser,
    os: agent.os,
    country: countryOf(facts.countryCsv, facts.ip) ?? null,
    isBot: verdict.isBot,
    botConfidence: verdict.confidence,
    botType: verdict.botType,
  };
}
