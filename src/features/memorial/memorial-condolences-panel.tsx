"use client";

import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { MEMORIAL_MODERATION_MODES, type Memorial, type MemorialCondolence, type MemorialModerationMode, type MemorialReport } from "@/domain/schemas/memorial";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { RadioCards } from "@/ui/radio-cards";
import { memorialCalls } from "./memorial-calls";
import { memorialStamp } from "./memorial-format";
import { ConfirmButton, Panel, RefusalLine, StatusBadge, useCall } from "./memorial-ui";
import { ResponsivePhoto } from "./responsive-photo";

/** How visitors' messages and photos arrive: held for the family or shown at once; photos allowed or not. */
export function MemorialModerationSettings({ memorial, onChanged }: { memorial: Memorial; onChanged: (memorial: Memorial) => void }) {
  const t = useTranslations("Memorial.moderation");
  const call = useCall();
  const [mode, setMode] = useState<MemorialModerationMode>(memorial.moderation);
  const [photos, setPhotos] = useState(memorial.visitors_may_add_photos);
  const changed = mode !== memorial.moderation || photos !== memorial.visitors_may_add_photos;
  return (
    <div className="flex flex-col gap-3" data-testid="memorial-moderation-settings">
      <RadioCards
        name="memorial-moderation"
        legend={t("legend")}
        value={mode}
        onValueChange={(value) => setMode(value as MemorialModerationMode)}
        options={MEMORIAL_MODERATION_MODES.map((value) => ({ value, label: t(`modes.${value}.label`), description: t(`modes.${value}.description`) }))}
      />
      <Checkbox label={t("visitorPhotos")} hint={t("visitorPhotosHint")} checked={photos} onChange={(e) => setPhotos(e.target.checked)} />
      <RefusalLine refusal={call.refusal} />
      <Button className="self-start" loading={call.busy} disabled={!changed} onClick={() => void call.run(async () => onChanged(await memorialCalls.update(memorial.deal_id, { moderation: mode, visitors_may_add_photos: photos })))} data-testid="memorial-moderation-save">
        {t("save")}
      </Button>
    </div>
  );
}

/**
 * Visitors' condolences as the family moderates them: waiting ones first (approve or
 * hide), then the published and hidden ones (hide, publish again, delete for good).
 */
