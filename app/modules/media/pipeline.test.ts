import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_IMAGE_WIDTHS, renderImageVariants, type RenderedImage } from "./pipeline.server";

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** A photo-like source: two colours, so resizing has something to work on. */
const twoTone = (width: number, height: number) =>
  solid(width, height, "#e8e1d5")
    .composite([
      {
        input: {
          create: { width: Math.round(width / 2), height, channels: 3, background: "#4f6b5d" },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

const widthsOf = (image: RenderedImage, format: "avif" | "webp") =>
  image.variants.filter((variant) => variant.format === format).map((variant) => variant.width);

/** Whether a raw EXIF block holds a GPS IFD pointer (tag 0x8825) in its byte order. */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.indexOf("II*\0") >= 0 ? exif.indexOf("II*\0") : exif.indexOf("MM\0*");
  const tag = exif.subarray(tiff, tiff + 2).toString() === "II" ? [0x25, 0x88] : [0x88, 0x25];
  return exif.indexOf(Buffer.from(tag), tiff) >= 0;
}

describe("renderImageVariants", () => {
  it("renders AVIF and WebP at every default width, smallest first, keeping the aspect ratio", async () => {
    const image = await renderImageVariants(await twoTone(2400, 1200));

    expect(DEFAULT_IMAGE_WIDTHS).toEqual([480, 800, 1200, 1600]);
    expect(widthsOf(image, "avif")).toEqual([480, 800, 1200, 1600]);
    expect(widthsOf(image, "webp")).toEqual([480, 800, 1200, 1600]);
    expect(image.variants.map((variant) => variant.width)).toEqual(
      [...image.variants.map((variant) => variant.width)].sort((a, b) => a - b),
    );
    expect({ width: image.width, height: image.height }).toEqual({ width: 1600, height: 800 });

    for (const variant of image.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe(variant.format === "avif" ? "heif" : "webp");
      if (variant.format === "avif") expect(metadata.compression).toBe("av1");
      expect({ width: metadata.width, height: metadata.height }).toEqual({
        width: variant.width,
        height: variant.height,
      });
      expect(variant.height).toBe(variant.width / 2);
    }
  });

  it("never enlarges a small source and adds its own width instead", async () => {
    const image = await renderImageVariants(await twoTone(1000, 750));

    expect(widthsOf(image, "avif")).toEqual([480, 800, 1000]);
    expect(widthsOf(image, "webp")).toEqual([480, 800, 1000]);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1000, height: 750 });

    const tiny = await renderImageVariants(await twoTone(300, 200));
    expect(tiny.variants.map((variant) => [variant.format, variant.width, variant.height])).toEqual(
      [
        ["avif", 300, 200],
        ["webp", 300, 200],
      ],
    );
  });

  it("takes its own widths, in any order, without duplicates", async () => {
    const image = await renderImageVariants(await twoTone(900, 600), { widths: [600, 200, 600] });
    expect(widthsOf(image, "avif")).toEqual([200, 600]);
    await expect(renderImageVariants(await twoTone(90, 60), { widths: [] })).rejects.toThrow();
  });

  it("turns the image upright by its EXIF orientation and strips all metadata", async () => {
    // 1200 x 800 as stored, to be shown turned 90° (orientation 6): upright it is 800 x 1200.
    const photo = await twoTone(1200, 800).then((png) =>
      sharp(png)
        .jpeg()
        .withIccProfile("p3")
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Copyright: "Lumen test", ImageDescription: "Client bathroom, before" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "42/1 15/1 1234/100",
            GPSLongitudeRef: "W",
            GPSLongitude: "71/1 0/1 2345/100",
          },
        })
        .toBuffer(),
    );
    const source = await sharp(photo).metadata();
    expect(source.orientation).toBe(6);
    expect(source.exif?.includes("Lumen test")).toBe(true);
    expect(hasGpsIfd(source.exif ?? Buffer.alloc(0))).toBe(true);
    expect(source.icc).toBeDefined();

    const image = await renderImageVariants(photo);
    expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 1200 });
    expect(widthsOf(image, "webp")).toEqual([480, 800]);
    for (const variant of image.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.comments).toBeUndefined();
      expect(variant.data.includes("Lumen test")).toBe(false);
      expect(metadata.height).toBeGreaterThan(metadata.width);
    }
  });

  it("rasterises SVG sharply at the largest width, with its colour as the placeholder", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">' +
        '<rect width="300" height="200" fill="#4f6b5d"/></svg>',
    );
    const image = await renderImageVariants(svg);

    expect({ width: image.width, height: image.height }).toEqual({ width: 1600, height: 1067 });
    expect(widthsOf(image, "avif")).toEqual([480, 800, 1200, 1600]);
    expect(image.placeholder).toBe("#4f6b5d");
  });

  it("keeps real transparency and drops an alpha channel that is opaque everywhere", async () => {
    const clear = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const opaque = await sharp({
      create: { width: 200, height: 100, channels: 4, background: "#b88a46" },
    })
      .png()
      .toBuffer();

    for (const variant of (await renderImageVariants(clear)).variants) {
      expect((await sharp(variant.data).metadata()).hasAlpha).toBe(true);
    }
    for (const variant of (await renderImageVariants(opaque)).variants) {
      expect((await sharp(variant.data).metadata()).hasAlpha).toBe(false);
    }
  });

  it("names every output by a hash of its bytes", async () => {
    const a = await renderImageVariants(await solid(640, 480, "#8a6530").png().toBuffer());
    const b = await renderImageVariants(await solid(640, 480, "#4f6b5d").png().toBuffer());
    const again = await renderImageVariants(await solid(640, 480, "#8a6530").png().toBuffer());

    const hashes = [...a.variants, ...b.variants].map((variant) => variant.hash);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(again.variants.map((variant) => variant.hash)).toEqual(
      a.variants.map((variant) => variant.hash),
    );
    expect(a.placeholder).toBe("#8a6530");
  });
});
