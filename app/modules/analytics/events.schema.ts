import { z } from "~/modules/platform/zod";
import { BOT_TYPES } from "./bot-score";
import { EVENT_LIMITS, TRACKER_EVENTS } from "./event-catalogue";

/**
 * The body of POST /api/events, as the tracker sends it (app/modules/analytics/tracker):
 *
 *   { visitorId, sessionId, bot: { isBot, confidence, botType },
 *     events: [{ name, path, search, hash, referrer, screen, ts, props }] }
 *
 * Bounded everywhere (docs/REQUIREMENTS.md R9.6); unknown keys are dropped.
 */

const url = z.string().max(EVENT_LIMITS.url);
const id = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
const propertyValue = z.union([
  z.string().max(EVENT_LIMITS.stringProperty),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const trackedEventSchema = z.object({
  name: z.enum(TRACKER_EVENTS),
  path: url.optional(),
  search: url.optional(),
  hash: url.optional(),
  referrer: url.optional(),
  /** "1280x800": the screen's CSS pixels. */
  screen: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional(),
  /** When it happened, in the browser's clock (ms since the epoch). */
  ts: z.number().int().nonnegative().optional(),
  props: z
    .record(z.string().min(1).max(EVENT_LIMITS.propertyName), propertyValue)
    .refine((props) => Object.keys(props).length <= EVENT_LIMITS.properties, {
      message: `At most ${EVENT_LIMITS.properties} properties.`,
    })
    .optional(),
});

export const eventBatchSchema = z.object({
  visitorId: id.optional(),
  sessionId: id.optional(),
  bot: z
    .object({
      isBot: z.boolean(),
      confidence: z.number().min(0).max(1),
      botType: z.enum(BOT_TYPES),
    })
    .optional(),
  events: z.array(trackedEventSchema).min(1).max(EVENT_LIMITS.batchEvents),
});

export type TrackedEvent = z.output<typeof trackedEventSchema>;
export type EventBatch = z.output<typeof eventBatchSchema>;
