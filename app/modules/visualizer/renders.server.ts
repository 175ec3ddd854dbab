import { loadSharp } from "~/modules/media/sharp.server";
import { and, desc, eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle } from "~/db/client.server";
import {
  images,
  imageVariants,
  visualizerRenders,
  type VisualizerDesign,
  type VisualizerRender,
} from "~/db/schema";
import { renderImageVariants, type RenderedImage } from "~/modules/media/pipeline.server";
import { imageUrl, isImageId } from "~/modules/media/uploads.server";
import type { Logger } from "~/modules/platform/logger.server";
import { isUuid } from "~/modules/platform/patterns";
import { hitRateLimit, type RateLimit } from "~/modules/platform/rate-limit.server";
import { loadActiveCatalogue } from "./catalogue.server";
import { designKeys, keysOf, resolveDesign } from "./design";
import { preparePhoto } from "./photo.server";
import { requestRender, stylePrompt, type RenderProvider } from "./render-provider.server";

/**
 * Redrawing a visitor's photo in their visualizer design (docs/REQUIREMENTS.md R15.5): the
 * photo is checked and stored at once, a job asks the image service (retried a few times),
 * and the page follows the render's progress by its id, for the browser that asked only.
 */

export const VISUALIZER_RENDER_QUEUE = "visualizer-render";

/** Redraws one address may ask for: each costs the company money at the image service. */
export const RENDER_RATE_LIMIT: RateLimit = { limit: 5, windowMs: 60 * 60 * 1000 };

/** Attempts at the image service before the visitor is told it failed. */
export const RENDER_RETRY_LIMIT = 2;

export const RENDER_MESSAGES = {
  rateLimited:
    "You have asked for several redraws in a short time. Please try again in an hour, or send your design with a consultation request.",
  failed:
    "We could not redraw your photo just now. Your design is safe: please try again later, or send it with a consultation request.",
  unavailable: "Photo redraws are not available at the moment.",
} as const;

/** The cookie that says which browser asked for a render: only it may follow it. */
export const RENDER_VISITOR_COOKIE = "lm_visualizer";

export type StartRenderOutcome =
  | { ok: true; renderId: string }
  | { ok: false; status: 413 | 415 | 422 | 429 | 503; error: string };

/** Stores a rendered image (no staff member uploaded it), returning its id. */
async function insertImage(db: Database, rendered: RenderedImage, name: string): Promise<string> {
  const [row] = await db
    .insert(images)
    .values({
      width: rendered.width,
      height: rendered.height,
      placeholder: rendered.placeholder,
      originalName: name,
    })
    .returning({ id: images.id });
  await db.insert(imageVariants).values(
    rendered.variants.map((variant) => ({
      imageId: row!.id,
      width: variant.width,
      height: variant.height,
      format: variant.format,
      hash: variant.hash,
      data: variant.data,
    })),
  );
  return row!.id;
}

/** The photo's width sent to the image service, and the only width it is kept at. */
const PHOTO_WIDTHS = [1600];

export async function startRender(
  services: { database: Pick<DatabaseHandle, "transaction" | "db">; boss: PgBoss },
  request: {
    visitorKey: string;
    ip: string | undefined;
    design: VisualizerDesign;
    photo: File | undefined;
  },
): Promise<StartRenderOutcome> {
  const { database } = services;
  const limit = await hitRateLimit(
    database.db,
    `visualizer-render:${request.ip ?? "unknown"}`,
    RENDER_RATE_LIMIT,
  );
  if (!limit.allowed) return { ok: false, status: 429, error: RENDER_MESSAGES.rateLimited };

  const photo = await preparePhoto(request.photo);
  if (!photo.ok) return { ok: false, status: 422, error: photo.error };
  const catalogue = await loadActiveCatalogue(database.db);
  const design = resolveDesign(catalogue, designKeys(request.design));
  if (!design) return { ok: false, status: 503, error: RENDER_MESSAGES.unavailable };
  const rendered = await renderImageVariants(photo.jpeg, { widths: PHOTO_WIDTHS });

  const renderId = await database.transaction(async ({ db }) => {
    const photoImageId = await insertImage(db, rendered, "visualizer photo");
    const [row] = await db
      .insert(visualizerRenders)
      .values({ visitorKey: request.visitorKey, design: keysOf(design), photoImageId })
      .returning({ id: visualizerRenders.id });
    return row!.id;
  });
  await services.boss.send(
    VISUALIZER_RENDER_QUEUE,
    { renderId },
    { retryLimit: RENDER_RETRY_LIMIT, singletonKey: renderId },
  );
  return { ok: true, renderId };
}

