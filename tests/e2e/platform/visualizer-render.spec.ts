import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { DEFAULT_VISUALIZER_CATALOGUE } from "../../../app/modules/visualizer/default-catalogue";
import {
  RENDER_MESSAGES,
  RENDER_RETRY_LIMIT,
} from "../../../app/modules/visualizer/renders.server";
import { startServer, type RunningServer } from "../support/server";

/**
 * The visualizer's photo redraw in a browser (docs/REQUIREMENTS.md R15.5), against a local
 * stand-in for the image service: the visitor picks a design, uploads a phone photo with
 * GPS in its EXIF, follows the progress and sees the redraw; the service receives the key,
 * the design's prompt and the photo without any metadata. A photo the service keeps
 * refusing is tried again twice, then the visitor reads that it failed.
 */

const PROVIDER_KEY = "stand-in-provider-key-0123456789";
/** The stand-in refuses portrait photos: the second upload is one. */
const FAILING_PHOTO = { width: 480, height: 640 };
const WORKING_PHOTO = { width: 640, height: 480 };

interface ProviderRequest {
  authorised: boolean;
  prompt: string;
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
  hasExif: boolean;
}

let provider: { url: string; received: ProviderRequest[]; close(): Promise<void> } | undefined;
let server: RunningServer | undefined;

/** The image service's stand-in: checks each request, answers an image or a failure. */
async function startProvider(): Promise<NonNullable<typeof provider>> {
  const received: ProviderRequest[] = [];
  const redrawn = await sharp({
    create: { width: 800, height: 600, channels: 3, background: "#c9b79c" },
  })
    .jpeg()
    .toBuffer();
  const standIn: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const form = await new Response(Buffer.concat(chunks), {
          headers: { "Content-Type": request.headers["content-type"] ?? "" },
        }).formData();
        const image = form.get("image");
        const metadata =
          image instanceof Blob
            ? await sharp(Buffer.from(await image.arrayBuffer())).metadata()
            : undefined;
        const seen: ProviderRequest = {
          authorised:
            request.method === "POST" &&
            request.url === "/v1/redraw" &&
            request.headers.authorization === `Bearer ${PROVIDER_KEY}`,
          prompt: String(form.get("prompt") ?? ""),
          format: metadata?.format,
          width: metadata?.width,
          height: metadata?.height,
          hasExif: Boolean(metadata?.exif),
        };
        received.push(seen);
        if (!seen.authorised || !metadata) {
          response.writeHead(401).end();
        } else if (metadata.width === FAILING_PHOTO.width) {
          response.writeHead(500).end();
        } else {
          response.writeHead(200, { "Content-Type": "image/jpeg" }).end(redrawn);
        }
      })().catch(() => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const address = standIn.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1/redraw`,
    received,
    close: () => new Promise((resolve) => standIn.close(() => resolve())),
  };
}

/** A phone's photo: a JPEG whose EXIF names the camera and where it was taken. */
function phonePhoto(size: { width: number; height: number }): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: "#7d8b94" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCam", Model: "PhoneCam 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "40/1 44/1 5400/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "73/1 59/1 0/1",
      },
    })
    .toBuffer();
}

test.beforeAll(async () => {
  test.setTimeout(120_000); // server starts on a busy machine
  provider = await startProvider();
  server = await startServer({
    env: {
      VISUALIZER_PROVIDER_URL: provider.url,
      VISUALIZER_PROVIDER_KEY: PROVIDER_KEY,
      VISUALIZER_RETRY_DELAY_SECONDS: "1",
    },
  });
});

test.afterAll(async () => {
  // stop() resolves once the process has ended and its data folder is removed.
  if (server) expect(await server.stop()).toBe(0);
  await provider?.close();
});

test("a visitor's photo is redrawn in their design, and a refused one ends in a clear failure", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const received = provider!.received;
  const wallTile = DEFAULT_VISUALIZER_CATALOGUE.filter(
    (option) => option.category === "wall_tile",
  )[1]!;

  await page.goto(`${server!.baseUrl}/visualizer`);
  // The choices and the upload are the page's script's from here on.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("group", { name: "Wall tile" }).getByText(wallTile.name).click();
  await expect(page.getByRole("radio", { name: wallTile.name })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`wall_tile=${wallTile.key}`));

  const photo = await phonePhoto(WORKING_PHOTO);
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  const photoInput = page.getByLabel("Photo of your bathroom");
  await photoInput.setInputFiles({ name: "bathroom.jpg", mimeType: "image/jpeg", buffer: photo });
  const posted = page.waitForResponse(
    (answer) =>
      answer.url().endsWith("/api/visualizer/renders") && answer.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Redraw my photo" }).click();
  const answer = await posted;
  expect(answer.status()).toBe(202);
  const { id } = (await answer.json()) as { id: string };

  await expect(page.getByRole("progressbar", { name: "Redraw progress" })).toBeVisible();
  await expect(page.getByText(/Redrawing your photo… \d+%/)).toBeVisible();
  const redraw = page.getByRole("img", { name: "Your bathroom photo, redrawn in this design" });
  await expect(redraw).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("progressbar", { name: "Redraw progress" })).toBeHidden();
  await expect.poll(() => redraw.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  const src = await redraw.getAttribute("src");
  const image = await page.request.get(new URL(src!, server!.baseUrl).toString());
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");

  // Only the browser that asked may follow the render.
  const stranger = await fetch(`${server!.baseUrl}/api/visualizer/renders/${id}`);
  expect(stranger.status).toBe(404);

  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    authorised: true,
    width: WORKING_PHOTO.width,
    height: WORKING_PHOTO.height,
    hasExif: false,
  });
  expect(received[0]!.prompt).toContain(wallTile.name);

  // The service refuses the next photo every time: after the retries the visitor is told.
  await photoInput.setInputFiles({
    name: "bathroom-tall.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(FAILING_PHOTO),
  });
  await page.getByRole("button", { name: "Redraw my photo" }).click();
  await expect(page.getByRole("progressbar", { name: "Redraw progress" })).toBeVisible();
  await expect(page.getByText(RENDER_MESSAGES.failed)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Redraw progress" })).toBeHidden();
  await expect(redraw).toBeHidden();
  const refused = received.slice(1);
  expect(refused).toHaveLength(RENDER_RETRY_LIMIT + 1);
  for (const attempt of refused) {
    expect(attempt).toMatchObject({ authorised: true, width: FAILING_PHOTO.width, hasExif: false });
  }
});
