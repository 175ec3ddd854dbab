// Finds nginx and openssl for the reverse-proxy test, installing Debian's packages with apt
// when running as root. Without them (not root, no apt) that test is skipped, never failed,
// so nothing here throws for a missing tool: it says what is missing and why.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const TOOLS = [
  { debianPackage: "nginx", paths: ["/usr/sbin/nginx", "/usr/bin/nginx"] },
  { debianPackage: "openssl", paths: ["/usr/bin/openssl"] },
];

const find = (tool) => tool.paths.find((candidate) => existsSync(candidate));

export const findNginx = () => find(TOOLS[0]);
export const findOpenssl = () => find(TOOLS[1]);

function aptInstall(packages) {
  const run = (args) =>
    spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  if (run(["install", "-y", ...packages]).status === 0) return true;
  // A stale package list is the usual cause; refresh it once and try again.
  run(["update"]);
  return run(["install", "-y", ...packages]).status === 0;
}

/** The paths of nginx and openssl (undefined for one that cannot be had). */
export function ensureNginx() {
  const missing = TOOLS.filter((tool) => !find(tool));
  if (missing.length > 0) {
    const names = missing.map((tool) => tool.debianPackage);
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    const hasApt = existsSync("/usr/bin/apt-get");
    if (isRoot && hasApt) {
      console.log(`No ${names.join(" or ")} found: installing Debian's packages with apt-get...`);
      if (aptInstall(names)) console.log(`Installed ${names.join(" and ")} with apt-get`);
      else
        console.log(
          `apt-get could not install ${names.join(" and ")}: the reverse-proxy test will be skipped.`,
        );
    } else {
      console.log(
        `No ${names.join(" or ")} found and ${isRoot ? "no apt-get" : "not running as root"}: ` +
          "the reverse-proxy test will be skipped.",
      );
    }
  }
  return { nginx: findNginx(), openssl: findOpenssl() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { nginx, openssl } = ensureNginx();
  console.log(`nginx: ${nginx ?? "not available"}`);
  console.log(`openssl: ${openssl ?? "not available"}`);
}
