"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { businessMay } from "@/domain/business-deal-access";
import type { Role } from "@/domain/roles";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealStep } from "./pro-deal-api";
import { SectionFrame, WriteError } from "./section-frame";
import { PlainHeader, SortHeader, SortableTable, sortRows, type SortState } from "./sort-header";
import { StepFields, bodyOf, draftOf, type StepDraft } from "./step-form";
import { useResource } from "./use-resource";

type Column = "date" | "type" | "status";
type Editing = { mode: "add" | "edit"; step: DealStep | null; draft: StepDraft } | { mode: "remove"; step: DealStep };

/**
 * The timeline of the deal's steps (GET/POST/PUT/DELETE …/deal_steps): each step with its
 * date and time, place and partner, and status, sorted by date (unscheduled last) or by
 * type or status. Steps are added and edited in a dialog that keeps the draft on a refusal;
 * the type is chosen from SPEC §3's list only.
 */
export function StepsSection({ dealId, role }: { dealId: number; role: Role }) {
  const t = useTranslations("ProDeal.steps");
  const tp = useTranslations("ProDeal");
  const locale = useLocale();
  const { resource, reload, replace } = useResource(String(dealId), () => dealCalls.steps(dealId));
  // Partners' names: the deal's entities (roles 0-2) and those picked here.
  const entities = useResource(`${dealId}-${role}`, () => (businessMay(role, "read") ? dealCalls.entities(dealId) : Promise.resolve([])));
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<SortState<Column>>({ key: "date", direction: "ascending" });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [status, setStatus] = useState("");

  const partnerName = (step: DealStep) => {
    if (step.location_type === null || step.location_id === null) return null;
    const key = `${step.location_type}:${step.location_id}`;
    if (picked[key]) return picked[key];
    const known = entities.resource.state === "ready" ? entities.resource.data.find((e) => e.location_type === step.location_type && e.id === step.location_id) : undefined;
    return known?.name ?? null;
  };
  const when = (step: DealStep) => {
    if (step.scheduled_at === null) return t("unscheduled");
    const at = new Date(step.scheduled_at * 1000);
    const timed = at.getHours() !== 0 || at.getMinutes() !== 0;
    return new Intl.DateTimeFormat(locale, timed ? { dateStyle: "full", timeStyle: "short" } : { dateStyle: "full" }).format(at);
  };
  const stepStatus = (step: DealStep) => (step.done_at !== null ? "done" : step.scheduled_at !== null ? "planned" : "toPlan");
  const placeText = (step: DealStep) => {
    const kind = step.place_kind === "Home" ? t("places.Home") : step.location_type ? t(`places.${step.location_type}`) : null;
    return [kind, partnerName(step), step.address].filter(Boolean).join(" · ") || t("noPlaceYet");
  };

  function open(mode: "add" | "edit", step: DealStep | null) {
    setCodes([]);
    setEditing({ mode, step, draft: draftOf(step, partnerName) });
  }

  async function save() {
    if (!editing || editing.mode === "remove") return;
    if (editing.draft.step_type === "") {
      setCodes(["deal_step__step_type__unknown"]);
      return;
    }
    setBusy(true);
    setCodes([]);
    try {
      const body = bodyOf(editing.draft, editing.mode === "edit");
      const saved = editing.mode === "edit" && editing.step ? await dealCalls.updateStep(dealId, editing.step.id, body) : await dealCalls.addStep(dealId, body);
      const partner = editing.draft.partner;
      if (partner && saved.location_type) setPicked((current) => ({ ...current, [`${saved.location_type}:${partner.id}`]: partner.name }));
      replace((steps) => (steps.some((s) => s.id === saved.id) ? steps.map((s) => (s.id === saved.id ? saved : s)) : [...steps, saved]));
      setStatus(t(editing.mode === "edit" ? "saved" : "added", { type: t(`types.${saved.step_type}`) }));
      setEditing(null);
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(step: DealStep) {
    setBusy(true);
    setCodes([]);
    try {
      await dealCalls.removeStep(dealId, step.id);
      replace((steps) => steps.filter((s) => s.id !== step.id));
      setStatus(t("removed", { type: t(`types.${step.step_type}`) }));
      setEditing(null);
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
  }

  const statusOrder = { toPlan: 0, planned: 1, done: 2 } as const;
  return (
    <SectionFrame
      id="etapes"
      title={t("heading")}
      resource={resource}
      onRetry={reload}
      actions={
        <Button type="button" variant="primary" onClick={() => open("add", null)}>
          {t("add")}
        </Button>
      }
    >
      {(steps) => (
        <>
          <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">
            {status}
          </p>
          {steps.length === 0 ? (
            <p>{t("empty")}</p>
          ) : (
            <SortableTable
              caption={t("caption")}
              testId="steps-table"
              head={
                <>
                  <SortHeader column="type" sort={sort} onSort={setSort}>{t("type")}</SortHeader>
                  <SortHeader column="date" sort={sort} onSort={setSort}>{t("when")}</SortHeader>
                  <PlainHeader>{t("place")}</PlainHeader>
                  <SortHeader column="status" sort={sort} onSort={setSort}>{t("status")}</SortHeader>
                  <PlainHeader>{tp("actions")}</PlainHeader>
                </>
              }
            >
              {sortRows(steps, sort, (step, key) => (key === "date" ? step.scheduled_at : key === "type" ? t(`types.${step.step_type}`) : statusOrder[stepStatus(step)])).map((step) => (
                <tr key={step.id} className="border-b border-stone-200 align-top" data-testid={`step-${step.id}`}>
                  <th scope="row" className="p-2 text-start font-semibold">{t(`types.${step.step_type}`)}</th>
                  <td className="p-2">{when(step)}</td>
                  <td className="p-2">{placeText(step)}</td>
                  <td className="p-2">{t(`statuses.${stepStatus(step)}`)}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-2">
                      <Button type="button" variant="secondary" onClick={() => open("edit", step)} aria-label={t("editOne", { type: t(`types.${step.step_type}`) })}>
                        {t("edit")}
                      </Button>
                      <Button type="button" variant="ghost" onClick={() => { setCodes([]); setEditing({ mode: "remove", step }); }} aria-label={t("removeOne", { type: t(`types.${step.step_type}`) })}>
                        {t("remove")}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </SortableTable>
          )}
          <Dialog
            open={editing !== null}
            onClose={() => setEditing(null)}
            title={editing?.mode === "remove" ? t("removeTitle") : editing?.mode === "edit" ? t("editTitle") : t("addTitle")}
            closeLabel={tp("close")}
            size="lg"
            footer={
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
                  {tp("cancel")}
                </Button>
                {editing?.mode === "remove" ? (
                  <Button type="button" variant="danger" loading={busy} disabled={busy} onClick={() => void remove(editing.step)}>
                    {t("confirmRemove")}
                  </Button>
                ) : (
                  <Button type="button" variant="primary" loading={busy} disabled={busy} onClick={() => void save()}>
                    {t("save")}
                  </Button>
                )}
              </div>
            }
          >
            {editing?.mode === "remove" ? (
              <p>{t("removeText", { type: t(`types.${editing.step.step_type}`), when: when(editing.step) })}</p>
            ) : editing ? (
              <StepFields draft={editing.draft} editing={editing.mode === "edit"} onChange={(draft) => setEditing({ ...editing, draft })} />
            ) : null}
            <WriteError codes={codes} />
          </Dialog>
        </>
      )}
    </SectionFrame>
  );
}
