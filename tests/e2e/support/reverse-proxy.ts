import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { findNginx, findOpenssl } from "../../../scripts/ensure-nginx.mjs";
import { freePort } from "./server";

export interface TlsProxy {
  /** What the browser opens: https://localhost:<port> (http:// for the round-robin one). */
  url: string;
  port: number;
  process: ChildProcess;
  errorLog: string;
  /** Stops nginx and removes its folder (configuration, certificate, logs). */
  stop(): Promise<void>;
}

/** Why tests behind nginx cannot run here, or undefined when they can. */
export function nginxUnavailable(): string | undefined {
  if (!findNginx())
    return "nginx is not installed (node scripts/ensure-nginx.mjs installs it as root)";
  return undefined;
}

/** Why the reverse-proxy tests cannot run here, or undefined when they can. */
export function tlsProxyUnavailable(): string | undefined {
  const nginx = nginxUnavailable();
  if (nginx) return nginx;
  if (!findOpenssl())
    return "openssl is not installed (node scripts/ensure-nginx.mjs installs it as root)";
  return undefined;
}

/** The headers an operator's proxy sets: the visitor's address appended to what came in. */
const FORWARDING = `      proxy_http_version 1.1;
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`;

/**
 * nginx in the foreground on loopback, terminating TLS with a throw-away self-signed
 * certificate and passing requests over plain HTTP to `upstreamPort`, with the headers an
 * operator's proxy sets. Everything it writes stays in its own temp folder.
 */
export async function startTlsProxy(upstreamPort: number): Promise<TlsProxy> {
  const openssl = findOpenssl();
  if (!findNginx() || !openssl) throw new Error(tlsProxyUnavailable());
  const dir = mkdtempSync(path.join(tmpdir(), "lumen-nginx-"));
  // nginx started as root runs its workers as an unprivileged user, who must reach the
  // temp paths below (responses larger than the proxy buffers are spooled there).
  chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  try {
    execFileSync(
      openssl,
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        file("key.pem"),
        "-out",
        file("cert.pem"),
      ],
      { stdio: "pipe" },
    );
    const port = await freePort();
    return await runNginx(dir, port, `https://localhost:${port}`, [
      `server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${file("cert.pem")};
    ssl_certificate_key ${file("key.pem")};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
${FORWARDING}
    }
  }`,
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * nginx on loopback over plain HTTP, sharing requests between `upstreamPorts` in turn
 * (round-robin, nginx's default), as operators run several instances of the server.
 */
export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<TlsProxy> {
  if (!findNginx()) throw new Error(nginxUnavailable());
  const dir = mkdtempSync(path.join(tmpdir(), "lumen-nginx-"));
  chmodSync(dir, 0o755);
  try {
    const port = await freePort();
    return await runNginx(dir, port, `http://localhost:${port}`, [
      `upstream lumen {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
  }`,
      `server {
    listen 127.0.0.1:${port};
    server_name localhost;
    location / {
      proxy_pass http://lumen;
${FORWARDING}
    }
  }`,
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Starts nginx in the foreground with `blocks` in its http block; it writes only in `dir`. */
async function runNginx(dir: string, port: number, url: string, blocks: string[]) {
  const nginx = findNginx();
  if (!nginx) throw new Error(nginxUnavailable());
  const file = (name: string) => path.join(dir, name);
  writeFileSync(
    file("nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${file("nginx.pid")};
error_log ${file("error.log")} warn;
events { worker_connections 64; }
http {
  access_log ${file("access.log")};
  client_body_temp_path ${file("client-body")};
  proxy_temp_path ${file("proxy")};
  fastcgi_temp_path ${file("fastcgi")};
  uwsgi_temp_path ${file("uwsgi")};
  scgi_temp_path ${file("scgi")};
  ${blocks.join("\n  ")}
}
`,
  );
  const child = spawn(nginx, ["-p", dir, "-c", file("nginx.conf"), "-e", file("error.log")], {
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A test run that dies without its cleanup must not leave nginx behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const proxy: TlsProxy = {
    url,
    port,
    process: child,
    errorLog: file("error.log"),
    stop: async () => {
      process.off("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitForListening(port, child);
  } catch (error) {
    const log = readIfPresent(file("error.log"));
    await proxy.stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return proxy;
}

function readIfPresent(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function waitForListening(port: number, child: ChildProcess, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx exited during start (${child.exitCode ?? child.signalCode})`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx was not listening on port ${port} within ${timeoutMs} ms`);
}
