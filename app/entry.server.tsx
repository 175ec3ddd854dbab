import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import {
  nonceContext,
  requestIdContext,
  runtimeContext,
  scriptHashesContext,
} from "~/modules/platform/context";
import {
  builtIconShapes,
  builtStylesheet,
  inlineScriptHashes,
  optimizeDocument,
} from "~/modules/platform/document.server";
import { ICON_SPRITE_URL } from "~/components/ui/icon-sprite.generated";
import stylesheetUrl from "./app.css?url";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  if (import.meta.env.PROD) {
    return renderWhole(request, responseStatusCode, responseHeaders, routerContext, loadContext);
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by handleError below.
          if (shellRendered) logError(error, request, loadContext);
        },
      },
    );
  });
}

/**
 * Production: the whole document is rendered (no streamed Suspense boundaries are used),
 * then given its final touches for a fast first paint (see optimizeDocument). It carries
 * no nonce: its CSP lists the hashes of its inline scripts instead, so the same bytes can
 * be served to every visitor (docs/decisions/015-page-cache.md).
 */
function renderWhole(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellReady = false;
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => {
      clearTimeout(timeoutId);
      const html = optimizeDocument(Buffer.concat(chunks).toString("utf8"), {
        css: builtStylesheet(stylesheetUrl),
        iconShapes: builtIconShapes(ICON_SPRITE_URL),
        entryImports: routerContext.manifest.entry.imports,
        preloads: pageModules(routerContext),
      });
      loadContext.set(scriptHashesContext, inlineScriptHashes(html));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(html, { headers: responseHeaders, status }));
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // The document is sent whole, so a finished Suspense boundary (HydrateLater) is
        // written in place. Past this many bytes React would move it to a hidden element
        // at the end and reveal it by script, up to 300 ms after the first paint.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell are logged by handleError below.
          if (shellReady) logError(error, request, loadContext);
        },
      },
    );
  });
}

/** Every server-side error is logged once, with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logError(error, request, context);
};

function logError(error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
  const reqId = context.get(requestIdContext);
  const path = new URL(request.url).pathname;
  let logger;
  try {
    logger = context.get(runtimeContext).logger;
  } catch {
    // The services themselves failed to start.
    console.error(JSON.stringify({ level: "error", reqId, path, msg: String(error) }));
    return;
  }
  // A request the router itself turns down (e.g. a POST where a page has no action): the
  // client's mistake, answered with its 4xx status.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ reqId, path, status: error.status }, "request refused");
    return;
  }
  // React Router refuses a form post whose Origin is another site's before any of our code
  // runs: a client's mistake or an attack, answered 400, not a fault of ours.
  if (error instanceof Error && /origin does not match `origin` header/.test(error.message)) {
    logger.info({ reqId, path }, "cross-site request refused");
    return;
  }
  logger.error({ reqId, path, err: error }, "request failed");
}

/** The entry module and the imports of the page's route modules, for the boot to fetch at once. */
function pageModules({ manifest, staticHandlerContext }: EntryContext): string[] {
  return [
    manifest.entry.module,
    ...staticHandlerContext.matches.flatMap(
      (match) => manifest.routes[match.route.id]?.imports ?? [],
    ),
  ];
}