export interface RenderStatus {
  id: string;
  status: VisualizerRender["status"];
  progress: number;
  /** The redrawn photo, once done. */
  resultUrl: string | null;
  error: string | null;
}

/** A render's progress, for the browser that asked for it only (undefined otherwise). */
export async function renderStatus(
  db: Database,
  renderId: string,
  visitorKey: string | undefined,
): Promise<RenderStatus | undefined> {
  if (!isUuid(renderId) || !visitorKey) return undefined;
  const [row] = await db
    .select()
    .from(visualizerRenders)
    .where(and(eq(visualizerRenders.id, renderId), eq(visualizerRenders.visitorKey, visitorKey)));
  if (!row) return undefined;
  let resultUrl: string | null = null;
  if (row.status === "done" && row.resultImageId) {
    const [variant] = await db
      .select({ width: imageVariants.width, hash: imageVariants.hash })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, row.resultImageId), eq(imageVariants.format, "webp")))
      .orderBy(desc(imageVariants.width))
      .limit(1);
    if (variant) resultUrl = imageUrl(row.resultImageId, variant.width, variant.hash, "webp");
  }
  return { id: row.id, status: row.status, progress: row.progress, resultUrl, error: row.error };
}

const setRender = (db: Database, id: string, values: Partial<VisualizerRender>) =>
  db
    .update(visualizerRenders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(visualizerRenders.id, id));

/**
 * One attempt of the job: sends the stored photo and the design's prompt to the image
 * service and stores the answer. A failed attempt throws, so the queue tries again; the
 * last one marks the render failed with a message for the visitor.
 */
export async function runRenderJob(
  context: {
    database: Pick<DatabaseHandle, "transaction" | "db">;
    provider: RenderProvider;
    logger: Logger;
  },
  job: { renderId: string; lastAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  const { db } = context.database;
  if (!isUuid(job.renderId)) return;
  const [render] = await db
    .select()
    .from(visualizerRenders)
    .where(eq(visualizerRenders.id, job.renderId));
  if (!render || render.status === "done" || render.status === "failed") return;
  try {
    await setRender(db, render.id, { status: "working", progress: 10 });
    const photo =
      render.photoImageId && isImageId(render.photoImageId)
        ? await db
            .select({ data: imageVariants.data })
            .from(imageVariants)
            .where(
              and(eq(imageVariants.imageId, render.photoImageId), eq(imageVariants.format, "webp")),
            )
            .orderBy(desc(imageVariants.width))
            .limit(1)
        : [];
    if (!photo[0]) {
      await setRender(db, render.id, { status: "failed", error: RENDER_MESSAGES.failed });
      return;
    }
    const design = resolveDesign(await loadActiveCatalogue(db), render.design);
    if (!design) throw new Error("The catalogue is empty");
    await setRender(db, render.id, { progress: 30 });
    const result = await requestRender(context.provider, {
      photo: photo[0].data,
      photoType: "image/webp",
      prompt: stylePrompt(design),
      signal: job.signal,
    });
    await setRender(db, render.id, { progress: 80 });
    // The answer is checked like an upload: bytes an image decoder reads, nothing else.
    await (await loadSharp())(result).metadata();
    const rendered = await renderImageVariants(result, { widths: PHOTO_WIDTHS });
    await context.database.transaction(async (tx) => {
      const resultImageId = await insertImage(tx.db, rendered, "visualizer redraw");
      await setRender(tx.db, render.id, {
        status: "done",
        progress: 100,
        resultImageId,
        error: null,
      });
    });
  } catch (error) {
    context.logger.warn(
      {
        renderId: render.id,
        lastAttempt: job.lastAttempt,
        reason: error instanceof Error ? error.message : "unknown",
      },
      "visualizer render attempt failed",
    );
    if (job.lastAttempt) {
      await setRender(db, render.id, { status: "failed", error: RENDER_MESSAGES.failed });
      return;
    }
    await setRender(db, render.id, { status: "queued", progress: 5 });
    throw error;
  }
}
