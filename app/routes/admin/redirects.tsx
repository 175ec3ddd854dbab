import { data, Link } from "react-router";
import type { Route } from "./+types/redirects";
import { Badge } from "~/components/admin/badge";
import { ConfirmButton } from "~/components/admin/confirm-button";
import { cellClass, DataTable, PageNumbers } from "~/components/admin/data-table";
import { FilterBar, FilterSearch } from "~/components/admin/filter-bar";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, ExportCsvLink, PageHeader, Panel } from "~/components/admin/page";
import { StaffForm, SubmitButton, useStaffForm } from "~/components/admin/staff-form";
import { FormCheckbox, FormSelect, FormTextField } from "~/components/admin/staff-form-fields";
import { SwitchButton, type SwitchIntents } from "~/components/admin/switch-button";
import { buttonClasses } from "~/components/ui/button";
import { neighbourPages } from "~/components/ui/pager";
import { runtimeContext } from "~/modules/platform/context";
import { integerIdOf } from "~/modules/platform/ids";
import {
  createRuleSchema,
  importSchema,
  redirectCommandSchema,
  REDIRECT_TYPE_OPTIONS,
  ruleCommandSchema,
  updateRuleSchema,
} from "~/modules/redirects/redirect.schema";
import { importRedirects, type ImportReport } from "~/modules/redirects/redirect-csv.server";
import {
  createRedirect,
  deleteRedirect,
  getRedirect,
  listRedirects,
  setRedirectActive,
  updateRedirect,
  type RedirectOutcome,
} from "~/modules/redirects/redirects.server";
import { redirectWithFlash } from "~/modules/staff/flash.server";
import { formAnswer, readStaffForm, refusalOf } from "~/modules/staff/form-answer.server";
import { requireActor } from "~/modules/staff/guard.server";

export const meta: Route.MetaFunction = () => [{ title: "Redirects | Staff area" }];

