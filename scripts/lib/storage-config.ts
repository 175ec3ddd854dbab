import {
  ConfigError,
  loadDotEnv,
  loadStorageConfig,
} from "../../app/modules/platform/config.server";

/**
 * Where the data lives (DATA_DIR, DATABASE_URL), read as the server reads it, .env
 * included; a bad value is printed as the server prints it and the command exits 1.
 */
export function storageConfigOrExit(): ReturnType<typeof loadStorageConfig> {
  loadDotEnv();
  try {
    return loadStorageConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(line);
      process.exit(1);
    }
    throw error;
  }
}
