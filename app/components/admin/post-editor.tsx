import { useEffect, useId, useRef, useState } from "react";
import { Link, useBlocker } from "react-router";
import { BodyWithPreview } from "~/components/admin/post-body-editor";
import { PostRevisions, type PostRevisionSummary } from "~/components/admin/post-revisions";
import { SharePreviews } from "~/components/admin/post-share-previews";
import { Panel } from "~/components/admin/page";
import { FieldError, StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormSelect, FormTextArea, FormTextField } from "~/components/admin/staff-form-fields";
import { FormImageField, type KeptImage } from "~/components/admin/image-upload-field";
import { Button, buttonClasses } from "~/components/ui/button";
import { RadioGroupField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import type { PostStatus } from "~/db/schema/content";
import {
  COVER_IMAGE_NAMES,
  POST_STATUS_OPTIONS,
  postSchema,
  SEO_DESCRIPTION_MAX,
  SEO_DESCRIPTION_RECOMMENDED,
  SEO_TITLE_MAX,
  SEO_TITLE_RECOMMENDED,
  SOCIAL_IMAGE_NAMES,
} from "~/modules/content/post.schema";
import { slugify } from "~/modules/content/slug";

/**
 * The one post editor, for a new post and an existing one (docs/REQUIREMENTS.md R10.1-R10.7):
 * title, slug suggested from the title until edited, excerpt, Markdown with a live preview
 * rendered by the server's own renderer, author, categories, status and schedule, SEO with
 * a search-result and link-card preview, and the revisions. Without JavaScript the form
 * still saves (the server fills in the slug); only the live preview needs it.
 */

export interface PostEditorValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  authorId: string;
  categoryIds: string[];
  status: PostStatus;
  /** datetime-local, in the company's time zone. */
  publishAt: string;
  seoTitle: string;
  seoDescription: string;
  coverAlt: string;
}

export interface PostEditorProps {
  /** Undefined for a new post. */
  postId?: number;
  defaults: PostEditorValues;
  authors: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  /** The site's origin, for the search-result preview's address. */
  siteOrigin: string;
  /** "View" on the site (R10.8); undefined for a new post. */
  viewHref?: string;
  revisions: PostRevisionSummary[];
  actionData: unknown;
  /**
   * The cover and social images kept now: the post's, or one uploaded by a save that was
   * refused for another field (a browser never fills a file input back in).
   */
  coverImage?: KeptImage;
  socialImage?: KeptImage;
}

/** The post's two images: their inputs' names, as the schema checks them, and their labels. */
const POST_IMAGES = {
  cover: {
    names: COVER_IMAGE_NAMES,
    label: "Cover image",
    altLabel: "Cover description (alt text)",
  },
  social: {
    names: SOCIAL_IMAGE_NAMES,
    label: "Social image",
    hint: "Shown when the post is shared; without one, the cover is used. A JPEG, PNG, WebP, AVIF or GIF image of up to 10 MB, about 1200 by 630 pixels.",
  },
};

type PostFields = ReturnType<typeof useStaffForm<typeof postSchema>>[1];

const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

