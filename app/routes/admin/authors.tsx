import type { Route } from "./+types/authors";
import { EntryScreen, type EntryFields } from "~/components/admin/content-entries";
import { FormImageField, type KeptImage } from "~/components/admin/image-upload-field";
import { FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import { authorSchemas, PHOTO_IMAGE_NAMES } from "~/modules/content/author.schema";
import { authorCommands } from "~/modules/content/authors.server";
import { entryAction, entryPage } from "~/modules/content/entry-action.server";
import { loadResponsiveImages, settleImageField } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { requireStaff } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Authors | Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const page = await entryPage(request, context, authorCommands.list);
  const editing = page.rows.find((row) => row.id === page.editId);
  const photo = editing?.photoImageId
    ? await keptPhoto(context.get(runtimeContext).db, editing.photoImageId, editing.photoAlt)
    : undefined;
  return { ...page, photo };
}

/** A photo's id with what to show for it. */
async function keptPhoto(
  db: Parameters<typeof loadResponsiveImages>[0],
  id: string,
  alt: string,
): Promise<KeptImage> {
  const found = await loadResponsiveImages(db, [{ id, alt }]);
  return { id, image: found.get(id) };
}

/** Add, edit or delete an author (editors and admins). */
export function action({ request, context }: Route.ActionArgs) {
  return entryAction(request, context, authorSchemas, {
    ...authorCommands,
    // The photo is stored first; a refusal after it shows it as the current photo.
    settle: async (database, actor, values, refused = {}) => {
      const { photoFile, currentPhotoId, removePhoto, ...rest } = values;
      const photo = await settleImageField(database, actor, {
        file: photoFile instanceof File && !refused.photoFile ? photoFile : undefined,
        currentId: typeof currentPhotoId === "string" ? currentPhotoId : undefined,
        remove: removePhoto,
      });
      if (!photo.ok) return { values, errors: { photoFile: photo.error } };
      const answer =
        photo.uploaded && photo.imageId
          ? {
              uploadedPhoto: await keptPhoto(
                database.db,
                photo.imageId,
                String(rest.photoAlt ?? ""),
              ),
            }
          : undefined;
      // The alt text field is always on the form: empty means none.
      const photoAlt = typeof rest.photoAlt === "string" ? rest.photoAlt : "";
      return { values: { ...rest, photoAlt, photoImageId: photo.imageId }, answer };
    },
  });
}

export default function Authors({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EntryScreen
      schemas={authorSchemas}
      loaderData={loaderData}
      actionData={actionData}
      encType="multipart/form-data"
      fields={(fields, editing) => (
        <AuthorFields
          fields={fields}
          photo={uploadedPhotoOf(actionData) ?? (editing && loaderData.photo)}
        />
      )}
      detail={(author) => author.title && <span>{author.title}</span>}
    />
  );
}

/** A photo stored by a save refused for another field, from its answer. */
function uploadedPhotoOf(actionData: unknown): KeptImage | undefined {
  if (!actionData || typeof actionData !== "object" || !("uploadedPhoto" in actionData)) {
    return undefined;
  }
  return actionData.uploadedPhoto as KeptImage;
}

/** The author's own fields: title, bio, and the photo with its alt text. */
function AuthorFields({ fields, photo }: { fields: EntryFields; photo?: KeptImage }) {
  return (
    <>
      <FormTextField
        field={fields.title!}
        label="Title"
        hint="Their job, e.g. Lead designer."
        autoComplete="off"
      />
      <FormTextArea
        field={fields.bio!}
        label="Bio"
        hint="A few sentences for their page."
        rows={4}
      />
      <div className="sm:col-span-2">
        <FormImageField
          fields={fields}
          names={PHOTO_IMAGE_NAMES}
          kept={photo}
          label="Photo"
          altLabel="Photo description (alt text)"
        />
      </div>
    </>
  );
}
