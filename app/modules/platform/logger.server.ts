import pino, { type Logger } from "pino";
import type { LogLevel } from "./config.server";

export type { Logger };

/**
 * One JSON line per event in production; readable lines in development.
 * Callers never pass personal data (names, e-mail, phone, IP): only ids and counts. Errors
 * go through `safeError`, because a failed query carries the values it was given.
 */
export function createLogger(options: {
  level: LogLevel;
  pretty?: boolean;
  /** Where lines go (standard output by default); tests read them. */
  destination?: pino.DestinationStream;
  /** Which of several server processes writes (WEB_CONCURRENCY, docs/decisions/020). */
  serverProcess?: number;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: options.serverProcess === undefined ? undefined : { process: options.serverProcess },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: safeError, error: safeError },
    transport: options.pretty
      ? { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } }
      : undefined,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** Fields of database and system errors that name what failed, never the data involved. */
const SAFE_FIELDS = [
  "code",
  "errno",
  "syscall",
  "severity",
  "constraint",
  "table",
  "column",
  "routine",
  "status",
  "statusCode",
] as const;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/**
 * An error's message without the data it may quote: a failed query's parameters
 * (Drizzle's "params: ..."), the value PostgreSQL quotes after "invalid input syntax ...:",
 * and anything shaped like an e-mail address.
 */
function redactErrorMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]")
    .replace(/(: )"(?:[^"\\]|\\.)*"(?=\s*$)/, '$1"[redacted]"')
    .replace(EMAIL, "[e-mail]");
}

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  [field: string]: unknown;
}

/**
 * What a log line keeps of an error: its type, a redacted message, the stack frames and
 * the fields that say what failed; never its query parameters, a database error's detail
 * (PostgreSQL writes the offending row's values there) or a request body.
 */
function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return {
      type: typeof error,
      message: typeof error === "string" ? redactErrorMessage(error) : "non-error thrown",
    };
  }
  const type = error.name || error.constructor.name || "Error";
  const message = redactErrorMessage(error.message);
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const safe: SafeError = { type, message, stack: `${type}: ${message}\n${frames}`.trim() };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = fields[field];
    if (typeof value === "string" || typeof value === "number") safe[field] = value;
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}
