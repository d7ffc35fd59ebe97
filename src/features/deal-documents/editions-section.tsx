"use client";

import { useEffect, useState } from "react";
import type { DocumentEditionView, EditableDocumentView } from "@/domain/schemas/document-edition";
import { MAX_EDITION_CHARS } from "@/domain/schemas/document-edition";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { createEdition, generateEdition, listEditions, listTemplates, saveEdition } from "./deal-documents-calls";
import { useAction, usePanelText } from "./use-panel-text";

/**
 * Documents produced from a template: the templates of the deal's kind, an edition filled
 * with the deal's data (what it lacks stays marked "[à compléter : …]" and is listed, never
 * guessed), the advisor's edits saved, then a PDF added to the deal's documents. An edition
 * can be reopened later; text being edited is never dropped on a failed call.
 */
export function EditionsSection({ dealId, dealKind, onGenerated }: { dealId: number; dealKind: string; onGenerated(): void }) {
  const { t, date } = usePanelText();
  const [templates, setTemplates] = useState<EditableDocumentView[] | null>(null);
  const [editions, setEditions] = useState<DocumentEditionView[]>([]);
  const [templateId, setTemplateId] = useState("");
  const [open, setOpen] = useState<DocumentEditionView | null>(null);
  const [text, setText] = useState("");
  const load = useAction();
  const action = useAction();

  useEffect(() => {
    void load.run(async () => {
      const [all, mine] = await Promise.all([listTemplates(dealKind), listEditions(dealId)]);
      setTemplates(all);
      setEditions(mine);
    });
    // Loaded once per deal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dealId, dealKind]);

  const show = (edition: DocumentEditionView) => {
    setOpen(edition);
    setText(edition.content);
    setEditions((list) => [edition, ...list.filter((e) => e.id !== edition.id)]);
  };

  const create = async () => {
    if (!templateId) return;
    const edition = await action.run(() => createEdition(dealId, Number(templateId)));
    if (edition) show(edition);
  };

  const save = async () => {
    if (!open) return;
    const saved = await action.run(() => saveEdition(open.id, text), () => t("editions.saved"));
    if (saved) show(saved);
  };

  const generate = async () => {
    if (!open) return;
    // The text on screen is what becomes the PDF: save it first when it changed.
    const saved = text !== open.content ? await action.run(() => saveEdition(open.id, text)) : open;
    if (!saved) return;
    show(saved);
    const document = await action.run(() => generateEdition(saved.id), (created) => t("editions.generated", { name: created.name }));
    if (document) onGenerated();
  };

  return (
    <div className="flex flex-col gap-4">
      {load.error ? <Alert tone="error">{load.error}</Alert> : templates === null ? <p aria-live="polite">{t("loading")}</p> : null}
      {templates && templates.length === 0 ? <p className="text-ink-soft">{t("editions.none")}</p> : null}
      {templates && templates.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t("editions.template")}
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
            placeholder={t("editions.placeholder")}
            options={templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            containerClassName="min-w-64 flex-1"
          />
          <Button onClick={create} disabled={!templateId || action.busy}>
            {t("editions.create")}
          </Button>
        </div>
      ) : null}
      {editions.length > 0 ? (
        <div>
          <h4 className="font-semibold">{t("editions.list")}</h4>
          <ul className="mt-1 divide-y divide-line">
            {editions.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span>
                  {e.name} <span className="text-ink-soft">– {t("editions.updated", { date: date(e.updated_at) })}</span>
                </span>
                {open?.id === e.id ? null : (
                  <Button variant="secondary" onClick={() => show(e)} aria-label={t("editions.reopenNamed", { name: e.name })}>
                    {t("editions.reopen")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {open ? (
        <section className="flex flex-col gap-3 rounded-md border border-line-strong p-3" aria-labelledby="deal-documents-editor-heading">
          <h4 id="deal-documents-editor-heading" className="font-semibold">
            {open.name}
          </h4>
          {open.missing.length > 0 ? (
            <Alert tone="warning" title={t("editions.missingHeading")}>
              <ul className="list-disc ps-5" data-testid="edition-missing">
                {open.missing.map((m) => (
                  <li key={m.key}>{m.label}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <p className="text-ink-soft">{t("editions.complete")}</p>
          )}
          <Textarea label={t("editions.editor", { name: open.name })} hint={t("editions.editorHint")} value={text} rows={18} maxLength={MAX_EDITION_CHARS} onChange={(e) => setText(e.target.value)} className="font-mono" />
          {action.error ? <Alert tone="error">{action.error}</Alert> : null}
          {action.notice ? <Alert tone="success">{action.notice}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={save} disabled={action.busy}>
              {t("editions.save")}
            </Button>
            <Button onClick={generate} disabled={action.busy}>
              {t("editions.generate")}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {t("editions.closeEditor")}
            </Button>
          </div>
        </section>
      ) : action.error ? (
        <Alert tone="error">{action.error}</Alert>
      ) : null}
    </div>
  );
}
