import { Form, Link } from "react-router";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { formatDateTime } from "~/components/admin/format";
import { Panel } from "~/components/admin/page";
import { buttonClasses } from "~/components/ui/button";

/** One saved revision of a post, as the editor lists it. */
export interface PostRevisionSummary {
  id: number;
  savedAt: Date | string;
  savedByName: string;
}

/** The last 20 saves: when and by whom, each to view or restore. */
export function PostRevisions({
  postId,
  revisions,
}: {
  postId: number;
  revisions: PostRevisionSummary[];
}) {
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
