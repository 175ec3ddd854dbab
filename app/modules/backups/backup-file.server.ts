import { createHash } from "node:crypto";

/**
 * A backup of the embedded database is one plain tar archive (readable with `tar tf`):
 *
 *   lumen-backup.json   what it is: format, version, when, the database's size and SHA-256
 *   db.tar.gz           PGlite's dump of DATA_DIR/db
 *   auth-secret         DATA_DIR/auth-secret, when the server generated one
 *
 * The generated secret travels with the data because Better Auth encrypts the staff's
 * authenticator secrets with it, and sessions and signed links are checked against it
 * (docs/decisions/017).
 */

export const BACKUP_FORMAT = "lumen-backup";
export const BACKUP_VERSION = 1;
const MANIFEST_NAME = "lumen-backup.json";
const DATABASE_NAME = "db.tar.gz";
const SECRET_NAME = "auth-secret";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  kind: BackupKind;
  /** How many leads the database holds: a figure to check a restore by, never their data. */
  leads: number;
  /** When the last migration applied was made (drizzle's journal), so a restore can refuse a
   * backup from a newer version of the program. */
  lastMigration: number | null;
  database: { file: typeof DATABASE_NAME; bytes: number; sha256: string };
  authSecret: boolean;
}

export type BackupKind = "manual" | "nightly";

export interface BackupContents {
  manifest: BackupManifest;
  database: Uint8Array;
  authSecret: string | undefined;
}

/** A file that is not a backup this program can restore; the message says why. */
export class InvalidBackupError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidBackupError";
  }
}

export function packBackup(contents: {
  database: Uint8Array;
  authSecret: string | undefined;
  kind: BackupKind;
  createdAt: Date;
  leads: number;
  lastMigration: number | null;
}): Uint8Array {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: contents.createdAt.toISOString(),
    kind: contents.kind,
    leads: contents.leads,
    lastMigration: contents.lastMigration,
    database: {
      file: DATABASE_NAME,
      bytes: contents.database.byteLength,
      sha256: sha256(contents.database),
    },
    authSecret: contents.authSecret !== undefined,
  };
  const mtime = Math.floor(contents.createdAt.getTime() / 1000);
  const entries: TarEntry[] = [
    { name: MANIFEST_NAME, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: DATABASE_NAME, data: contents.database },
  ];
  if (contents.authSecret !== undefined) {
    entries.push({ name: SECRET_NAME, data: Buffer.from(`${contents.authSecret}\n`) });
  }
  return writeTar(entries, mtime);
}

/**
 * Reads and checks a backup whole: the archive's headers, the manifest, the database's size
 * and checksum, its gzip signature and the secret. Throws InvalidBackupError otherwise.
 */
export function unpackBackup(bytes: Uint8Array): BackupContents {
  const entries = readTar(bytes);
  const manifestEntry = entries[0];
  if (!manifestEntry || manifestEntry.name !== MANIFEST_NAME) {
    throw new InvalidBackupError(`it does not start with ${MANIFEST_NAME}`);
  }
  const manifest = parseManifest(manifestEntry.data);
  const database = entries.find((entry) => entry.name === DATABASE_NAME)?.data;
  if (!database) throw new InvalidBackupError(`it holds no ${DATABASE_NAME}`);
  if (
    database.byteLength !== manifest.database.bytes ||
    sha256(database) !== manifest.database.sha256
  ) {
    throw new InvalidBackupError("the database in it is damaged (its checksum does not match)");
  }
  if (database[0] !== 0x1f || database[1] !== 0x8b) {
    throw new InvalidBackupError("the database in it is not a gzip archive");
  }
  let authSecret: string | undefined;
  if (manifest.authSecret) {
    const secret = entries.find((entry) => entry.name === SECRET_NAME)?.data;
    authSecret = secret ? Buffer.from(secret).toString("utf8").trim() : undefined;
    if (!authSecret || authSecret.length < 32) {
      throw new InvalidBackupError(`its ${SECRET_NAME} is missing or too short`);
    }
  }
  return { manifest, database, authSecret };
}

function parseManifest(data: Uint8Array): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(data).toString("utf8"));
  } catch {
    throw new InvalidBackupError(`its ${MANIFEST_NAME} is not JSON`);
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (manifest?.format !== BACKUP_FORMAT) {
    throw new InvalidBackupError(`its ${MANIFEST_NAME} does not describe a Lumen backup`);
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new InvalidBackupError(
      `it is in format version ${String(manifest.version)}; this program reads version ${BACKUP_VERSION}`,
    );
  }
  const database = manifest.database;
  if (
    typeof manifest.createdAt !== "string" ||
    typeof manifest.leads !== "number" ||
    typeof manifest.authSecret !== "boolean" ||
    database?.file !== DATABASE_NAME ||
    typeof database.bytes !== "number" ||
    typeof database.sha256 !== "string"
  ) {
    throw new InvalidBackupError(`its ${MANIFEST_NAME} lacks required fields`);
  }
  return manifest as BackupManifest;
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

// A minimal POSIX (ustar) archive of regular files: enough for the three entries above,
// and readable by every tar.

interface TarEntry {
  name: string;
  data: Uint8Array;
}

const BLOCK = 512;

function writeTar(entries: TarEntry[], mtime: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(BLOCK);
    header.write(entry.name, 0, 100, "utf8");
    header.write(octal(0o600, 8), 100);
    header.write(octal(0, 8), 108);
    header.write(octal(0, 8), 116);
    header.write(octal(entry.data.byteLength, 12), 124);
    header.write(octal(mtime, 12), 136);
    header.write(" ".repeat(8), 148);
    header.write("0", 156);
    header.write("ustar\u000000", 257, "binary");
    header.write(octal(checksum(header), 8), 148);
    parts.push(header, entry.data, Buffer.alloc(padding(entry.data.byteLength)));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function readTar(bytes: Uint8Array): TarEntry[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= buffer.byteLength) {
    const header = buffer.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (header.toString("binary", 257, 262) !== "ustar") {
      throw new InvalidBackupError("it is not a tar archive");
    }
    const stored = parseOctal(header.subarray(148, 156));
    if (stored !== checksum(header))
      throw new InvalidBackupError("its archive headers are damaged");
    const name = cString(header.subarray(0, 100));
    const size = parseOctal(header.subarray(124, 136));
    const start = offset + BLOCK;
    if (size < 0 || start + size > buffer.byteLength) {
      throw new InvalidBackupError("it is cut short");
    }
    entries.push({ name, data: buffer.subarray(start, start + size) });
    offset = start + size + padding(size);
  }
  throw new InvalidBackupError(entries.length ? "it is cut short" : "it is not a tar archive");
}

const octal = (value: number, width: number) =>
  `${value.toString(8).padStart(width - 1, "0")}\u0000`;

function parseOctal(field: Uint8Array): number {
  const text = cString(field).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : -1;
}

const cString = (field: Uint8Array) => {
  const end = field.indexOf(0);
  return Buffer.from(field.subarray(0, end === -1 ? field.length : end)).toString("utf8");
};

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;
