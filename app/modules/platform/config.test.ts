import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadStorageConfig } from "./config.server";

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lumen-config-"));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function errorLines(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("loadConfig", () => {
  it("has working defaults with nothing set", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl.origin).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.trustProxy).toBe(0);
    expect(config.webhookAllowPrivateTargets).toBe(false);
    expect(config.dataDir).toBe(dataDir);
    expect(config.serverProcesses).toBe(1);
  });

  it("generates AUTH_SECRET into DATA_DIR once and reuses it", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it("does not write a secret file when AUTH_SECRET is set", () => {
    const dataDir = tempDir();
    const secret = "s".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  it("treats empty values as unset", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: "", DATABASE_URL: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://www.example.com",
      DATABASE_URL: "postgres://user@db.example.com:5432/lumen",
      AUTH_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://mail.example.com:587",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "a long enough password",
      LEAD_WEBHOOK_URL: "https://hooks.example.com/leads",
      LEAD_WEBHOOK_SECRET: "0123456789abcdef",
      VISUALIZER_RETRY_DELAY_SECONDS: "2",
      WEB_CONCURRENCY: "4",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://user@db.example.com:5432/lumen",
      smtpUrl: "smtp://mail.example.com:587",
      logLevel: "warn",
      trustProxy: 1,
      adminEmail: "owner@example.com",
      leadWebhookUrl: "https://hooks.example.com/leads",
      visualizerRetryDelaySeconds: 2,
      serverProcesses: 4,
    });
    expect(config.publicUrl.origin).toBe("https://www.example.com");
  });

  it.each([
    ["true", 1],
    ["yes", 1],
    ["false", 0],
    ["0", 0],
    ["2", 2],
  ])("reads TRUST_PROXY=%s as %d proxies in front", (value, hops) => {
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy).toBe(hops);
  });

  it.each([
    [
      { PORT: "abc" },
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")',
    ],
    [
      { PORT: "70000" },
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000")',
    ],
    [
      { PUBLIC_URL: "ftp://x" },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// address (got "ftp://x")',
    ],
    [
      { DATABASE_URL: "mysql://x" },
      'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://x")',
    ],
    [
      { LOG_LEVEL: "loud" },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { TRUST_PROXY: "maybe" },
      'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front (0-99) (got "maybe")',
    ],
    [
      { ADMIN_EMAIL: "owner" },
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "owner")',
    ],
    [
      { SMTP_URL: "http://mail" },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (got "http://mail")',
    ],
    [
      { VISUALIZER_RETRY_DELAY_SECONDS: "0" },
      'Invalid configuration: VISUALIZER_RETRY_DELAY_SECONDS must be a whole number from 1 to 3600 (got "0")',
    ],
    [
      { WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/lumen" },
      'Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 (got "0")',
    ],
    [
      { WEB_CONCURRENCY: "2" },
      'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL, as the embedded database is opened by one process only (got "2")',
    ],
  ])("rejects %o with one line naming the variable", (env, line) => {
    expect(errorLines(env)).toEqual([line]);
  });

  it("never echoes secrets in its messages", () => {
    expect(errorLines({ AUTH_SECRET: "short" })).toEqual([
      "Invalid configuration: AUTH_SECRET must be at least 32 characters long",
    ]);
    expect(errorLines({ ADMIN_PASSWORD: "short" })).toEqual([
      "Invalid configuration: ADMIN_PASSWORD must be at least 12 characters long",
    ]);
  });
});

describe("loadStorageConfig", () => {
  it("reads where the data is without writing a secret into DATA_DIR", () => {
    const dataDir = path.join(tempDir(), "target");
    expect(loadStorageConfig({ DATA_DIR: dataDir })).toEqual({
      dataDir,
      databaseUrl: undefined,
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(
      loadStorageConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://db.example/lumen" }),
    ).toEqual({ dataDir, databaseUrl: "postgres://db.example/lumen" });
  });

  it("names a bad DATABASE_URL and ignores the other variables", () => {
    expect(() => loadStorageConfig({ DATABASE_URL: "mysql://x", PORT: "abc" })).toThrow(
      'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://x")',
    );
  });
});