export function PostEditor(props: PostEditorProps) {
  const { postId, defaults, authors, categories, actionData } = props;
  const formId = "post";
  const [form, fields] = useStaffForm(postSchema, {
    id: formId,
    actionData,
    defaultValue: { ...defaults },
  });
  // What is typed now, as the form follows it, for the slug suggestion and the previews.
  const title = text(fields.title.value);
  const excerpt = text(fields.excerpt.value);
  const seoTitle = text(fields.seoTitle.value);
  const seoDescription = text(fields.seoDescription.value);
  const [slug, setSlug] = useState(text(fields.slug.initialValue, defaults.slug));
  // A new post's slug follows its title until someone types one; an existing post's stays.
  const [slugEdited, setSlugEdited] = useState(postId !== undefined || slug !== "");
  const [status, setStatus] = useState(text(fields.status.initialValue, defaults.status));
  const shownSlug = slugEdited ? slug : slugify(title);
  const dirty = useUnsavedChanges(formId);

  const checkedCategories = new Set(
    ([] as unknown[]).concat(fields.categoryIds.initialValue ?? defaults.categoryIds).map(String),
  );
  const { coverImage, socialImage } = props;

  return (
    <div className="flex flex-col gap-6">
      <StaffForm
        form={form}
        intent="save"
        encType="multipart/form-data"
        aria-label={postId ? "Edit the post" : "New post"}
      >
        <div onInput={dirty.mark} onChange={dirty.mark} className="flex flex-col gap-6">
          <FieldsPanel title="Post">
            <FormTextField field={fields.title} label="Title" maxLength={200} />
            <div>
              <label
                htmlFor={fields.slug.id}
                className="mb-1.5 block text-sm font-semibold text-ink"
              >
                Slug
              </label>
              <div className="flex items-center gap-1 text-sm text-muted">
                <span aria-hidden="true">/blog/</span>
                <input
                  key={fields.slug.key}
                  id={fields.slug.id}
                  name={fields.slug.name}
                  value={shownSlug}
                  maxLength={80}
                  onChange={(event) => {
                    setSlugEdited(true);
                    setSlug(event.currentTarget.value);
                  }}
                  aria-invalid={fields.slug.errors ? true : undefined}
                  aria-describedby={`${fields.slug.id}-hint${fields.slug.errors ? ` ${fields.slug.id}-error` : ""}`}
                  className={`block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm ${fields.slug.errors ? "border-danger" : "border-stone-300"}`}
                />
              </div>
              <p id={`${fields.slug.id}-hint`} className="mt-1.5 text-sm text-muted">
                The post&apos;s address. Left empty, it is made from the title.
                {postId !== undefined &&
                  " Changing it on a published post sends the old address to the new one."}
              </p>
              <FieldError id={fields.slug.id} message={fields.slug.errors?.[0]} />
            </div>
            <FormTextArea
              field={fields.excerpt}
              label="Excerpt"
              hint="A sentence or two for the blog's list and, without an SEO description, for search results."
              rows={2}
              maxLength={500}
            />
            <FormImageField fields={fields} kept={coverImage} {...POST_IMAGES.cover} />
          </FieldsPanel>

          <BodyWithPreview field={fields.body} />

          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <AuthorAndCategories
              fields={fields}
              authors={authors}
              categories={categories}
              checked={checkedCategories}
            />

            <FieldsPanel title="Publishing">
              <RadioGroupField
                id={fields.status.id}
                label="Status"
                name={fields.status.name}
                value={status}
                options={POST_STATUS_OPTIONS}
                onChange={setStatus}
                error={fields.status.errors?.[0]}
              />
              <FormTextField
                field={fields.publishAt}
                type="datetime-local"
                label="Publish at (New York time)"
                hint={
                  status === "scheduled"
                    ? "The post goes out by itself at this time."
                    : "Only for Scheduled."
                }
              />
              {props.viewHref && (
                <a
                  href={props.viewHref}
                  target="_blank"
                  rel="noopener"
                  className={`${buttonClasses("ghost")} self-start`}
                >
                  <Icon name="external-link" className="size-4" />
                  View {status === "published" ? "on the site" : "preview"}
                </a>
              )}
            </FieldsPanel>
          </div>

          <Panel title="Search and sharing">
            <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
              <div className="flex flex-col gap-4">
                <FormTextField
                  field={fields.seoTitle}
                  label="SEO title"
                  hint={`${seoTitle.length} of ${SEO_TITLE_RECOMMENDED} characters that show in full (at most ${SEO_TITLE_MAX}). Empty: the title.`}
                  maxLength={SEO_TITLE_MAX}
                />
                <FormTextArea
                  field={fields.seoDescription}
                  label="SEO description"
                  hint={`${seoDescription.length} of ${SEO_DESCRIPTION_RECOMMENDED} characters that show in full (at most ${SEO_DESCRIPTION_MAX}). Empty: the excerpt.`}
                  rows={3}
                  maxLength={SEO_DESCRIPTION_MAX}
                />
                <FormImageField fields={fields} kept={socialImage} {...POST_IMAGES.social} />
              </div>
              <SharePreviews
                title={seoTitle || title || "Post title"}
                url={`${props.siteOrigin}/blog/${shownSlug || "…"}`}
                description={seoDescription || excerpt}
                image={socialImage?.image ?? coverImage?.image}
              />
            </div>
          </Panel>

          <div className="flex flex-wrap items-center justify-end gap-3">
            {dirty.value && <span className="text-sm text-muted">Unsaved changes</span>}
            <Link to="/admin/posts" className={buttonClasses("ghost")}>
              Back to posts
            </Link>
            <SubmitButton formId={formId} pendingLabel="Saving…">
              {postId ? "Save" : "Create post"}
            </SubmitButton>
          </div>
        </div>
      </StaffForm>
      <LeaveWarning when={dirty.value} />
      {postId !== undefined && <PostRevisions postId={postId} revisions={props.revisions} />}
    </div>
  );
}

