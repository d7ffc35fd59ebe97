"use client";

import { useCallback, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { paths } from "@/config/paths";
import type { FamilyAction } from "@/domain/family-roles";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { PlaceCombobox, type ComboboxOption } from "@/ui/combobox";
import { Link } from "@/ui/link";
import { useChecklistText } from "./checklist-text";
import { DocumentsPanel } from "./documents-panel";
import { FormalityCard } from "./formality-card";
import { SituationForm } from "./situation-form";
import { addFormality, archiveProcedure, codesOf, dueOn, readProcedure, updateChecklistDone, searchFormalities, type ChecklistItem, type ProcedureView as View } from "./space-calls";
import { useSpaceErrors } from "./space-errors";
import { personName } from "@/domain/person-name";
import { daysUntil, formatDay } from "./space-format";
import { LoadedView, SpaceSection } from "./space-ui";
import { useLoad } from "./use-load";

/**
 * One family file: the personal checklist (deadlines from the dated rules), the companies
 * and their formalities, the documents, the members (a slot filled by the route with the
 * family-members panel) and archiving. Every control depends on the caller's allowed
 * actions, which the procedure view carries.
 */
/** The members panel, drawn by the route (another feature) once the caller's actions are known. */
export type MembersSlot = (view: { id: number; actions: readonly FamilyAction[] }) => ReactNode;

/**
 * `documentRequests`: the SMS document-requests panel (another feature), composed by the route;
 * drawn only for a caller who may change the documents.
 */
export function ProcedurePage({ id, members, documentRequests }: { id: number; members?: MembersSlot; documentRequests?: ReactNode }) {
  const load = useCallback(() => readProcedure(id), [id]);
  const [loaded, reload] = useLoad(load);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <LoadedView loaded={loaded} retry={() => void reload()}>
        {(view) => <ProcedureBody view={view} reload={reload} members={members} documentRequests={documentRequests} />}
      </LoadedView>
    </div>
  );
}

