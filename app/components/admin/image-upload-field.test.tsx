import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "~/modules/platform/zod";
import type { ResponsiveImageData } from "~/modules/media/image";
import {
  imageAltText,
  MAX_IMAGE_UPLOAD_BYTES,
  optionalImageFile,
  requireAltText,
  UPLOAD_MESSAGES,
} from "~/modules/media/upload.schema";
import { FormImageField, ImageUploadField } from "./image-upload-field";

const current: ResponsiveImageData = {
  alt: "A walk-in shower",
  width: 800,
  height: 600,
  placeholder: "#aabbcc",
  variants: [{ width: 800, avif: "/media/x/800-a.avif", webp: "/media/x/800-b.webp" }],
};

/** A cover image as a post editor's schema would take it. */
const schema = z
  .object({
    cover: optionalImageFile,
    coverAlt: imageAltText,
    coverImageId: z.string().optional(),
    removeCover: z.string().optional(),
  })
  .superRefine((values, context) =>
    requireAltText(values, context, {
      fileName: "cover",
      altName: "coverAlt",
      currentName: "coverImageId",
      removeName: "removeCover",
    }),
  );

function submit(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const submission = parseWithZod(form, { schema });
  return {
    status: submission.status,
    value: submission.status === "success" ? submission.value : undefined,
    error: submission.status === "success" ? undefined : submission.error,
  };
}

const photo = (bytes = 10) => new File([new Uint8Array(bytes)], "shower.jpg");
const noFile = () => new File([], "", { type: "application/octet-stream" });

describe("an image field on a staff form (R4.11)", () => {
  it("needs alt text whenever an image is chosen or kept, and not otherwise", () => {
    expect(submit({ cover: noFile(), coverAlt: "" }).status).toBe("success");
    expect(submit({ cover: photo(), coverAlt: "" }).error).toEqual({
      coverAlt: [UPLOAD_MESSAGES.altRequired],
    });
    expect(submit({ cover: noFile(), coverImageId: "id", coverAlt: "  " }).error).toEqual({
      coverAlt: [UPLOAD_MESSAGES.altRequired],
    });
    expect(
      submit({ cover: noFile(), coverImageId: "id", removeCover: "on", coverAlt: "" }).status,
    ).toBe("success");
    const kept = submit({ cover: photo(), coverAlt: " A walk-in shower " });
    expect(kept.status).toBe("success");
    expect(kept.value?.coverAlt).toBe("A walk-in shower");
  });

  it("refuses a file over 10 MB before it is sent (R9.9)", () => {
    expect(submit({ cover: photo(MAX_IMAGE_UPLOAD_BYTES + 1), coverAlt: "x" }).error).toEqual({
      cover: [UPLOAD_MESSAGES.tooLarge],
    });
  });

  it("renders a labelled file input for images, the current image and a required alt text", () => {
    const html = renderToStaticMarkup(
      <ImageUploadField
        name="cover"
        altName="coverAlt"
        label="Cover image"
        currentImage={current}
        currentImageId="11111111-1111-4111-8111-111111111111"
        currentName="coverImageId"
        removeName="removeCover"
        altDefault="A walk-in shower"
        altError={UPLOAD_MESSAGES.altRequired}
        fileError={UPLOAD_MESSAGES.notAnImage}
      />,
    );
    expect(html).toContain('<label for="cover-file"');
    const fileInput = /<input[^>]*id="cover-file"[^>]*>/.exec(html)?.[0] ?? "";
    expect(fileInput).toContain('type="file"');
    expect(fileInput).toContain('name="cover"');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/avif,image/gif"');
    expect(html).toContain('src="/media/x/800-b.webp"');
    expect(html).toContain('alt="A walk-in shower"');
    expect(html).toContain('name="coverImageId" value="11111111-1111-4111-8111-111111111111"');
    expect(html).toContain('name="removeCover"');
    expect(html).toMatch(/<input[^>]*id="cover-alt"[^>]*aria-required="true"/);
    expect(html).toContain('value="A walk-in shower"');
    expect(html).toContain(UPLOAD_MESSAGES.notAnImage.replaceAll("'", "&#x27;"));
    expect(html).toContain(UPLOAD_MESSAGES.altRequired);
  });

  it("leaves the alt text optional while there is no image", () => {
    const html = renderToStaticMarkup(
      <ImageUploadField name="photo" altName="photoAlt" label="Photo" />,
    );
    expect(html).not.toContain("Current image");
    expect(html).not.toContain("aria-required");
  });

  it("takes its inputs' names from the schema's names and its values from the form", () => {
    const html = renderToStaticMarkup(
      <FormImageField
        names={{
          fileName: "cover",
          altName: "coverAlt",
          currentName: "coverImageId",
          removeName: "removeCover",
        }}
        fields={{
          cover: { errors: [UPLOAD_MESSAGES.tooLarge] },
          coverAlt: { initialValue: "A walk-in shower", errors: [UPLOAD_MESSAGES.altRequired] },
        }}
        kept={{ id: "11111111-1111-4111-8111-111111111111", image: current }}
        label="Cover image"
      />,
    );
    expect(html).toMatch(/<input[^>]*id="cover-file"[^>]*name="cover"/);
    expect(html).toContain('name="coverImageId" value="11111111-1111-4111-8111-111111111111"');
    expect(html).toContain('name="removeCover"');
    expect(html).toMatch(/<input[^>]*id="cover-alt"[^>]*name="coverAlt"/);
    expect(html).toContain('value="A walk-in shower"');
    expect(html).toContain(UPLOAD_MESSAGES.tooLarge);
    expect(html).toContain(UPLOAD_MESSAGES.altRequired);
  });

  it("draws no alt text for an image whose names have none", () => {
    const html = renderToStaticMarkup(
      <FormImageField
        names={{ fileName: "social", currentName: "socialId", removeName: "removeSocial" }}
        fields={{}}
        label="Social image"
      />,
    );
    expect(html).toContain('name="social"');
    expect(html).not.toContain("alt text");
  });
});