/** Who wrote the post, and its categories, checked as last sent (or as the post has them). */
function AuthorAndCategories({
  fields,
  authors,
  categories,
  checked,
}: {
  fields: PostFields;
  authors: PostEditorProps["authors"];
  categories: PostEditorProps["categories"];
  checked: Set<string>;
}) {
  const categoryError = fields.categoryIds.errors?.[0];
  return (
    <FieldsPanel title="Author and categories">
      <FormSelect
        field={fields.authorId}
        label="Author"
        placeholder="Choose an author"
        options={authors.map((author) => ({
          value: String(author.id),
          label: author.name,
        }))}
      />
      <fieldset
        aria-invalid={categoryError ? true : undefined}
        aria-describedby={categoryError ? `${fields.categoryIds.id}-error` : undefined}
      >
        <legend className="mb-1.5 block text-sm font-semibold text-ink">Categories</legend>
        {categories.length === 0 && (
          <p className="text-sm text-muted">No categories yet: add one first.</p>
        )}
        <div key={fields.categoryIds.key} className="flex flex-col gap-2">
          {categories.map((category) => (
            <label key={category.id} className="flex items-center gap-2.5 text-sm">
              <input
                type="checkbox"
                name={fields.categoryIds.name}
                value={category.id}
                defaultChecked={checked.has(String(category.id))}
                className="size-5 accent-brass"
              />
              {category.name}
            </label>
          ))}
        </div>
        <FieldError id={fields.categoryIds.id} message={categoryError} />
      </fieldset>
    </FieldsPanel>
  );
}

/** A panel of the editor whose fields stand one under the other. */
function FieldsPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Panel title={title}>
      <div className="flex flex-col gap-4">{children}</div>
    </Panel>
  );
}

/** Whether the form was changed since the page opened (reset by a save, which remounts it). */
function useUnsavedChanges(formId: string) {
  const [value, setValue] = useState(false);
  useEffect(() => {
    if (!value) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Sending the form itself is not leaving it.
      if ((document.activeElement as HTMLButtonElement | null)?.form?.id === formId) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [value, formId]);
  return { value, mark: () => setValue(true) };
}

/** Asks before an in-app link leaves the editor with unsaved changes. */
function LeaveWarning({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      // Saving posts to this same address, and a revision opens on it: neither leaves.
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (blocker.state === "blocked") dialog.current?.showModal();
    else dialog.current?.close();
  }, [blocker.state]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={() => blocker.reset?.()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-stone-200 p-6 shadow-xl backdrop:bg-ink/40"
    >
      <p id={titleId} className="font-semibold">
        Leave without saving? Your changes to this post will be lost.
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button variant="primary" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </div>
    </dialog>
  );
}