function ProcedureBody({ view, reload, members, documentRequests }: { view: View; reload: () => Promise<void>; members?: MembersSlot; documentRequests?: ReactNode }) {
  const t = useTranslations("ClientSpace.procedure");
  const tr = useTranslations("ClientSpace.roles");
  const tl = useTranslations("ClientSpace.form.links");
  const locale = useLocale();
  const can = (action: FamilyAction) => view.actions.includes(action);
  const name = personName(view.defunct) || t("unnamed");
  const archived = Boolean(view.archived_at);

  return (
    <>
      <div className="flex flex-col gap-3">
        <Link href={paths.clientSpace()} variant="standalone" className="self-start">
          <span aria-hidden="true" className="rtl:rotate-180 inline-block">
            ←
          </span>
          {t("back")}
        </Link>
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{t("heading", { name })}</h1>
        <p className="text-lg text-ink-soft">
          {[
            "death_date" in view.defunct && view.defunct.death_date ? t("diedOn", { date: formatDay(view.defunct.death_date, locale) }) : null,
            view.defunct_death_city ? t("diedIn", { city: view.defunct_death_city.name }) : null,
            // The file's family link is its owner's; other members see their own in the members panel.
            view.role === "owner" && view.defunct_family_link ? t("yourLink", { link: tl(view.defunct_family_link) }) : null,
            view.role ? t("yourRole", { role: tr(view.role) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {archived ? <Alert tone="info">{t("archivedNotice")}</Alert> : null}
        {!can("procedure:write") && !can("formalities:write") ? <Alert tone="info">{t("readOnlyNotice")}</Alert> : null}
      </div>

      {can("procedure:read") ? (
        <SpaceSection id="procedure-checklist" title={t("checklistTitle")}>
          <Checklist items={view.checklist} canTick={can("procedure:write") && !archived} onTick={(done) => updateChecklistDone(view.id, done).then(reload)} />
          {can("procedure:write") && !archived ? (
            <Disclosure summary={t("situationTitle")} initiallyOpen={!view.situation || Object.values(view.situation).every((answer) => answer === null || answer === undefined)}>
              <SituationForm procedureId={view.id} situation={view.situation} onSaved={reload} />
            </Disclosure>
          ) : null}
        </SpaceSection>
      ) : null}

      {can("formalities:read") ? (
        <SpaceSection id="procedure-formalities" title={t("formalitiesTitle")}>
          <p className="text-ink-soft">{t("formalitiesLead")}</p>
          {can("formalities:write") && !archived ? <AddCompany procedureId={view.id} onAdded={reload} /> : null}
          {view.formalities.length === 0 ? (
            <p className="text-ink-soft">{t("noFormality")}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {view.formalities.map((formality) => (
                <li key={formality.id}>
                  <FormalityCard formality={formality} canWrite={can("formalities:write") && !archived} onChanged={reload} />
                </li>
              ))}
            </ul>
          )}
        </SpaceSection>
      ) : null}

      {can("documents:read") ? (
        <SpaceSection id="procedure-documents" title={t("documentsTitle")}>
          <p className="text-ink-soft">{t("documentsLead")}</p>
          <DocumentsPanel owner="administrative_procedures" ownerId={view.id} canWrite={can("documents:write") && !archived} />
        </SpaceSection>
      ) : null}

      {documentRequests && can("documents:write") && !archived ? <div>{documentRequests}</div> : null}

      {members ? <div className="rounded-lg border border-line bg-surface p-5 shadow-card sm:p-6">{members({ id: view.id, actions: view.actions })}</div> : null}

      {can("procedure:archive") && !archived ? <ArchiveProcedure id={view.id} /> : null}
    </>
  );
}

/** A <details> that starts open or closed and then follows the family's own toggling (a reload does not fold it). */
function Disclosure({ summary, initiallyOpen, children }: { summary: string; initiallyOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded-md border border-line p-4 open:bg-sand-50">
      <summary className="cursor-pointer text-lg font-semibold text-primary">{summary}</summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

function Checklist({ items, canTick, onTick }: { items: ChecklistItem[]; canTick: boolean; onTick: (done: ChecklistItem["id"][]) => Promise<void> }) {
  const t = useTranslations("ClientSpace.procedure");
  const tc = useTranslations("Procedures.checklist");
  const errors = useSpaceErrors();
  const [busy, setBusy] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  // Steps no company's formality tracks are ticked by the family; the others follow their formalities.
  const ticked = items.filter((item) => item.status === "done" && item.formality_ids.length === 0).map((item) => item.id);
  async function toggle(item: ChecklistItem) {
    setBusy(item.id);
    setCodes([]);
    try {
      await onTick(item.status === "done" ? ticked.filter((id) => id !== item.id) : [...ticked, item.id]);
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(null);
    }
  }
  const text = useChecklistText();
  const locale = useLocale();
  if (items.length === 0) return <p className="text-ink-soft">{t("checklistEmpty")}</p>;
  // Open steps first, by date (dateless ones after), finished ones last.
  const rank = (item: ChecklistItem) => (item.status === "done" ? 1 : 0);
  const sorted = [...items].sort((a, b) => rank(a) - rank(b) || (dueOn(a) ?? "9999").localeCompare(dueOn(b) ?? "9999"));
  return (
    <>
    {codes.length > 0 ? (
      <Alert tone="error" title={t("tickFailed")}>
        <p>{errors.many(codes).join(" ")}</p>
      </Alert>
    ) : null}
    <ol className="flex flex-col divide-y divide-line">
      {sorted.map((item) => {
        const due = dueOn(item);
        const done = item.status === "done";
        const late = item.status === "overdue";
        const soon = !done && due !== null && daysUntil(due) <= 7;
        const detail = text.detail(item.id);
        return (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-rule={item.id} data-status={item.status}>
            <span aria-hidden="true" className={done ? "text-success" : late ? "text-danger" : "text-ink-soft"}>
              {done ? "✓" : item.status === "in_progress" ? "◐" : "○"}
            </span>
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className={done ? "text-ink-soft" : "font-semibold text-ink"}>{text.title(item.id)}</p>
              <p className={late ? "font-semibold text-danger" : soon ? "font-semibold text-warning" : "text-ink-soft"}>
                {t(`statuses.${item.status}`)}
                {" · "}
                {item.timing.kind === "date"
                  ? late
                    ? t("overdue", { date: formatDay(item.timing.due, locale) })
                    : t("dueBy", { date: formatDay(item.timing.due, locale) })
                  : item.timing.kind === "asap"
                    ? t("timing.asap")
                    : item.timing.kind === "next_tax_return"
                      ? item.timing.year
                        ? t("timing.nextTaxReturnYear", { year: String(item.timing.year) })
                        : t("timing.nextTaxReturn")
                      : t("timing.unknownDeathDate")}
              </p>
              {detail ? <p className="text-ink-soft">{detail}</p> : null}
              {canTick && item.formality_ids.length === 0 ? (
                <button
                  type="button"
                  className="inline-flex min-h-11 w-fit items-center gap-2 rounded-sm font-semibold text-primary underline decoration-1 underline-offset-[0.2em] hover:decoration-2 disabled:opacity-60"
                  disabled={busy !== null}
                  aria-busy={busy === item.id || undefined}
                  onClick={() => void toggle(item)}
                >
                  <span aria-hidden="true">{done ? "↺" : "✓"}</span>
                  {done ? tc("markUndone") : tc("markDone")}
                  <span className="sr-only"> – {text.title(item.id)}</span>
                </button>
              ) : null}
              <a href={item.source_url} className="w-fit font-medium text-primary underline" target="_blank" rel="noopener noreferrer">
                {t("source")}
                <span className="sr-only">
                  {" "}
                  – {text.title(item.id)} {t("newWindow")}
                </span>
              </a>
            </div>
          </li>
        );
      })}
    </ol>
    </>
  );
}

function AddCompany({ procedureId, onAdded }: { procedureId: number; onAdded: () => Promise<void> }) {
  const t = useTranslations("ClientSpace.procedure");
  const tc = useTranslations("Companies");
  const errors = useSpaceErrors();
  const [codes, setCodes] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const search = useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> =>
      (await searchFormalities(q, signal)).map((f) => ({
        id: String(f.id),
        label: f.company.name,
        hint: tc.has(`kinds.${f.kind}`) ? tc(`kinds.${f.kind}`) : undefined,
      })),
    [tc],
  );

  async function pick(option: ComboboxOption) {
    setCodes([]);
    setAdded(null);
    try {
      await addFormality(procedureId, Number(option.id));
      setAdded(t("companyAdded", { company: option.label }));
      // A fresh, empty field for the next company.
      setKey((k) => k + 1);
      await onAdded();
    } catch (error) {
      setCodes(codesOf(error));
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-md border border-line bg-sand-50 p-4">
      <PlaceCombobox
        key={key}
        id="procedure-add-company"
        label={t("addCompany")}
        hint={t("addCompanyHint")}
        value=""
        search={search}
        onPick={(option) => void pick(option)}
        emptyText={t("noCompany")}
        loadingText={t("searching")}
        failedText={t("searchFailed")}
        error={codes.length > 0 ? errors.many(codes).join(" ") : undefined}
      />
      <p aria-live="polite" className="text-success">
        {added ?? ""}
      </p>
    </div>
  );
}

function ArchiveProcedure({ id }: { id: number }) {
  const t = useTranslations("ClientSpace.procedure");
  const errors = useSpaceErrors();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  async function archive() {
    if (!window.confirm(t("archiveConfirm"))) return;
    setBusy(true);
    try {
      await archiveProcedure(id);
      router.push(paths.clientSpace());
    } catch (error) {
      setCodes(codesOf(error));
      setBusy(false);
    }
  }
  return (
    <SpaceSection id="procedure-archive" title={t("archiveTitle")}>
      <p className="text-ink-soft">{t("archiveLead")}</p>
      {codes.length > 0 ? (
        <Alert tone="error" title={t("archiveFailed")}>
          <p>{errors.many(codes).join(" ")}</p>
        </Alert>
      ) : null}
      <Button variant="neutral" loading={busy} onClick={() => void archive()} className="self-start">
        {t("archive")}
      </Button>
    </SpaceSection>
  );
}
