"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { api } from "@/api-client/client";
import { toApiError } from "@/api-client/api-error";
import { personName } from "@/domain/person-name";
import type { Memorial, MemorialCondolence } from "@/domain/schemas/memorial";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { memorialCalls } from "./memorial-calls";
import { MemorialCondolencesPanel, MemorialReportsPanel } from "./memorial-condolences-panel";
import { MemorialDetailsForm, type MemorialDetails } from "./memorial-details-form";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";
import { lifeDates, visitorPreview } from "./memorial-format";
import { MemorialPhotosPanel } from "./memorial-photos-panel";
import { MemorialSharingPanel } from "./memorial-sharing-panel";
import { ConfirmButton, Panel, RefusalLine, useCall } from "./memorial-ui";
import { MemorialView } from "./memorial-view";

type State = { kind: "loading" } | { kind: "none"; prefill: MemorialDetails } | { kind: "ready"; memorial: Memorial } | { kind: "failed"; refusal: Refusal };

interface DealDefunct {
  firstname: string | null;
  lastname: string | null;
  death_date: string | null;
}

/** The form's first values: the funeral file's deceased (name, date of death). */
async function prefillFromDeal(dealId: number): Promise<MemorialDetails> {
  const empty = { display_name: "", birth_date: "", death_date: "", text: "" };
  try {
    const { data } = await api.get<{ data: { defunct: DealDefunct | null } }>(`/api/v1/deals/${dealId}`);
    return data.defunct ? { ...empty, display_name: personName(data.defunct), death_date: data.defunct.death_date ?? "" } : empty;
  } catch {
    return empty;
  }
}

const detailsInput = (details: MemorialDetails) => ({
  display_name: details.display_name,
  birth_date: details.birth_date || null,
  death_date: details.death_date || null,
  text: details.text,
});

/**
 * /app/memoire/{deal}: the family makes the page of the one they lost, from the funeral
 * file. Create it (name and dates from the file), write, add photos, choose who sees it,
 * share the link, moderate visitors' messages and reports, download the condolence book,
 * and see the page as a visitor would. Each role sees what it may do (owner, editor, reader).
 */
export function FamilyMemorial({ dealId }: { dealId: number }) {
  const t = useTranslations("Memorial.family");
  const [state, setState] = useState<State>({ kind: "loading" });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const mine = ++latest.current;
    try {
      const memorial = await memorialCalls.read(dealId);
      if (mine === latest.current) setState({ kind: "ready", memorial });
    } catch (error) {
      if (mine !== latest.current) return;
      if (toApiError(error).status === 404) setState({ kind: "none", prefill: await prefillFromDeal(dealId) });
      else setState((previous) => (previous.kind === "ready" ? previous : { kind: "failed", refusal: refusalOf(error) }));
    }
  }, [dealId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === "loading") {
    return (
      <div className="flex items-center gap-3 py-6 text-ink-soft">
        <Spinner label={t("loading")} />
        <span aria-hidden="true">{t("loading")}</span>
      </div>
    );
  }
  if (state.kind === "failed") return <LoadFailed refusal={state.refusal} retry={() => void load()} />;
  if (state.kind === "none") return <CreateMemorial dealId={dealId} prefill={state.prefill} onCreated={(memorial) => setState({ kind: "ready", memorial })} />;
  return <MemorialManager memorial={state.memorial} reload={load} onChanged={(memorial) => setState({ kind: "ready", memorial })} onDeleted={() => void load()} />;
}

function LoadFailed({ refusal, retry }: { refusal: Refusal; retry: () => void }) {
  const t = useTranslations("Memorial.family");
  const text = useRefusalText()(refusal);
  return (
    <Alert tone="error" title={t("loadFailed")}>
      <p>{text}</p>
      <Button variant="secondary" className="mt-3" onClick={retry}>
        {t("retry")}
      </Button>
    </Alert>
  );
}

function CreateMemorial({ dealId, prefill, onCreated }: { dealId: number; prefill: MemorialDetails; onCreated: (memorial: Memorial) => void }) {
  const t = useTranslations("Memorial.family");
  const call = useCall();
  return (
    <Panel id="memorial-create" title={t("createTitle")} intro={t("createIntro")}>
      <MemorialDetailsForm initial={prefill} submitLabel={t("create")} busy={call.busy} refusal={call.refusal} onSubmit={(details) => void call.run(async () => onCreated(await memorialCalls.create(dealId, detailsInput(details))))} />
    </Panel>
  );
}

