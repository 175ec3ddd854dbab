import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "~/modules/platform/zod";

/**
 * The whole configuration of the product, read once from the environment at start.
 * Every variable is documented in .env.example.
 */

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

// An empty value in a .env file means "not set", as operators expect.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** false/0: no proxy; true: one; N: that many proxies in front, the nearest appending last. */
const trustProxyHops = z
  .string()
  .regex(/^(true|false|yes|no|\d{1,2})$/, {
    error: "must be true, false or the number of proxies in front (0-99)",
  })
  .transform((value) =>
    value === "true" || value === "yes"
      ? 1
      : value === "false" || value === "no"
        ? 0
        : Number(value),
  );

/** A whole number in [min, max], with the one message for every way it can be wrong. */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const httpUrl = z.url({
  protocol: /^https?$/,
  error: "must be an http:// or https:// address",
});

const envSchema = z.object({
  NODE_ENV: optional(
    z.enum(["development", "production", "test"], {
      error: "must be development, production or test",
    }),
  ),
  PORT: optional(
    z.coerce
      .number({ error: "must be a whole number between 1 and 65535" })
      .int("must be a whole number between 1 and 65535")
      .min(1, "must be a whole number between 1 and 65535")
      .max(65535, "must be a whole number between 1 and 65535"),
  ),
  HOST: optional(z.string().regex(/^[A-Za-z0-9.:-]+$/, "must be a host name or IP address")),
  PUBLIC_URL: optional(httpUrl),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.url({
      protocol: /^postgres(ql)?$/,
      error: "must be a postgres:// connection URL",
    }),
  ),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters long")),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })),
  TRUST_PROXY: optional(trustProxyHops),
  ADMIN_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
  ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters long")),
  LEAD_WEBHOOK_URL: optional(httpUrl),
  LEAD_WEBHOOK_SECRET: optional(z.string().min(16, "must be at least 16 characters long")),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: optional(booleanFlag),
  ANALYTICS_COUNTRY_CSV: optional(z.string()),
  ANALYTICS_BATCHES_PER_MINUTE: optional(wholeNumber(1, 1_000_000)),
  POSTHOG_HOST: optional(httpUrl),
  POSTHOG_API_KEY: optional(z.string().min(1).max(200)),
  VISUALIZER_PROVIDER_URL: optional(httpUrl),
  VISUALIZER_PROVIDER_KEY: optional(z.string().min(1).max(500)),
  VISUALIZER_RETRY_DELAY_SECONDS: optional(wholeNumber(1, 3600)),
  WEB_CONCURRENCY: optional(wholeNumber(1, 64)),
  PAGE_CACHE_MB: optional(wholeNumber(0, 4096)),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  logLevel: LogLevel;
  /**
   * How many reverse proxies stand in front (0: none). Their X-Forwarded-For entries,
   * X-Forwarded-Proto, X-Forwarded-Host and X-Request-Id are believed; nothing else is.
   */
  trustProxy: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  leadWebhookUrl: string | undefined;
  leadWebhookSecret: string | undefined;
  /** Webhooks may target loopback and private addresses (receivers on an internal network). */
  webhookAllowPrivateTargets: boolean;
  /** A CSV of address ranges and their countries (start,end,country); without it, no country. */
  analyticsCountryCsv: string | undefined;
  /** Analytics batches (POST /api/events) one address may send a minute. */
  analyticsBatchesPerMinute: number;
  /** Stored events are forwarded to PostHog when both are set (docs/decisions/013). */
  posthogHost: URL | undefined;
  posthogApiKey: string | undefined;
  /**
   * The image service that redraws a visitor's photo in their visualizer design, when
   * VISUALIZER_PROVIDER_URL and VISUALIZER_PROVIDER_KEY are both set (R15.5).
   */
  visualizerProvider: { url: URL; key: string } | undefined;
  /**
   * Seconds before a failed redraw is tried again, always the same; unset, the queue's
   * growing backoff from 10 seconds (a test sets it to see the failure quickly).
   */
  visualizerRetryDelaySeconds: number | undefined;
  /** Memory for finished public pages shared by visitors; 0 turns the page cache off. */
  pageCacheMegabytes: number;
  /**
   * Server processes sharing the port, one per core to use (docs/decisions/020); above 1
   * only on PostgreSQL, since the embedded database is opened by one process.
   */
  serverProcesses: number;
}

/** A configuration problem: one line per bad variable, ready to print. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** Validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const values = parseEnv(envSchema, env);
  const serverProcesses = values.WEB_CONCURRENCY ?? 1;
  if (serverProcesses > 1 && !values.DATABASE_URL) {
    throw new ConfigError([
      `Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL, as the embedded database is opened by one process only (got "${env.WEB_CONCURRENCY}")`,
    ]);
  }
  const port = values.PORT ?? 3000;
  const dataDir = path.resolve(values.DATA_DIR ?? "./data");
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    nodeEnv: values.NODE_ENV ?? "production",
    port,
    host: values.HOST,
    publicUrl,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    authSecret: values.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: values.SMTP_URL,
    logLevel: values.LOG_LEVEL ?? "info",
    trustProxy: values.TRUST_PROXY ?? 0,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    leadWebhookUrl: values.LEAD_WEBHOOK_URL,
    leadWebhookSecret: values.LEAD_WEBHOOK_SECRET,
    webhookAllowPrivateTargets: values.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
    analyticsCountryCsv: values.ANALYTICS_COUNTRY_CSV
      ? path.resolve(values.ANALYTICS_COUNTRY_CSV)
      : undefined,
    analyticsBatchesPerMinute: values.ANALYTICS_BATCHES_PER_MINUTE ?? 120,
    posthogHost: values.POSTHOG_HOST ? new URL(values.POSTHOG_HOST) : undefined,
    posthogApiKey: values.POSTHOG_API_KEY,
    visualizerProvider:
      values.VISUALIZER_PROVIDER_URL && values.VISUALIZER_PROVIDER_KEY
        ? { url: new URL(values.VISUALIZER_PROVIDER_URL), key: values.VISUALIZER_PROVIDER_KEY }
        : undefined,
    visualizerRetryDelaySeconds: values.VISUALIZER_RETRY_DELAY_SECONDS,
    pageCacheMegabytes: values.PAGE_CACHE_MB ?? 32,
    serverProcesses,
  };
}

/**
 * Where the data is, and nothing else: for `npm run backup` and `npm run restore`, which
 * must not create DATA_DIR's secret in a folder they are about to fill (docs/decisions/017).
 */
export function loadStorageConfig(env: Env = process.env): Pick<Config, "dataDir" | "databaseUrl"> {
  const values = parseEnv(envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }), env);
  return { dataDir: path.resolve(values.DATA_DIR ?? "./data"), databaseUrl: values.DATABASE_URL };
}

function parseEnv<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const raw = env[name];
      const shown = name.includes("SECRET") || name.includes("PASSWORD") ? "" : ` (got "${raw}")`;
      return `Invalid configuration: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(lines);
  }
  return parsed.data;
}

/**
 * With no AUTH_SECRET set, a random one is kept in DATA_DIR so sessions survive restarts.
 * Several instances sharing PostgreSQL must set AUTH_SECRET themselves.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Loads a .env file from the working directory when there is one; real env vars win. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
