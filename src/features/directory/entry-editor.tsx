"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import type { DirectoryDescriptor, SubItemDescriptor } from "@/domain/directory/descriptor";
import { directoryDescriptor } from "@/domain/directory/registry";
import type { DirectoryChange, DirectoryEntry } from "@/domain/directory/schemas";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Spinner } from "@/ui/spinner";
import { ChangeHistory } from "./change-history";
import { codesOfError, isNetworkFailure, statusOfError } from "./codes";
import { createEntry, getChanges, getEntry, updateEntry } from "./directory-calls";
import { DisableDialog } from "./disable-dialog";
import { FieldControl } from "./field-control";
import { bodyOf, draftOf, type Draft, type DraftValue } from "./field-values";
import { useDirectoryLabels } from "./labels";
import { nameReferences, renameDraft } from "./reference-names";
import { placeCodes, type PlacedErrors } from "./save-errors";
import { rowsFromServer, subRowsReducer, toPayload, type SubAction, type SubRow } from "./sub-item-state";
import { SubItemEditor } from "./sub-item-editor";

/**
 * The page of one directory entry, or of a new one: its fields laid out from the
 * descriptor, its sub-items, the disable / enable action and the change history.
 * A save sends the fields and the sub-items in one call; a refusal puts each code next to
 * its field, a lost connection keeps everything typed and says so.
 */

/** The `disabled` flag has its own action with a confirmation, never a checkbox of the form. */
const FORM_EXCLUDED = new Set(["disabled"]);

type Status =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "refused"; placed: PlacedErrors }
  | { kind: "offline" }
  | { kind: "failed"; message: string };

type SubRowsState = Record<string, SubRow[]>;

function subRowsOf(descriptor: DirectoryDescriptor, entry: DirectoryEntry | null): SubRowsState {
  return Object.fromEntries(
    descriptor.subItems.map((sub) => [sub.key, rowsFromServer(sub, Array.isArray(entry?.[sub.key]) ? (entry![sub.key] as Record<string, unknown>[]) : [])]),
  );
}

/** A sub-item field pointing at another collection of the same entry (`concession_term_id` → `concession_terms`). */
function siblingOf(descriptor: DirectoryDescriptor, sub: SubItemDescriptor, fieldKey: string): SubItemDescriptor | undefined {
  const field = sub.fields.find((f) => f.key === fieldKey);
  if (!field || field.kind !== "reference" || field.reference) return undefined;
  return descriptor.subItems.find((other) => other !== sub && other.key === fieldKey.replace(/_id$/, "s"));
}

