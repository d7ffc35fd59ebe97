"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import type { ImportReport } from "@/domain/directory/schemas";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { codesOfError } from "./codes";
import { importCsv } from "./directory-calls";
import { useDirectoryLabels } from "./labels";

/**
 * Importing a CSV file of one type: the file is first checked line by line on the
 * server without writing anything; rejected lines are listed (line, column, reason)
 * and nothing is imported while any remains. A clean file is then imported in one go.
 */

/** Files the server takes at most (the import reads the whole file). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
const SHOWN_REJECTIONS = 200;

type Step =
  | { kind: "choose"; error?: string }
  | { kind: "checking" }
  | { kind: "checked"; report: ImportReport }
  | { kind: "importing"; report: ImportReport }
  | { kind: "imported"; report: ImportReport };

export function CsvImportDialog({ descriptor, open, onClose, onImported }: { descriptor: DirectoryDescriptor; open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useTranslations("Directory.import");
  const labels = useDirectoryLabels();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });

  function close() {
    setFile(null);
    setStep({ kind: "choose" });
    onClose();
  }

  async function check() {
    if (!file) {
      setStep({ kind: "choose", error: t("noFile") });
      return;
    }
    if (file.size > CSV_MAX_BYTES) {
      setStep({ kind: "choose", error: t("tooLarge") });
      return;
    }
    setStep({ kind: "checking" });
    try {
      setStep({ kind: "checked", report: await importCsv(descriptor, file, true) });
    } catch (error) {
      setStep({ kind: "choose", error: codesOfError(error).map(labels.error).join(" ") });
    }
  }

  async function run(report: ImportReport) {
    if (!file) return;
    setStep({ kind: "importing", report });
    try {
      const done = await importCsv(descriptor, file, false);
      setStep(done.rejected.length > 0 ? { kind: "checked", report: done } : { kind: "imported", report: done });
      if (done.rejected.length === 0) onImported();
    } catch (error) {
      setStep({ kind: "choose", error: codesOfError(error).map(labels.error).join(" ") });
    }
  }

  const report = step.kind === "checked" || step.kind === "importing" || step.kind === "imported" ? step.report : null;
  const ready = step.kind === "checked" && step.report.rejected.length === 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t("title", { type: labels.type(descriptor) })}
      description={t("lead")}
      closeLabel={t("close")}
      size="lg"
      footer={
        step.kind === "imported" ? (
          <Button type="button" variant="primary" onClick={close}>
            {t("close")}
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            {ready || step.kind === "importing" ? (
              <Button type="button" variant="primary" loading={step.kind === "importing"} onClick={() => report && run(report)}>
                {t("run", { count: report?.total ?? 0 })}
              </Button>
            ) : (
              <Button type="button" variant="primary" loading={step.kind === "checking"} onClick={check}>
                {t("check")}
              </Button>
            )}
          </>
        )
      }
    >
      <div className="flex flex-col gap-4" data-testid="csv-import">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="font-semibold">
            {t("file")}
          </label>
          <p id={`${inputId}-hint`} className="text-ink-soft">
            {t("fileHint")}
          </p>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${inputId}-hint`}
            disabled={step.kind === "checking" || step.kind === "importing"}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setStep({ kind: "choose" });
            }}
            className="block w-full cursor-pointer rounded-md border border-line-strong bg-surface p-2 file:me-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary"
          />
        </div>
        {step.kind === "choose" && step.error ? <Alert tone="error">{step.error}</Alert> : null}
        {report && report.rejected.length > 0 ? (
          <Alert tone="error" title={t("rejectedTitle", { count: new Set(report.rejected.map((r) => r.line)).size, total: report.total })}>
            <p>{t("nothingImported")}</p>
          </Alert>
        ) : null}
        {report && report.rejected.length > 0 ? (
          <div role="region" aria-label={t("rejectedTable")} tabIndex={0} className="relative max-h-80 overflow-auto rounded-md border border-line">
            <table className="w-full border-collapse text-start">
              <caption className="sr-only">{t("rejectedTable")}</caption>
              <thead className="sticky top-0 bg-paper">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">{t("line")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("column")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("reason")}</th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.slice(0, SHOWN_REJECTIONS).map((rejection, index) => (
                  <tr key={`${rejection.line}-${rejection.column}-${rejection.code}-${index}`} className="border-t border-line">
                    <td className="px-3 py-2 tabular-nums">{rejection.line}</td>
                    <td className="px-3 py-2 font-mono text-sm">{rejection.column ?? "–"}</td>
                    <td className="px-3 py-2">{labels.error(rejection.code)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.rejected.length > SHOWN_REJECTIONS ? <p className="p-3 text-ink-soft">{t("moreRejected", { count: report.rejected.length - SHOWN_REJECTIONS })}</p> : null}
          </div>
        ) : null}
        {ready ? <Alert tone="info">{t("readyToImport", { total: step.report.total, created: step.report.created, updated: step.report.updated })}</Alert> : null}
        {step.kind === "imported" ? <Alert tone="success">{t("imported", { total: step.report.total, created: step.report.created, updated: step.report.updated })}</Alert> : null}
      </div>
    </Dialog>
  );
}
