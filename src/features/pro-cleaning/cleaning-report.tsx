"use client";

import { useLocale, useTranslations } from "next-intl";
import type { CleaningReport } from "@/domain/schemas/cleaning";

/** What goes per table (count and a few names) and the demo rows kept because real ones use them. */
export function CleaningReportView({ report, heading }: { report: CleaningReport; heading: string }) {
  const t = useTranslations("ProHouse.cleaning");
  const number = new Intl.NumberFormat(useLocale(), { numberingSystem: "latn" });
  return (
    <section aria-labelledby="cleaning-report" className="mt-8" data-testid="cleaning-report">
      <h2 id="cleaning-report" className="text-2xl">
        {heading}
      </h2>
      {report.total === 0 ? (
        <p className="mt-3">{t("nothing")}</p>
      ) : (
        <>
          <p className="mt-2 font-semibold">{t("total", { count: report.total })}</p>
          <div className="mt-3 overflow-x-auto rounded-lg border border-line">
            <table className="w-full border-collapse text-start text-sm">
              <caption className="sr-only">{heading}</caption>
              <thead className="bg-sand-50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">{t("table")}</th>
                  <th scope="col" className="px-3 py-2 text-end">{t("count")}</th>
                  <th scope="col" className="px-3 py-2 text-start">{t("examples")}</th>
                </tr>
              </thead>
              <tbody>
                {report.tables.map((row) => (
                  <tr key={row.table} className="border-t border-line align-top">
                    <th scope="row" className="px-3 py-2 text-start font-mono font-normal" dir="ltr">
                      {row.table}
                    </th>
                    <td className="px-3 py-2 text-end tabular-nums">{number.format(row.count)}</td>
                    <td className="px-3 py-2" dir="auto">
                      {row.labels.join(" · ")}
                      {row.count > row.labels.length ? " …" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.kept.length > 0 ? (
        <>
          <h3 className="mt-6 font-sans text-lg font-semibold">{t("keptHeading")}</h3>
          <ul className="mt-2 list-disc ps-6">
            {report.kept.map((k) => (
              <li key={`${k.table}-${k.id}`}>
                <span className="font-mono" dir="ltr">
                  {k.table}
                </span>{" "}
                <span dir="auto">{k.label}</span> ← {t("keptBy", { table: k.referenced_by.table, id: k.referenced_by.id ?? "–" })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