export function EntryEditor({ type, id, canEdit }: { type: string; id: number | null; canEdit: boolean }) {
  const descriptor = directoryDescriptor(type)!;
  const t = useTranslations("Directory.entry");
  const labels = useDirectoryLabels();
  const router = useRouter();
  const fields = useMemo(() => descriptor.fields.filter((f) => !FORM_EXCLUDED.has(f.key)), [descriptor]);
  const [entry, setEntry] = useState<DirectoryEntry | null>(null);
  const [load, setLoad] = useState<"loading" | "ready" | "missing" | "failed">(id === null ? "ready" : "loading");
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, null));
  const [subRows, setSubRows] = useState<SubRowsState>(() => subRowsOf(descriptor, null));
  const [cellErrors, setCellErrors] = useState<Record<string, Record<string, Record<string, string>>>>({});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [changes, setChanges] = useState<DirectoryChange[] | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  const adopt = useCallback(
    (loaded: DirectoryEntry) => {
      const loadedDraft = draftOf(fields, loaded);
      const loadedRows = subRowsOf(descriptor, loaded);
      setEntry(loaded);
      setDraft(loadedDraft);
      setSubRows(loadedRows);
      // Names of the ids the answer holds; a change typed meanwhile is kept (only labels move).
      const subFields = descriptor.subItems.flatMap((sub) => [...sub.fields, ...(sub.subItems ?? []).flatMap((child) => child.fields)]);
      const rowDrafts = Object.values(loadedRows).flatMap(function drafts(rows: SubRow[]): Draft[] {
        return rows.flatMap((row) => [row.values, ...Object.values(row.children).flatMap(drafts)]);
      });
      void nameReferences([...fields, ...subFields], [loadedDraft, ...rowDrafts]).then((names) => {
        if (names.size === 0) return;
        setDraft((current) => renameDraft(fields, current, names));
        // The original is renamed too, so a renamed row does not count as changed.
        const rename = (sub: SubItemDescriptor, rows: SubRow[]): SubRow[] =>
          rows.map((row) => ({
            ...row,
            values: renameDraft(sub.fields, row.values, names),
            original: row.original ? renameDraft(sub.fields, row.original, names) : null,
            children: Object.fromEntries((sub.subItems ?? []).map((child) => [child.key, rename(child, row.children[child.key] ?? [])])),
          }));
        setSubRows((current) => Object.fromEntries(descriptor.subItems.map((sub) => [sub.key, rename(sub, current[sub.key] ?? [])])));
      });
    },
    [descriptor, fields],
  );

  const loadChanges = useCallback(
    (entryId: number) => {
      getChanges(descriptor, entryId)
        .then(setChanges)
        .catch(() => setChanges(null));
    },
    [descriptor],
  );

  useEffect(() => {
    if (id === null) return;
    let live = true;
    getEntry(descriptor, id)
      .then((loaded) => {
        if (!live) return;
        adopt(loaded);
        setLoad("ready");
        loadChanges(loaded.id);
      })
      .catch((error: unknown) => live && setLoad(statusOfError(error) === 404 ? "missing" : "failed"));
    return () => {
      live = false;
    };
  }, [descriptor, id, adopt, loadChanges]);

  const readOnly = !canEdit || entry?.editable === false;
  const typeName = labels.type(descriptor, "one");

  function dispatchFor(key: string) {
    return (action: SubAction) => setSubRows((all) => ({ ...all, [key]: subRowsReducer(all[key] ?? [], action) }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (readOnly || status.kind === "saving") return;
    const { body, errors } = bodyOf(fields, draft, descriptor.resource);
    const cells: Record<string, Record<string, Record<string, string>>> = {};
    for (const sub of descriptor.subItems) {
      const payload = toPayload(sub, subRows[sub.key] ?? []);
      if (payload.items.length > 0) body[sub.key] = payload.items;
      if (Object.keys(payload.errors).length > 0) cells[sub.key] = payload.errors;
    }
    setLocalErrors(errors);
    setCellErrors(cells);
    if (Object.keys(errors).length > 0 || Object.keys(cells).length > 0) {
      setStatus({ kind: "refused", placed: { fields: {}, subItems: {}, form: [] } });
      focusFirstError();
      return;
    }
    setStatus({ kind: "saving" });
    try {
      if (entry) {
        const saved = await updateEntry(descriptor, entry.id, body);
        adopt(saved);
        loadChanges(saved.id);
        setStatus({ kind: "saved" });
        statusRef.current?.focus();
      } else {
        const created = await createEntry(descriptor, body);
        setStatus({ kind: "saved" });
        router.replace(paths.proDirectoryEntry(descriptor.type, created.id));
      }
    } catch (error) {
      if (isNetworkFailure(error)) setStatus({ kind: "offline" });
      else if (statusOfError(error) === 422) {
        setStatus({ kind: "refused", placed: placeCodes(descriptor, codesOfError(error)) });
        focusFirstError();
      } else setStatus({ kind: "failed", message: codesOfError(error).map(labels.error).join(" ") });
      if (!isNetworkFailure(error) && statusOfError(error) !== 422) statusRef.current?.focus();
    }
  }

  function focusFirstError() {
    // After the render that shows them: the first invalid control, else the summary.
    requestAnimationFrame(() => {
      const invalid = document.querySelector<HTMLElement>("[data-directory-form] [aria-invalid=true]");
      (invalid ?? statusRef.current)?.focus();
    });
  }

  if (load === "loading") return <Spinner label={t("loading")} />;
  if (load === "missing" || load === "failed") {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone={load === "missing" ? "warning" : "error"}>{load === "missing" ? t("missing") : t("loadFailed")}</Alert>
        <NextLink href={paths.proDirectoryType(descriptor.type)} className="text-primary underline">
          {t("backToList", { type: labels.type(descriptor) })}
        </NextLink>
      </div>
    );
  }

  const placed = status.kind === "refused" ? status.placed : { fields: {}, subItems: {}, form: [] };
  const fieldError = (key: string) => {
    const local = localErrors[key];
    const server = placed.fields[key];
    if (local) return labels.error(local);
    return server && server.length > 0 ? server.map(labels.error).join(" ") : undefined;
  };
  const translatedCells = (subKey: string) =>
    Object.fromEntries(Object.entries(cellErrors[subKey] ?? {}).map(([row, byField]) => [row, Object.fromEntries(Object.entries(byField).map(([f, code]) => [f, labels.error(code)]))]));
  const title = entry ? entry.label : t("newTitle", { type: typeName });

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <NextLink href={paths.proDirectoryType(descriptor.type)} className="w-fit text-primary underline">
          {t("backToList", { type: labels.type(descriptor) })}
        </NextLink>
        <div className="flex flex-wrap items-center gap-3">
          <Heading level={1}>{title}</Heading>
          {entry?.demo ? <span className="rounded-sm bg-sand-100 px-2 py-0.5 text-sm font-medium text-ink-soft">{t("demo")}</span> : null}
          {entry && descriptor.disableable ? (
            <span
              data-testid="entry-state"
              className={entry.disabled === true ? "rounded-sm bg-warning-soft px-2 py-0.5 font-semibold text-warning" : "rounded-sm bg-success-soft px-2 py-0.5 font-semibold text-success"}
            >
              {entry.disabled === true ? t("disabled") : t("enabled")}
            </span>
          ) : null}
        </div>
        <p className="text-ink-soft">{entry ? t("typeOf", { type: typeName, id: entry.id }) : t("newLead")}</p>
        {readOnly ? <Alert tone="info">{t("readOnly")}</Alert> : null}
        {entry && descriptor.disableable && !readOnly ? (
          <div>
            <Button type="button" variant={entry.disabled === true ? "primary" : "secondary"} onClick={() => setDialogOpen(true)}>
              {entry.disabled === true ? t("enable") : t("disable")}
            </Button>
          </div>
        ) : null}
      </div>

      <form onSubmit={save} noValidate data-directory-form className="flex flex-col gap-8">
        <div ref={statusRef} tabIndex={-1} aria-live="polite" className="outline-none">
          {status.kind === "saved" ? <Alert tone="success">{t("saved")}</Alert> : null}
          {status.kind === "offline" ? <Alert tone="error" title={t("offlineTitle")}>{t("offline")}</Alert> : null}
          {status.kind === "failed" ? <Alert tone="error">{status.message}</Alert> : null}
          {status.kind === "refused" ? (
            <Alert tone="error" title={t("refusedTitle")}>
              {placed.form.length > 0 ? (
                <ul className="list-disc ps-5">
                  {placed.form.map((code) => (
                    <li key={code}>{labels.error(code)}</li>
                  ))}
                </ul>
              ) : (
                t("refused")
              )}
            </Alert>
          ) : null}
        </div>

        <fieldset className="grid gap-5 md:grid-cols-2">
          <legend className="mb-4 text-2xl font-semibold">{t("fieldsTitle")}</legend>
          {fields.map((field) => (
            <div key={field.key} className={field.kind === "reference_list" ? "md:col-span-2" : undefined}>
              <FieldControl
                field={field}
                idPrefix="entry"
                value={draft[field.key] ?? null}
                typeValue={field.typeField ? draft[field.typeField] : undefined}
                readOnly={readOnly}
                error={fieldError(field.key)}
                onChange={(value: DraftValue) =>
                  setDraft((current) => {
                    const next = { ...current, [field.key]: value };
                    // A new kind of place makes the picked place meaningless.
                    for (const other of fields) if (other.typeField === field.key) next[other.key] = null;
                    return next;
                  })
                }
              />
            </div>
          ))}
        </fieldset>

        {descriptor.subItems.map((sub) => {
          const siblings: Record<string, { value: string; label: string }[]> = {};
          for (const field of sub.fields) {
            const sibling = siblingOf(descriptor, sub, field.key);
            if (!sibling) continue;
            siblings[field.key] = (subRows[sibling.key] ?? [])
              .filter((row) => row.id !== null && !row.destroy)
              .map((row) => ({ value: String(row.id), label: String(row.values.label ?? row.values.name ?? `#${row.id}`) }));
          }
          return (
            <SubItemEditor
              key={sub.key}
              sub={sub}
              rows={subRows[sub.key] ?? []}
              dispatch={dispatchFor(sub.key)}
              readOnly={readOnly}
              cellErrors={translatedCells(sub.key)}
              errors={(placed.subItems[sub.key] ?? []).map(labels.error)}
              siblingOptions={siblings}
            />
          );
        })}

        {readOnly ? null : (
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-paper px-4 py-3">
            <Button type="submit" variant="primary" size="lg" loading={status.kind === "saving"}>
              {entry ? t("save") : t("create")}
            </Button>
            {status.kind === "saving" ? <span aria-live="polite">{t("saving")}</span> : null}
          </div>
        )}
      </form>

      {entry ? (
        changes ? <ChangeHistory descriptor={descriptor} changes={changes} /> : <p className="text-ink-soft">{t("historyUnavailable")}</p>
      ) : null}

      {entry && descriptor.disableable ? (
        <DisableDialog
          descriptor={descriptor}
          entry={entry}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onChanged={(changed) => {
            // Only the flag changed: what is being typed in the form stays as it is.
            setEntry((current) => (current ? { ...current, disabled: changed.disabled, updated_at: changed.updated_at } : changed));
            loadChanges(changed.id);
          }}
        />
      ) : null}
    </div>
  );
}
