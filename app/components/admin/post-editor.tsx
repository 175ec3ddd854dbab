import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Form, Link, useBlocker, useFetcher } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { formatDateTime } from "~/components/admin/format";
import { Panel } from "~/components/admin/page";
import {
  FieldError,
  FormSelect,
  FormTextArea,
  FormTextField,
  StaffForm,
  SubmitButton,
  useStaffForm,
} from "~/components/admin/staff-form";
import { FormImageField, type KeptImage } from "~/components/admin/image-upload-field";
import { Button, buttonClasses } from "~/components/ui/button";
import { RadioGroupField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { PostStatus } from "~/db/schema/content";
import {
  COVER_IMAGE_NAMES,
  POST_STATUS_LABELS,
  postSchema,
  SEO_DESCRIPTION_MAX,
  SEO_DESCRIPTION_RECOMMENDED,
  SEO_TITLE_MAX,
  SEO_TITLE_RECOMMENDED,
  SOCIAL_IMAGE_NAMES,
} from "~/modules/content/post.schema";
import { slugify } from "~/modules/content/slug";
import type { ResponsiveImageData } from "~/modules/media/image";

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
  revisions: { id: number; savedAt: Date | string; savedByName: string }[];
  actionData: unknown;
  /**
   * The cover and social images kept now: the post's, or one uploaded by a save that was
   * refused for another field (a browser never fills a file input back in).
   */
  coverImage?: KeptImage;
  socialImage?: KeptImage;
}

const STATUS_OPTIONS = (["draft", "scheduled", "published"] as const).map((value) => ({
  value,
  label: POST_STATUS_LABELS[value],
}));

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
  const categoryError = fields.categoryIds.errors?.[0];
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
          <Panel title="Post">
            <div className="flex flex-col gap-4">
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
              <FormImageField
                fields={fields}
                names={COVER_IMAGE_NAMES}
                kept={coverImage}
                label="Cover image"
                altLabel="Cover description (alt text)"
              />
            </div>
          </Panel>

          <BodyWithPreview field={fields.body} />

          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <Panel title="Author and categories">
              <div className="flex flex-col gap-4">
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
                  <legend className="mb-1.5 block text-sm font-semibold text-ink">
                    Categories
                  </legend>
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
                          defaultChecked={checkedCategories.has(String(category.id))}
                          className="size-5 accent-brass"
                        />
                        {category.name}
                      </label>
                    ))}
                  </div>
                  <FieldError id={fields.categoryIds.id} message={categoryError} />
                </fieldset>
              </div>
            </Panel>

            <Panel title="Publishing">
              <div className="flex flex-col gap-4">
                <RadioGroupField
                  id={fields.status.id}
                  label="Status"
                  name={fields.status.name}
                  value={status}
                  options={STATUS_OPTIONS}
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
              </div>
            </Panel>
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
                <FormImageField
                  fields={fields}
                  names={SOCIAL_IMAGE_NAMES}
                  kept={socialImage}
                  label="Social image"
                  hint="Shown when the post is shared; without one, the cover is used. A JPEG, PNG, WebP, AVIF or GIF image of up to 10 MB, about 1200 by 630 pixels."
                />
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
      {postId !== undefined && <Revisions postId={postId} revisions={props.revisions} />}
    </div>
  );
}

const noSubscription = () => () => {};

