import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, visualizerRenders } from "~/db/schema";
import { runHousekeeping } from "~/modules/jobs/housekeeping.server";
import { ensureVisualizerCatalogue } from "~/db/seed";
import { createTestDatabase, type TestDatabase } from "~/db/test-database.server";
import { startJobs, type Jobs } from "~/modules/jobs/jobs.server";
import { createLogger } from "~/modules/platform/logger.server";
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES, preparePhoto } from "./photo.server";
import {
  RENDER_MESSAGES,
  RENDER_RATE_LIMIT,
  renderStatus,
  startRender,
  type RenderStatus,
  VISUALIZER_RENDER_QUEUE,
} from "./renders.server";

/**
 * Redrawing a visitor's photo (docs/REQUIREMENTS.md R15.5): the photo's checks, and the job
 * against a stand-in image service on this machine.
 */

const logger = createLogger({ level: "silent" });

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#c9b79a" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "42/1 15/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "71/1 0/1 0/1",
      },
    })
    .toBuffer();
}

const fileOf = (bytes: Buffer, name: string, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

describe("a visitor's photo", () => {
  it("comes out resized, as JPEG, without its EXIF and GPS", async () => {
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const prepared = await preparePhoto(fileOf(original, "bathroom.jpg"));
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const metadata = await sharp(prepared.jpeg).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(prepared.jpeg.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(Math.max(prepared.width, prepared.height)).toBeLessThanOrEqual(1600);
  });

  it("is refused when it is not an image, whatever its name says", async () => {
    const script = Buffer.from("#!/bin/sh\necho not a photo\n");
    expect(await preparePhoto(fileOf(script, "bathroom.jpg"))).toEqual({
      ok: false,
      error: PHOTO_MESSAGES.notAPhoto,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await preparePhoto(fileOf(svg, "bathroom.png", "image/png"))).toEqual({
      ok: false,
      error: PHOTO_MESSAGES.notAPhoto,
    });
  });

  it("is refused above 15 MB, and when missing", async () => {
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff);
    expect(await preparePhoto(fileOf(big, "huge.jpg"))).toEqual({
      ok: false,
      error: PHOTO_MESSAGES.tooLarge,
    });
    expect(await preparePhoto(undefined)).toEqual({ ok: false, error: PHOTO_MESSAGES.missing });
  });
});

/** The stand-in image service: answers with a picture, or fails, as the test says. */
let provider: Server;
let providerUrl: URL;
let mode: "ok" | "fail" = "ok";
const received: { authorization?: string; bytes: number; prompt: boolean }[] = [];
let resultPng: Buffer;

let database: TestDatabase;
let jobs: Jobs;

beforeAll(async () => {
  resultPng = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#2f3d56" },
  })
    .png()
    .toBuffer();
  provider = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push({
        authorization: request.headers.authorization,
        bytes: body.length,
        prompt: body.includes(Buffer.from("Redesign this bathroom photo")),
      });
      if (mode === "fail") {
        response.writeHead(502).end("upstream trouble");
        return;
      }
      response.writeHead(200, { "Content-Type": "image/png" }).end(resultPng);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = new URL(`http://127.0.0.1:${(provider.address() as AddressInfo).port}/render`);

  database = await createTestDatabase();
  await ensureVisualizerCatalogue(database.db);
  jobs = await startJobs(database, logger, {
    publicUrl: new URL("https://www.lumenbath.example"),
    pollingIntervalSeconds: 0.5,
    visualizerProvider: { url: providerUrl, key: "stand-in-key" },
    visualizerRetryDelaySeconds: 1,
  });
});

afterAll(async () => {
  await jobs?.stop();
  await database?.destroy();
  await new Promise((resolve) => provider?.close(resolve));
});

