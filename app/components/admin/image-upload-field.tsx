import { useState } from "react";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ResponsiveImageData } from "~/modules/media/image";
import { IMAGE_UPLOAD_ACCEPT } from "~/modules/media/upload.schema";

/**
 * An image on a staff form (a post's cover or social image, an author's photo): the file
 * input, the current image shown small, and its alternative text, required whenever there
 * is an image (docs/REQUIREMENTS.md R4.11). Works without JavaScript; the form around it
 * must be sent as `encType="multipart/form-data"`.
 *
 * How a screen uses it:
 * - The schema (client-safe) takes the file with `optionalImageFile`, the alt text with
 *   `imageAltText`, the kept image's id as an optional string under `currentName`, and
 *   checks them together with `requireAltText` in `superRefine`
 *   (app/modules/media/upload.schema.ts).
 * - The action reads the form (`readStaffForm`, which calls `request.formData()`: the file
 *   arrives as a `File`), then, when a file was chosen, calls
 *   `storeUploadedImage(runtime.database, actor, file)`
 *   (app/modules/media/uploads.server.ts). A refusal goes beside the field:
 *   `formAnswer(formId, submission, { fieldErrors: { [name]: outcome.error } })`. On
 *   success the action keeps `outcome.imageId` on the record (or, to save both at once,
 *   `prepareUploadedImage` before and `insertPreparedImage` inside its transaction).
 * - If another field is refused after the image was stored, answer with the new id as the
 *   current image, so the member does not have to choose the file again (a browser never
 *   fills a file input back in).
 * - The loader turns the kept id into `currentImage` with `loadResponsiveImages`.
 * - The form draws it with `FormImageField`, from the same names object the schema checks
 *   (`COVER_IMAGE_NAMES`, `PHOTO_IMAGE_NAMES`) and the form's Conform fields.
 */
/** An image a record has (or will have once saved): its id, and how to show it. */
export interface KeptImage {
  id: string;
  image?: ResponsiveImageData;
}

export function ImageUploadField({
  name,
  altName,
  label,
  currentImage,
  currentImageId,
  currentName,
  removeName,
  altLabel = "Image description (alt text)",
  altDefault,
  altError,
  fileError,
  hint = "A JPEG, PNG, WebP, AVIF or GIF image of up to 10 MB. Location and camera details are removed.",
  id = name,
}: {
  /** The file input's name. */
  name: string;
  /** The alt text input's name; leave out for an image that is never shown with alt text
   * of its own (a social image takes the page's title). */
  altName?: string;
  label: string;
  /** The image kept now, shown small beside the input. */
  currentImage?: ResponsiveImageData;
  /** The kept image's id, sent back in a hidden input named `currentName`. */
  currentImageId?: string;
  currentName?: string;
  /** A checkbox named this lets the member remove the kept image. */
  removeName?: string;
  altLabel?: string;
  altDefault?: string;
  altError?: string;
  fileError?: string;
  hint?: string;
  /** The base of the inputs' ids (defaults to `name`). */
  id?: string;
}) {
  const [chosen, setChosen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const hasImage = chosen || (Boolean(currentImageId ?? currentImage) && !removing);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {currentImage && (
        <figure className="w-32 shrink-0">
          <ResponsiveImage
            image={currentImage}
            sizes="8rem"
            imgClassName="rounded-lg border border-stone-200"
          />
          <figcaption className="mt-1 text-xs text-muted">Current image</figcaption>
        </figure>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <TextField
          id={`${id}-file`}
          name={name}
          type="file"
          accept={IMAGE_UPLOAD_ACCEPT}
          label={currentImage ? `${label} (choose a file to replace it)` : label}
          hint={hint}
          error={fileError}
          onChange={(event) => setChosen(Boolean(event.currentTarget.files?.length))}
        />
        {currentName && currentImageId && (
          <input type="hidden" name={currentName} value={currentImageId} />
        )}
        {removeName && currentImageId && (
          <CheckboxField
            id={`${id}-remove`}
            name={removeName}
            label="Remove this image"
            onChange={(event) => setRemoving(event.currentTarget.checked)}
          />
        )}
        {altName && (
          <TextField
            id={`${id}-alt`}
            name={altName}
            label={altLabel}
            hint="What the image shows, for people who cannot see it."
            defaultValue={altDefault}
            error={altError}
            required={hasImage}
            maxLength={300}
          />
        )}
      </div>
    </div>
  );
}

/**
 * The names of one image's inputs, as its schema declares them once for `requireAltText`
 * and the field: the file, the alt text (none for an image shown without alt text of its
 * own), the kept image's id and the "remove" checkbox.
 */
export interface ImageFieldNames {
  fileName: string;
  altName?: string;
  currentName: string;
  removeName: string;
}

/** What `FormImageField` reads of a form's Conform fields: kept values and errors. */
type ConformFields = Record<string, { initialValue?: unknown; errors?: string[] } | undefined>;

/**
 * An image field on a Conform form: its inputs named by `names`, the alt text starting from
 * the form's kept value, the errors of the file and the alt text from the form's fields,
 * and `kept`, the image the record has now.
 */
export function FormImageField({
  fields,
  names,
  kept,
  ...shown
}: {
  fields: ConformFields;
  names: ImageFieldNames;
  kept?: KeptImage;
  label: string;
  altLabel?: string;
  hint?: string;
}) {
  const alt = names.altName === undefined ? undefined : fields[names.altName];
  return (
    <ImageUploadField
      name={names.fileName}
      altName={names.altName}
      currentName={names.currentName}
      removeName={names.removeName}
      currentImage={kept?.image}
      currentImageId={kept?.id}
      altDefault={typeof alt?.initialValue === "string" ? alt.initialValue : undefined}
      altError={alt?.errors?.[0]}
      fileError={fields[names.fileName]?.errors?.[0]}
      {...shown}
    />
  );
}