/** docs/REQUIREMENTS.md R12.7: `?fromPath=/old-path#new-redirect` fills in a new rule. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const list = await listRedirects(db, { q, page: Number(params.get("page") ?? 1) });
  const editId = integerIdOf(params.get("edit"));
  const editing = editId ? await getRedirect(db, editId) : undefined;
  const prefill = (params.get("fromPath") ?? "").slice(0, 2000);
  const pageHref = (to: number) =>
    `/admin/redirects?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`;
  return {
    ...list,
    ...neighbourPages(list.page, list.pageCount, pageHref),
    q,
    editing: editing ?? null,
    prefill,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = requireActor(context);
  const { formId, submission } = await readStaffForm(request, redirectCommandSchema);
  if (submission.status !== "success") return formAnswer(formId, submission);
  const command = submission.value;
  const back = (message: string) =>
    redirectWithFlash(context, "/admin/redirects", { message, tone: "success" });
  const refused = (outcome: Extract<RedirectOutcome, { ok: false }>) =>
    formAnswer(formId, submission, { ...refusalOf(outcome.errors), status: 409 });

  switch (command.intent) {
    case "create":
    case "update": {
      const outcome =
        command.intent === "create"
          ? await createRedirect(runtime.database, actor, command)
          : await updateRedirect(runtime.database, actor, command.id, command);
      if (!outcome.ok) return refused(outcome);
      const saved = command.intent === "create" ? "Redirect added." : "Redirect saved.";
      return back(outcome.warning ? `${saved} ${outcome.warning}` : saved);
    }
    case "activate":
    case "deactivate": {
      const on = command.intent === "activate";
      const outcome = await setRedirectActive(runtime.database, actor, command.id, on);
      if (!outcome.ok) return refused(outcome);
      return back(on ? "Redirect switched on." : "Redirect switched off.");
    }
    case "delete": {
      const outcome = await deleteRedirect(runtime.database, actor, command.id);
      if (!outcome.ok) return refused(outcome);
      return back("Redirect deleted.");
    }
    case "import-check":
    case "import": {
      const report = await importRedirects(runtime.database, actor, await command.file.text(), {
        dryRun: command.intent === "import-check",
      });
      return data({ importReport: report }, { status: report.fileError ? 422 : 200 });
    }
  }
}

type ActionData = Route.ComponentProps["actionData"];
type Rule = Route.ComponentProps["loaderData"]["rules"][number];

const TYPE_LABEL = Object.fromEntries(REDIRECT_TYPE_OPTIONS.map((o) => [o.value, o.label]));

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, total, page, pageCount, previousHref, nextHref, q, editing, prefill } = loaderData;
  const report = actionData && "importReport" in actionData ? actionData.importReport : undefined;
  return (
    <>
      <PageHeader
        title="Redirects"
        description="Old addresses and where they now lead. The server answers them before any page loads."
        actions={<ExportCsvLink href="/admin/redirects/export" />}
      />
      <div className="flex flex-col gap-6">
        {editing ? (
          <RuleForm key={`edit-${editing.id}`} rule={editing} actionData={actionData} />
        ) : (
          <RuleForm key={`new-${total}`} prefill={prefill} actionData={actionData} />
        )}

        <section aria-label="Redirect rules">
          <FilterBar resetTo="/admin/redirects" state={{ values: { q } }}>
            <FilterSearch label="Search paths" placeholder="/old-page" />
          </FilterBar>
          {rules.length === 0 ? (
            <EmptyState
              icon="inbox"
              title={q ? "No redirect matches this search." : "No redirects yet."}
            >
              {q ? "Try part of the old or the new path." : "Add one above, or import a CSV file."}
            </EmptyState>
          ) : (
            <DataTable
              caption={`Redirects (${total})`}
              columns={["Old path", "Goes to", "Kind", "Hits", "Last hit", "Actions"]}
            >
              {rules.map((rule) => (
                <RuleRow key={rule.id} rule={rule} actionData={actionData} />
              ))}
            </DataTable>
          )}
          <PageNumbers
            page={page}
            pageCount={pageCount}
            previousHref={previousHref}
            nextHref={nextHref}
          />
        </section>

        <ImportPanel actionData={actionData} report={report} />
      </div>
    </>
  );
}

function RuleForm({
  rule,
  prefill,
  actionData,
}: {
  rule?: Rule;
  prefill?: string;
  actionData: ActionData;
}) {
  const anchor = rule ? "edit-redirect" : "new-redirect";
  const formId = `${anchor}-form`;
  const [form, fields] = useStaffForm(rule ? updateRuleSchema : createRuleSchema, {
    id: formId,
    actionData,
    defaultValue: rule
      ? {
          id: String(rule.id),
          fromPath: rule.fromPath,
          toPath: rule.toPath,
          type: String(rule.type),
          isActive: rule.isActive ? "on" : undefined,
        }
      : { fromPath: prefill || undefined, type: "301", isActive: "on" },
  });
  return (
    <div id={anchor} className="scroll-mt-24">
      <Panel
        title={rule ? `Edit the redirect from ${rule.fromPath}` : "Add a redirect"}
        actions={
          rule && (
            <Link to="/admin/redirects" className={buttonClasses("ghost")}>
              Cancel
            </Link>
          )
        }
      >
        <p className="-mt-2 mb-4 text-sm text-muted">
          A path like /old-page matches whatever its case or trailing slash; /old-section/* matches
          everything under it and, with /new-section/* as the target, keeps the rest of the path.
          The query string is always kept.
        </p>
        <StaffForm form={form} intent={rule ? "update" : "create"}>
          {rule && <input type="hidden" name={fields.id.name} value={rule.id} />}
          <div className="grid gap-4 md:grid-cols-2">
            <FormTextField
              field={fields.fromPath}
              label="Old path"
              placeholder="/old-page"
              autoComplete="off"
            />
            <FormTextField
              field={fields.toPath}
              label="Goes to"
              hint="A path on this site or a full https:// address. Leave empty for 410 Gone."
              placeholder="/new-page"
              autoComplete="off"
            />
            <FormSelect
              field={fields.type}
              label="Kind"
              placeholder="Choose the kind"
              options={REDIRECT_TYPE_OPTIONS}
            />
            <FormCheckbox field={fields.isActive} label="Active" className="self-end" />
          </div>
          <div className="mt-5 flex justify-end">
            <SubmitButton formId={formId} pendingLabel="Saving…">
              {rule ? "Save redirect" : "Add redirect"}
            </SubmitButton>
          </div>
        </StaffForm>
      </Panel>
    </div>
  );
}

const RULE_SWITCH: SwitchIntents = {
  on: { intent: "activate", label: "Switch on" },
  off: { intent: "deactivate", label: "Switch off" },
};

function RuleRow({ rule, actionData }: { rule: Rule; actionData: ActionData }) {
  const formId = `rule-${rule.id}`;
  const [form] = useStaffForm(ruleCommandSchema, { id: formId, actionData });
  return (
    <tr>
      <td className={`${cellClass} break-all font-mono text-xs`}>{rule.fromPath}</td>
      <td className={`${cellClass} break-all font-mono text-xs`}>
        {rule.type === 410 ? <span className="text-muted">(removed)</span> : rule.toPath}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={rule.type === 410 ? "danger" : "info"}>{rule.type}</Badge>
          {!rule.isActive && <Badge tone="warning">Off</Badge>}
        </div>
        <span className="sr-only">{TYPE_LABEL[String(rule.type)]}</span>
      </td>
      <td className={`${cellClass} tabular-nums`}>{rule.hitCount.toLocaleString("en-US")}</td>
      <td className={cellClass}>{rule.lastHit ? formatDateTime(rule.lastHit) : "never"}</td>
      <td className={cellClass}>
        <StaffForm form={form} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={rule.id} />
          <Link
            to={`/admin/redirects?edit=${rule.id}#edit-redirect`}
            className={buttonClasses("ghost")}
            aria-label={`Edit the redirect from ${rule.fromPath}`}
          >
            Edit
          </Link>
          <SwitchButton formId={formId} isOn={rule.isActive} intents={RULE_SWITCH} />
          <ConfirmButton
            intent="delete"
            question={`Delete the redirect from ${rule.fromPath}? Visitors to that path will then see a page or "Page not found".`}
            confirmLabel="Delete redirect"
          >
            Delete
          </ConfirmButton>
        </StaffForm>
      </td>
    </tr>
  );
}

function ImportPanel({
  actionData,
  report,
}: {
  actionData: ActionData;
  report: ImportReport | undefined;
}) {
  const [form, fields] = useStaffForm(importSchema, { id: "import", actionData });
  return (
    <Panel title="Import from CSV">
      <p className="-mt-2 mb-4 text-sm text-muted">
        The first line names the columns: fromPath,toPath,type,isActive (type 301, 302, 307, 308 or
        410, empty for 301; isActive true or false, empty for true). A path that already has a
        redirect is replaced. Check the file first to see what would happen; nothing is saved.
      </p>
      <StaffForm form={form} encType="multipart/form-data">
        <FormTextField field={fields.file} label="CSV file" type="file" accept=".csv,text/csv" />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SubmitButton
            formId="import"
            intent="import-check"
            variant="secondary"
            pendingLabel="Checking…"
          >
            Check the file
          </SubmitButton>
          <SubmitButton formId="import" intent="import" pendingLabel="Importing…">
            Import
          </SubmitButton>
        </div>
      </StaffForm>
      {report && <ImportResult report={report} />}
    </Panel>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  if (report.fileError) {
    return (
      <p
        role="alert"
        className="mt-4 rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
      >
        {report.fileError}
      </p>
    );
  }
  const verb = report.dryRun ? "would be" : "were";
  return (
    <div role="status" className="mt-4 flex flex-col gap-3 text-sm">
      <p className="font-semibold">
        {report.dryRun ? "Checked, nothing saved: " : "Imported: "}
        {report.rows} {report.rows === 1 ? "row" : "rows"}; {report.created} {verb} added,{" "}
        {report.updated} {verb} replaced, {report.errors.length} refused.
      </p>
      {report.errors.length > 0 && (
        <DataTable caption="Refused rows" columns={["Line", "Old path", "Why"]}>
          {report.errors.map((error) => (
            <tr key={error.line}>
              <td className={`${cellClass} tabular-nums`}>{error.line}</td>
              <td className={`${cellClass} break-all font-mono text-xs`}>{error.fromPath}</td>
              <td className={cellClass}>{error.message}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