async function settled(renderId: string, visitorKey: string): Promise<RenderStatus> {
  for (let i = 0; i < 120; i++) {
    const status = await renderStatus(database.db, renderId, visitorKey);
    if (status?.status === "done" || status?.status === "failed") return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the render did not settle");
}

let address = 0;
const visitor = () => {
  address += 1;
  return { visitorKey: `visitor-${address}-${Date.now()}`, ip: `198.51.100.${address}` };
};

describe("the redraw job (R15.5)", () => {
  it("sends the photo and the prompt, stores the answer, and shows it to the asking browser only", async () => {
    mode = "ok";
    const who = visitor();
    const started = await startRender(
      { database, boss: jobs.boss },
      {
        ...who,
        design: { paint: "harbor-blue", shower: "curbless" },
        photo: fileOf(await photoWithGps(), "bathroom.jpg"),
      },
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const status = await settled(started.renderId, who.visitorKey);
    expect(status).toMatchObject({ status: "done", progress: 100, error: null });
    expect(status.resultUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/\d+-[0-9a-f]+\.webp$/);
    expect(received.at(-1)).toMatchObject({ authorization: "Bearer stand-in-key", prompt: true });
    expect(await renderStatus(database.db, started.renderId, "someone-else")).toBeUndefined();
    const [row] = await database.db
      .select()
      .from(visualizerRenders)
      .where(eq(visualizerRenders.id, started.renderId));
    expect(row?.design).toMatchObject({ paint: "harbor-blue", shower: "curbless" });
  });

  it("tries again when the service fails, then tells the visitor clearly", async () => {
    mode = "fail";
    const before = received.length;
    const who = visitor();
    const started = await startRender(
      { database, boss: jobs.boss },
      { ...who, design: {}, photo: fileOf(await photoWithGps(), "bathroom.jpg") },
    );
    if (!started.ok) throw new Error(started.error);
    const status = await settled(started.renderId, who.visitorKey);
    expect(status).toMatchObject({
      status: "failed",
      error: RENDER_MESSAGES.failed,
      resultUrl: null,
    });
    expect(received.length - before).toBe(3);
  });

  it("refuses a bad photo before anything is stored, and limits each address", async () => {
    const who = visitor();
    const refused = await startRender(
      { database, boss: jobs.boss },
      { ...who, design: {}, photo: fileOf(Buffer.from("not a photo"), "photo.heic") },
    );
    expect(refused).toEqual({ ok: false, status: 422, error: PHOTO_MESSAGES.notAPhoto });
    for (let i = 1; i < RENDER_RATE_LIMIT.limit; i++) {
      await startRender({ database, boss: jobs.boss }, { ...who, design: {}, photo: undefined });
    }
    expect(
      await startRender({ database, boss: jobs.boss }, { ...who, design: {}, photo: undefined }),
    ).toEqual({ ok: false, status: 429, error: RENDER_MESSAGES.rateLimited });
  });

  it("forgets a photo and its redraw after 30 days", async () => {
    const renders = await database.db.select().from(visualizerRenders);
    const imageIds = renders
      .flatMap((r) => [r.photoImageId, r.resultImageId])
      .filter((id): id is string => Boolean(id));
    expect(imageIds.length).toBeGreaterThan(0);
    await database.db.update(visualizerRenders).set({ createdAt: sql`now() - interval '31 days'` });
    await database.db
      .update(images)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(inArray(images.id, imageIds));
    const results = await runHousekeeping(database.db);
    expect(results.expiredVisualizerRenders).toBe(renders.length);
    expect(await database.db.select().from(images).where(inArray(images.id, imageIds))).toEqual([]);
  });

  it("takes a changed retry delay at the next start, though the queue already exists", async () => {
    expect(await jobs.boss.getQueue(VISUALIZER_RENDER_QUEUE)).toMatchObject({
      retryDelay: 1,
      retryBackoff: false,
    });
    await jobs.stop();
    jobs = await startJobs(database, logger, {
      publicUrl: new URL("https://www.lumenbath.example"),
      visualizerProvider: { url: providerUrl, key: "stand-in-key" },
    });
    expect(await jobs.boss.getQueue(VISUALIZER_RENDER_QUEUE)).toMatchObject({
      retryDelay: 10,
      retryBackoff: true,
    });
  });
});
