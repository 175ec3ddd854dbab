import { VISUALIZER_CATEGORY_ORDER, type ResolvedDesign } from "./design";

/**
 * The one adapter to the image service that redraws a visitor's photo in their design
 * (docs/REQUIREMENTS.md R15.5): a multipart POST of the photo and a style prompt, with the
 * key as a bearer token; the answer's body is the new image. Configured by
 * VISUALIZER_PROVIDER_URL and VISUALIZER_PROVIDER_KEY.
 */

export interface RenderProvider {
  url: URL;
  key: string;
}

/** The provider answered with something other than an image, or not at all. */
export class RenderProviderError extends Error {
  constructor(readonly reason: string) {
    super(`The image service failed: ${reason}`);
    this.name = "RenderProviderError";
  }
}

/** A redraw takes a while; one that takes longer than this has failed. */
const PROVIDER_TIMEOUT_MS = 90_000;
/** No result image is larger than this. */
const MAX_RESULT_BYTES = 20 * 1024 * 1024;

/** What the service is asked to draw: the chosen options by name, never anything personal. */
export function stylePrompt(design: ResolvedDesign): string {
  const parts = VISUALIZER_CATEGORY_ORDER.map((category) => {
    const option = design[category];
    return `${category.replace("_", " ")}: ${option.name} (${option.style}, ${option.swatch})`;
  });
  return `Redesign this bathroom photo, keeping its layout and viewpoint. ${parts.join("; ")}.`;
}

export async function requestRender(
  provider: RenderProvider,
  request: { photo: Buffer; photoType: string; prompt: string; signal?: AbortSignal },
): Promise<Buffer> {
  const body = new FormData();
  body.set("prompt", request.prompt);
  body.set(
    "image",
    new Blob([new Uint8Array(request.photo)], { type: request.photoType }),
    "photo",
  );
  const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  let answer: Response;
  try {
    answer = await fetch(provider.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${provider.key}`, Accept: "image/*" },
      body,
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      redirect: "error",
    });
  } catch (error) {
    throw new RenderProviderError(error instanceof Error ? error.name : "unreachable");
  }
  if (!answer.ok) {
    await answer.body?.cancel();
    throw new RenderProviderError(`status ${answer.status}`);
  }
  if (!(answer.headers.get("content-type") ?? "").startsWith("image/")) {
    await answer.body?.cancel();
    throw new RenderProviderError("not an image");
  }
  const declared = Number(answer.headers.get("content-length") ?? 0);
  if (declared > MAX_RESULT_BYTES) {
    await answer.body?.cancel();
    throw new RenderProviderError("image too large");
  }
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (bytes.length === 0 || bytes.length > MAX_RESULT_BYTES) {
    throw new RenderProviderError("empty or too large");
  }
  return bytes;
}
