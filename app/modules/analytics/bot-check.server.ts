import { isbot } from "isbot";
import {
  botVerdict,
  HEADLESS_USER_AGENT,
  isAllowed,
  SEARCH_ENGINE_USER_AGENT,
  strongerVerdict,
  type BotVerdict,
} from "./bot-score";

/**
 * The server's half of bot detection (docs/decisions/013): what the request itself says.
 * A user agent that a bot list knows is "bot detected"; one that names a headless browser
 * is the headless signal; a missing one counts as both, as no browser sends none.
 */
export function requestVerdict(request: Request): BotVerdict {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent.trim()) return botVerdict({ botDetected: true, headlessUserAgent: true });
  return botVerdict(
    { botDetected: isbot(userAgent), headlessUserAgent: HEADLESS_USER_AGENT.test(userAgent) },
    SEARCH_ENGINE_USER_AGENT.test(userAgent),
  );
}

/** The visitor's verdict: the stronger of what the browser reported and the request shows. */
export function visitorVerdict(request: Request, reported?: BotVerdict): BotVerdict {
  return strongerVerdict(requestVerdict(request), reported);
}

/**
 * Whether protection (on in settings) refuses this request's posts: the same check as the
 * browser's block screen (docs/REQUIREMENTS.md R5.14).
 */
export function refusedByProtection(
  request: Request,
  protectionOn: boolean,
  reported?: BotVerdict,
): boolean {
  return !isAllowed(visitorVerdict(request, reported), protectionOn);
}

/** The block screen's words (R8.4): the server's refusals say the same. */
export { BLOCK_EXPLANATION, BLOCK_RETRY, BLOCK_TITLE } from "./bot-block";