function MemorialManager({ memorial, reload, onChanged, onDeleted }: { memorial: Memorial; reload: () => Promise<void>; onChanged: (memorial: Memorial) => void; onDeleted: () => void }) {
  const t = useTranslations("Memorial.family");
  const locale = useLocale();
  const details = useCall();
  const removal = useCall();
  const [saved, setSaved] = useState(false);
  const [preview, setPreview] = useState<MemorialCondolence[] | null>(null);
  const previewCall = useCall();
  const dates = lifeDates(memorial.birth_date, memorial.death_date, locale);

  async function openPreview() {
    if (preview) return setPreview(null);
    await previewCall.run(async () => setPreview(await memorialCalls.condolences(memorial.deal_id, "published")));
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-lg text-ink-soft">{t("of")}</p>
        <p dir="auto" className="font-serif text-2xl text-ink" data-testid="memorial-name">
          {memorial.display_name}
        </p>
        {dates ? <p className="text-ink-soft">{dates}</p> : null}
      </div>
      {memorial.pending_condolences > 0 && memorial.can_edit ? (
        <Alert tone="warning" data-testid="memorial-pending">
          <a href="#memorial-condolences-panel" className="font-semibold underline">
            {t("pending", { count: memorial.pending_condolences })}
          </a>
        </Alert>
      ) : null}
      {memorial.open_reports > 0 && memorial.can_edit ? (
        <Alert tone="warning">
          <a href="#memorial-reports" className="font-semibold underline">
            {t("openReports", { count: memorial.open_reports })}
          </a>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" aria-pressed={preview !== null} loading={previewCall.busy} onClick={() => void openPreview()} data-testid="memorial-preview-toggle">
          {preview ? t("closePreview") : t("preview")}
        </Button>
        <a href={memorialCalls.bookUrl(memorial.deal_id)} download className={buttonClasses({ variant: "secondary" })} data-testid="memorial-book">
          {t("book")}
        </a>
      </div>
      {preview ? (
        <section aria-label={t("previewLabel")} className="rounded-lg border-2 border-dashed border-line-strong bg-canvas" data-testid="memorial-preview">
          <p className="bg-sand-50 p-3 text-center font-semibold text-ink">{memorial.visibility === "private" ? t("previewPrivate") : t("previewNote")}</p>
          <MemorialView page={visitorPreview(memorial, preview)} preview icsUrl={memorialCalls.familyIcsUrl(memorial.deal_id)} />
        </section>
      ) : null}

      <Panel id="memorial-details" title={t("detailsTitle")}>
        {memorial.can_edit ? (
          <MemorialDetailsForm
            key={memorial.updated_at}
            initial={{ display_name: memorial.display_name, birth_date: memorial.birth_date ?? "", death_date: memorial.death_date ?? "", text: memorial.text }}
            submitLabel={t("save")}
            busy={details.busy}
            refusal={details.refusal}
            saved={saved}
            onSubmit={(input) => {
              setSaved(false);
              void details.run(async () => {
                onChanged(await memorialCalls.update(memorial.deal_id, detailsInput(input)));
                setSaved(true);
              });
            }}
          />
        ) : (
          <p dir="auto" className="whitespace-pre-line">{memorial.text || t("noText")}</p>
        )}
      </Panel>
      <MemorialPhotosPanel memorial={memorial} reload={reload} />
      <MemorialSharingPanel memorial={memorial} onChanged={onChanged} />
      <MemorialCondolencesPanel memorial={memorial} onChanged={onChanged} reloadMemorial={reload} />
      {memorial.can_edit ? <MemorialReportsPanel memorial={memorial} reloadMemorial={reload} /> : null}
      {memorial.can_manage ? (
        <Panel id="memorial-delete" title={t("deleteTitle")} intro={t("deleteIntro")}>
          <RefusalLine refusal={removal.refusal} />
          <ConfirmButton label={t("delete")} question={t("deleteQuestion")} confirmLabel={t("deleteConfirm")} busy={removal.busy} onConfirm={() => void removal.run(() => memorialCalls.remove(memorial.deal_id)).then((ok) => ok && onDeleted())} />
        </Panel>
      ) : null}
    </div>
  );
}
