"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { ApiError } from "@/api-client/api-error";
import { api } from "@/api-client/client";
import { messageKeysForCodes, UNHANDLED } from "@/domain/errors";
import type { ExternalReviewImportReport } from "@/domain/schemas/external-review";
import { Button } from "@/ui/button";

/**
 * The import: the file is read in the browser and sent as text, first as a dry run whose
 * report lists each line; the real import is offered only when no line is wrong, and sends
 * the same text again (the server checks it again inside its transaction).
 */
export function ExternalReviewsImport() {
  const t = useTranslations("ProHouse.reviews");
  const errors = useTranslations("Errors");
  const router = useRouter();
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ExternalReviewImportReport | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (codes: readonly string[]) => messageKeysForCodes(codes).map((key) => errors(key)).join(" ");

  async function send(dryRun: boolean) {
    if (csv === null) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api.post<ExternalReviewImportReport>("/api/v1/external_reviews/import", { dry_run: dryRun, csv });
      setReport(answer);
      if (answer.imported) {
        setMessage({ tone: "ok", text: t("importedSummary", { created: answer.created, updated: answer.updated }) });
        router.refresh();
      }
    } catch (error) {
      setMessage({ tone: "error", text: say(error instanceof ApiError ? error.codes : [UNHANDLED]) });
    } finally {
      setBusy(false);
    }
  }

  const invalid = report?.lines.filter((l) => l.action === "invalid").length ?? 0;
  const writable = report ? report.created + report.updated : 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-line bg-surface p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-2xl">
        {t("importHeading")}
      </h2>
      <div className="mt-4 flex flex-col gap-2">
        <label htmlFor={`${id}-file`} className="font-semibold">
          {t("fileLabel")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {t("fileHint")}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          className="min-h-11"
          onChange={async (event) => {
            setReport(null);
            setMessage(null);
            const file = event.target.files?.[0];
            if (!file) return setCsv(null);
            try {
              setCsv(await file.text());
            } catch {
              setCsv(null);
              setMessage({ tone: "error", text: t("fileError") });
            }
          }}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" disabled={busy || csv === null} onClick={() => send(true)}>
          {t("check")}
        </Button>
        {report && !report.imported && report.dry_run ? (
          <Button variant="primary" disabled={busy || invalid > 0 || writable === 0} onClick={() => send(false)}>
            {t("import", { count: writable })}
          </Button>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="mt-4">
        {message ? <p className={message.tone === "ok" ? "font-medium text-success" : "font-medium text-danger"}>{message.text}</p> : null}
        {report && report.dry_run ? (
          <p className="font-medium">{t("reportSummary", { created: report.created, updated: report.updated, unchanged: report.unchanged, invalid })}</p>
        ) : null}
        {invalid > 0 ? <p className="font-medium text-danger">{t("fixFirst")}</p> : null}
      </div>
      {report ? (
        <div className="mt-4 overflow-x-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-start text-sm">
            <caption className="sr-only">{t("reportHeading")}</caption>
            <thead className="bg-sand-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">{t("line")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("source")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("externalId")}</th>
                <th scope="col" className="px-3 py-2 text-start">{t("action")}</th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line) => (
                <tr key={line.line} className="border-t border-line">
                  <td className="px-3 py-2 tabular-nums">{line.line}</td>
                  <td className="px-3 py-2">{line.source ?? "–"}</td>
                  <td className="px-3 py-2 break-all" dir="ltr">{line.external_id ?? "–"}</td>
                  <td className={line.action === "invalid" ? "px-3 py-2 text-danger" : "px-3 py-2"}>
                    {t(`actions.${line.action}`)}
                    {line.errors.length > 0 ? <span className="block">{say(line.errors)}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