/** The Markdown body beside its preview, rendered by the server 300 ms after typing stops. */
function BodyWithPreview({ field }: { field: Parameters<typeof FormTextArea>[0]["field"] }) {
  const preview = useFetcher<{ html?: string }>();
  // False in the server's HTML (and so without JavaScript), true once React runs.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previewId = useId();
  const send = (markdown: string) =>
    preview.submit(
      { markdown },
      // A preview changes nothing: the page's data (and its toast) stay as they are.
      { method: "post", action: "/admin/posts/preview", defaultShouldRevalidate: false },
    );
  useEffect(() => {
    const initial = text(field.initialValue);
    if (initial) send(initial);
    return () => clearTimeout(timer.current);
    // Once, for what the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Panel title="Body">
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <FormTextArea
          field={field}
          label="Markdown"
          hint="Headings start with ##, lists with -, links are [text](address)."
          rows={22}
          className="font-mono"
          onChange={(event) => {
            const markdown = event.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => send(markdown), 300);
          }}
        />
        <section
          aria-labelledby={previewId}
          aria-live="polite"
          aria-busy={preview.state !== "idle"}
        >
          <h3 id={previewId} className="mb-1.5 text-sm font-semibold text-ink">
            Preview
          </h3>
          {hydrated ? (
            <div
              data-testid="post-preview"
              className="min-h-40 space-y-3 break-words [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm"
              // Rendered and sanitised by the server, exactly as on the public page.
              dangerouslySetInnerHTML={{ __html: preview.data?.html ?? "" }}
            />
          ) : (
            <p className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm text-muted">
              The live preview needs JavaScript. Saving works without it: save, then use View to see
              the post.
            </p>
          )}
        </section>
      </div>
    </Panel>
  );
}

/** How the post looks as a search result and as a shared link. */
function SharePreviews({
  title,
  url,
  description,
  image,
}: {
  title: string;
  url: string;
  description: string;
  /** The social image, else the cover, as saved. */
  image?: ResponsiveImageData;
}) {
  const cut = (value: string, max: number) =>
    value.length > max ? `${value.slice(0, max - 1)}…` : value;
  return (
    <div className="flex flex-col gap-4" aria-label="Previews">
      <figure>
        <figcaption className="mb-1.5 text-sm font-semibold text-ink">In search results</figcaption>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <p className="break-all text-xs text-muted">{url}</p>
          <p className="text-lg text-[#1a0dab]">{cut(title, SEO_TITLE_RECOMMENDED)}</p>
          <p className="text-sm text-ink-soft">
            {cut(description, SEO_DESCRIPTION_RECOMMENDED) || "No description yet."}
          </p>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-1.5 text-sm font-semibold text-ink">As a shared link</figcaption>
        <div className="overflow-hidden rounded-lg border border-stone-200 bg-white">
          {image ? (
            <ResponsiveImage
              image={{ ...image, alt: "" }}
              sizes="(min-width: 1024px) 30rem, 100vw"
              className="block aspect-[1.91/1] overflow-hidden bg-stone-100"
              imgClassName="!h-full object-cover"
            />
          ) : (
            <div className="flex aspect-[1.91/1] items-center justify-center bg-stone-100 text-xs text-muted">
              Social image
            </div>
          )}
          <div className="p-3">
            <p className="text-xs uppercase text-muted">{new URL(url).host}</p>
            <p className="break-words font-semibold">{title}</p>
            <p className="line-clamp-2 text-sm text-ink-soft">{description}</p>
          </div>
        </div>
      </figure>
    </div>
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

/** The last 20 saves: when and by whom, each to view or restore. */
function Revisions({ postId, revisions }: Pick<PostEditorProps, "revisions"> & { postId: number }) {
  return (
    <Panel title={`Revisions (${revisions.length})`}>
      {revisions.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200">
          {revisions.map((revision, index) => (
            <li
              key={revision.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="text-sm">
                {formatDateTime(revision.savedAt)} by {revision.savedByName}
                {index === 0 && <span className="text-muted"> (current)</span>}
              </span>
              <span className="flex gap-2">
                <Link
                  to={`/admin/posts/${postId}/edit?revision=${revision.id}`}
                  className={buttonClasses("ghost")}
                >
                  View
                </Link>
                {index > 0 && <RestoreForm postId={postId} revisionId={revision.id} />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function RestoreForm({ postId, revisionId }: { postId: number; revisionId: number }) {
  const formId = `restore-${revisionId}`;
  return (
    <Form method="post" id={formId} action={`/admin/posts/${postId}/edit`}>
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="revisionId" value={revisionId} />
      <ConfirmButton
        name="intent"
        value="restore"
        question="Restore this revision? What is saved now stays in the revisions."
        confirmLabel="Restore"
      >
        Restore
      </ConfirmButton>
    </Form>
  );
}
