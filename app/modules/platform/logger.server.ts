import pino, { type Logger } from "pino";
import type { LogLevel } from "./config.server";

export type { Logger };

/**
 * One JSON line per event in production; readable lines in development.
 * Callers never pass personal data (names, e-mail, phone, IP): only ids and counts.
 */
export function createLogger(options: { level: LogLevel; pretty?: boolean }): Logger {
  return pino({
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    transport: options.pretty
      ? { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } }
      : undefined,
  });
}
