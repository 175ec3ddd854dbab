import { data, Link } from "react-router";
import type { Route } from "./+types/post-edit";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page";
import type { KeptImage } from "~/components/admin/image-upload-field";
import { PostEditor, type PostEditorValues } from "~/components/admin/post-editor";
import { RestoreForm } from "~/components/admin/post-revisions";
import { buttonClasses } from "~/components/ui/button";
import {
  COVER_IMAGE_NAMES,
  instantToZonedTime,
  POST_MESSAGES,
  POST_STATUS_LABELS,
  postEditorSchema,
  postViewHref,
  SOCIAL_IMAGE_NAMES,
} from "~/modules/content/post.schema";
import { getRevision, loadPostForEditing } from "~/modules/content/post-revisions.server";
import { postValuesFrom, restoreRevision, savePost } from "~/modules/content/post-save.server";
import { postOptions } from "~/modules/content/posts-list.server";
import type { Database } from "~/db/client.server";
import { loadResponsiveImages, settleImageField } from "~/modules/media/uploads.server";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor, requireStaff } from "~/modules/staff/guard.server";

/** /admin/posts/new and /admin/posts/:postId/edit: one editor (docs/REQUIREMENTS.md R10.1). */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.post ? "Edit post" : "New post"} | Staff area` },
];

/** The post id in the address, or undefined for a new post; 404 when it cannot be one. */
function postIdOf(params: { postId?: string }): number | undefined {
  if (params.postId === undefined) return undefined;
  const id = integerIdOf(params.postId);
  if (!id) throw data({ message: POST_MESSAGES.notFound }, { status: 404 });
  return id;
}

const notFound = () => data({ message: POST_MESSAGES.notFound }, { status: 404 });

/** The editor's cover and social image, ids with what to show for them. */
async function keptImages(
  db: Database,
  ids: { cover?: string | null; coverAlt: string; social?: string | null },
): Promise<{ cover?: KeptImage; social?: KeptImage }> {
  const wanted = [
    ...(ids.cover ? [{ id: ids.cover, alt: ids.coverAlt }] : []),
    ...(ids.social ? [{ id: ids.social, alt: "" }] : []),
  ];
  const found = await loadResponsiveImages(db, wanted);
  return {
    cover: ids.cover ? { id: ids.cover, image: found.get(ids.cover) } : undefined,
    social: ids.social ? { id: ids.social, image: found.get(ids.social) } : undefined,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, config } = context.get(runtimeContext);
  const postId = postIdOf(params);
  const options = await postOptions(db);
  const base = { ...options, siteOrigin: config.publicUrl.origin };
  if (postId === undefined) return { ...base, post: null, revisions: [], viewed: null };

  const found = await loadPostForEditing(db, postId);
  if (!found) throw notFound();
  const { post, categoryIds, revisions } = found;
  const revisionParam = new URL(request.url).searchParams.get("revision");
  const revisionId = revisionParam && /^\d{1,15}$/.test(revisionParam) ? Number(revisionParam) : 0;
  const viewed = revisionId ? ((await getRevision(db, postId, revisionId)) ?? null) : null;
  const images = await keptImages(db, {
    cover: post.coverImageId,
    coverAlt: post.coverAlt,
    social: post.socialImageId,
  });
  return {
    ...base,
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      updatedAt: post.updatedAt.toISOString(),
      viewHref: postViewHref(post.slug, post.status),
      coverImage: images.cover,
      socialImage: images.social,
      defaults: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        body: post.body,
        authorId: String(post.authorId),
        categoryIds: categoryIds.map(String),
        status: post.status,
        publishAt: post.publishAt ? instantToZonedTime(post.publishAt) : "",
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription,
        coverAlt: post.coverAlt,
      } satisfies PostEditorValues,
    },
    revisions,
    viewed,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = requireActor(context);
  const postId = postIdOf(params);
  const { formId, submission } = await readStaffForm(request, postEditorSchema);
  const command = submission.status === "success" ? submission.value : undefined;
  if (!command && submission.payload.intent !== "save") return formAnswer(formId, submission);

  if (command?.intent === "restore") {
    if (postId === undefined || command.postId !== postId) throw notFound();
    const outcome = await restoreRevision(runtime.database, actor, postId, command.revisionId);
    // The restore buttons have no fields to show a message beside: the page says it.
    return redirectWithFlash(
      context,
      `/admin/posts/${postId}/edit`,
      outcome.ok
        ? {
            message: "Revision restored. What was there before is kept in the revisions.",
            tone: "success",
          }
        : { message: Object.values(outcome.errors)[0] ?? POST_MESSAGES.notFound, tone: "error" },
    );
  }

  // Images first (rendering takes a moment), even when another field was refused (the
  // browser checks nothing without JavaScript): a refusal then keeps what was uploaded.
  const input: Record<string, unknown> = command ?? submission.payload;
  const refused = (submission.status === "error" && submission.error) || {};
  const imageInput = (names: { fileName: string; currentName: string; removeName: string }) => {
    const file = input[names.fileName];
    const currentId = input[names.currentName];
    return {
      file: file instanceof File && !refused[names.fileName] ? file : undefined,
      currentId: typeof currentId === "string" ? currentId : undefined,
      remove: input[names.removeName],
    };
  };
  const cover = await settleImageField(runtime.database, actor, imageInput(COVER_IMAGE_NAMES));
  const social = await settleImageField(runtime.database, actor, imageInput(SOCIAL_IMAGE_NAMES));
  const refuse = async (refusal: ReturnType<typeof refusalOf>) => {
    // An image stored by this save comes back as the current one.
    const answer = formAnswer(formId, submission, refusal);
    const uploaded = await keptImages(runtime.db, {
      cover: cover.ok && cover.uploaded ? cover.imageId : undefined,
      coverAlt: typeof input.coverAlt === "string" ? input.coverAlt : "",
      social: social.ok && social.uploaded ? social.imageId : undefined,
    });
    return data({ ...answer.data, uploaded }, answer.init ?? undefined);
  };
  const uploadErrors = {
    ...(!cover.ok && { coverFile: cover.error }),
    ...(!social.ok && { socialFile: social.error }),
  };
  if (!command || !cover.ok || !social.ok) {
    return refuse({ formError: undefined, fieldErrors: uploadErrors });
  }

  const outcome = await savePost(
    runtime.database,
    actor,
    postId,
    postValuesFrom(command, { coverImageId: cover.imageId, socialImageId: social.imageId }),
  );
  if (!outcome.ok) return refuse(refusalOf(outcome.errors));
  const message = outcome.created
    ? "Post created."
    : outcome.redirected
      ? `Post saved. Its old address now redirects to /blog/${outcome.slug}.`
      : "Post saved.";
  return redirectWithFlash(context, `/admin/posts/${outcome.postId}/edit`, {
    message,
    tone: "success",
  });
}

/** The images a refused save stored, from its answer. */
function uploadedOf(actionData: unknown): { cover?: KeptImage; social?: KeptImage } {
  if (!actionData || typeof actionData !== "object" || !("uploaded" in actionData)) return {};
  return (actionData.uploaded ?? {}) as { cover?: KeptImage; social?: KeptImage };
}

const EMPTY: PostEditorValues = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  authorId: "",
  categoryIds: [],
  status: "draft",
  publishAt: "",
  seoTitle: "",
  seoDescription: "",
  coverAlt: "",
};

export default function PostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, authors, categories, revisions, viewed, siteOrigin } = loaderData;
  // An image stored by a save that was refused for another field stands as the current one.
  const uploaded = uploadedOf(actionData);
  return (
    <>
      <PageHeader
        title={post ? post.title : "New post"}
        description={
          post
            ? `${POST_STATUS_LABELS[post.status]} · /blog/${post.slug}`
            : "Write it, preview it, then save it as a draft, schedule it or publish it."
        }
        actions={
          <Link to="/admin/posts" className={buttonClasses("ghost")}>
            All posts
          </Link>
        }
      />
      {post && viewed && (
        <Panel
          title={`Revision of ${formatDateTime(viewed.savedAt)} by ${viewed.savedByName}`}
          className="mb-6"
          actions={
            <Link to={`/admin/posts/${post.id}/edit`} className={buttonClasses("ghost")}>
              Close
            </Link>
          }
        >
          <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold">Title</dt>
            <dd>{viewed.snapshot.title}</dd>
            <dt className="font-semibold">Slug</dt>
            <dd>/blog/{viewed.snapshot.slug}</dd>
            <dt className="font-semibold">Excerpt</dt>
            <dd>{viewed.snapshot.excerpt || "-"}</dd>
            <dt className="font-semibold">SEO title</dt>
            <dd>{viewed.snapshot.seoTitle || "-"}</dd>
            <dt className="font-semibold">SEO description</dt>
            <dd>{viewed.snapshot.seoDescription || "-"}</dd>
          </dl>
          <pre className="mt-4 max-h-96 overflow-auto whitespace-pre-wrap rounded-lg bg-stone-50 p-3 text-xs">
            {viewed.snapshot.body}
          </pre>
          <div className="mt-4 flex justify-end">
            <RestoreForm postId={post.id} revisionId={viewed.id} />
          </div>
        </Panel>
      )}
      <PostEditor
        // A save comes back as a fresh page: the editor starts again, with nothing unsaved.
        key={post ? `${post.id}-${post.updatedAt}` : "new"}
        postId={post?.id}
        defaults={post?.defaults ?? EMPTY}
        authors={authors}
        categories={categories}
        siteOrigin={siteOrigin}
        viewHref={post?.viewHref}
        revisions={revisions}
        actionData={actionData}
        coverImage={uploaded.cover ?? post?.coverImage}
        socialImage={uploaded.social ?? post?.socialImage}
      />
    </>
  );
}
