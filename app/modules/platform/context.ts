import { createContext } from "react-router";
import type { Runtime } from "./runtime.server";

/** Values the server puts in React Router's context for loaders, actions and middleware. */

/** Id of the current request, shared with the request log line and error logs. */
export const requestIdContext = createContext<string | null>(null);

/** Per-request Content-Security-Policy nonce, read by entry.server when rendering. */
export const nonceContext = createContext<string>("");

/**
 * The hashes ("sha256-…") of a rendered page's inline scripts, set by entry.server once the
 * document is final: the page's Content-Security-Policy allows exactly these.
 */
export const scriptHashesContext = createContext<readonly string[] | null>(null);

/** The running services (config, database, jobs, logger). */
export const runtimeContext = createContext<Runtime>();

/** The connection's remote address as the HTTP server saw it (unset under the dev server). */
export const socketAddressContext = createContext<string | undefined>(undefined);