export function MemorialCondolencesPanel({ memorial, onChanged, reloadMemorial }: { memorial: Memorial; onChanged: (memorial: Memorial) => void; reloadMemorial: () => Promise<void> }) {
  const t = useTranslations("Memorial.condolences");
  const dealId = memorial.deal_id;
  const call = useCall();
  const [items, setItems] = useState<MemorialCondolence[] | null>(null);
  const { run } = call;
  const load = useCallback(() => run(async () => setItems(await memorialCalls.condolences(dealId))), [run, dealId]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = (action: () => Promise<unknown>) =>
    void call.run(action).then(async (ok) => {
      if (!ok) return;
      await load();
      await reloadMemorial();
    });
  const groups = (["pending", "published", "rejected"] as const).map((status) => ({ status, list: (items ?? []).filter((c) => c.status === status) }));

  return (
    <Panel id="memorial-condolences-panel" title={t("title")} intro={t("intro")}>
      {memorial.can_edit ? <MemorialModerationSettings memorial={memorial} onChanged={onChanged} /> : null}
      <RefusalLine refusal={call.refusal} />
      {items === null ? <p className="text-ink-soft">{t("loading")}</p> : null}
      {items !== null && items.length === 0 ? <p className="text-ink-soft">{t("none")}</p> : null}
      {groups.map(({ status, list }) =>
        list.length === 0 ? null : (
          <div key={status} className="flex flex-col gap-3" data-testid={`memorial-condolences-${status}`}>
            <h3 className="text-lg font-semibold text-ink">{t(`groups.${status}`, { count: list.length })}</h3>
            <ul className="flex flex-col gap-3">
              {list.map((condolence) => (
                <CondolenceItem key={condolence.id} condolence={condolence} canEdit={memorial.can_edit} busy={call.busy} act={act} dealId={dealId} />
              ))}
            </ul>
          </div>
        ),
      )}
    </Panel>
  );
}

function CondolenceItem({ condolence, canEdit, busy, act, dealId }: { condolence: MemorialCondolence; canEdit: boolean; busy: boolean; act: (action: () => Promise<unknown>) => void; dealId: number }) {
  const t = useTranslations("Memorial.condolences");
  const locale = useLocale();
  const who = condolence.author_name;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3" data-testid="memorial-family-condolence">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={condolence.status} />
        {condolence.open_reports > 0 ? <span className="font-semibold text-warning">{t("reported", { count: condolence.open_reports })}</span> : null}
      </div>
      <p dir="auto" className="whitespace-pre-line text-ink">{condolence.message}</p>
      {condolence.photo ? (
        <div className="max-w-xs overflow-hidden rounded-md">
          <ResponsivePhoto photo={condolence.photo} alt={t("photoAlt", { name: who })} sizes="320px" />
        </div>
      ) : null}
      <p className="text-base text-ink-soft">{t("signed", { name: who, date: memorialStamp(condolence.created_at, locale) })}</p>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          {condolence.status !== "published" ? (
            <Button disabled={busy} onClick={() => act(() => memorialCalls.decideCondolence(dealId, condolence.id, "published"))} aria-label={t("approveLabel", { name: who })} data-testid="memorial-approve">
              {condolence.status === "pending" ? t("approve") : t("publishAgain")}
            </Button>
          ) : null}
          {condolence.status !== "rejected" ? (
            <Button variant="secondary" disabled={busy} onClick={() => act(() => memorialCalls.decideCondolence(dealId, condolence.id, "rejected"))} aria-label={t("hideLabel", { name: who })} data-testid="memorial-hide">
              {t("hide")}
            </Button>
          ) : null}
          <ConfirmButton label={t("delete")} question={t("deleteQuestion")} confirmLabel={t("deleteConfirm")} onConfirm={() => act(() => memorialCalls.removeCondolence(dealId, condolence.id))} />
        </div>
      ) : null}
    </li>
  );
}

/** Visitors' reports: what was flagged and why; hide the item or keep it (dismiss). */
export function MemorialReportsPanel({ memorial, reloadMemorial }: { memorial: Memorial; reloadMemorial: () => Promise<void> }) {
  const t = useTranslations("Memorial.reports");
  const locale = useLocale();
  const dealId = memorial.deal_id;
  const call = useCall();
  const [reports, setReports] = useState<MemorialReport[] | null>(null);
  const { run } = call;
  const load = useCallback(() => run(async () => setReports(await memorialCalls.reports(dealId))), [run, dealId]);
  // Again when the memorial's count of open reports changes (a visitor reported meanwhile).
  const openReports = memorial.open_reports;
  useEffect(() => {
    void load();
  }, [load, openReports]);
  const act = (action: () => Promise<unknown>) =>
    void call.run(action).then(async (ok) => {
      if (!ok) return;
      await load();
      await reloadMemorial();
    });

  return (
    <Panel id="memorial-reports" title={t("title")} intro={t("intro")}>
      <RefusalLine refusal={call.refusal} />
      {reports !== null && reports.length === 0 ? <p className="text-ink-soft">{t("none")}</p> : null}
      {reports && reports.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-col gap-2 rounded-md border border-line p-3" data-testid="memorial-report-item">
              <p className="font-semibold">
                {t(`target.${report.target_type}`)} · {memorialStamp(report.created_at, locale)}
              </p>
              {report.excerpt ? <blockquote dir="auto" className="whitespace-pre-line border-s-4 border-line ps-3">{report.excerpt}</blockquote> : null}
              <p>{report.reason ? t("reason", { reason: report.reason }) : t("noReason")}</p>
              {report.resolution ? (
                <p className="text-ink-soft">{t(`resolution.${report.resolution}`)}</p>
              ) : report.target_status === null ? (
                <p className="text-ink-soft">{t("targetGone")}</p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button disabled={call.busy} onClick={() => act(() => memorialCalls.decideReport(dealId, report.id, "hide"))}>
                    {t("hide")}
                  </Button>
                  <Button variant="secondary" disabled={call.busy} onClick={() => act(() => memorialCalls.decideReport(dealId, report.id, "dismiss"))}>
                    {t("dismiss")}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
