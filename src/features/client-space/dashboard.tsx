"use client";

import NextLink from "next/link";
import type { ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { buttonClasses } from "@/ui/button";
import { Link } from "@/ui/link";
import { dueOn, listDeals, listProcedures, readProcedure, type ChecklistItem, type DealSummary, type ProcedureSummary } from "./space-calls";
import { formatMoney } from "@/domain/quote/money";
import { personName } from "@/domain/person-name";
import { daysUntil, dueNext, formatDay, formatTimestamp } from "./space-format";
import { useChecklistText } from "./checklist-text";
import { LoadedView, SpaceSection } from "./space-ui";
import { useLoad } from "./use-load";

interface DashboardData {
  deals: DealSummary[];
  procedures: ProcedureSummary[];
  due: Array<ChecklistItem & { procedure: Pick<ProcedureSummary, "id" | "defunct"> }>;
}

async function loadDashboard(): Promise<DashboardData> {
  const [deals, procedures] = await Promise.all([listDeals(), listProcedures()]);
  const open = procedures.filter((p) => p.archived_at === null);
  // The next steps come from each open file's own checklist (the procedure view).
  const views = await Promise.all(open.map((p) => readProcedure(p.id)));
  const due = views.flatMap((view) => view.checklist.map((item) => ({ ...item, procedure: { id: view.id, defunct: { ...view.defunct, death_date: null } } })));
  return { deals, procedures, due: dueNext(due).slice(0, 6) };
}

/** Whom a file is about, for its title: "Pierre Martin", or a neutral name when not given. */
function useFileTitle() {
  const t = useTranslations("ClientSpace.dashboard");
  return (procedure: Pick<ProcedureSummary, "defunct">) => personName(procedure.defunct) || t("unnamed");
}

/**
 * The family's home in the client space: what is due next across their files, the
 * procedures (open, then archived), the funeral files (deals) and the account links.
 */
/** Another part's entry for a funeral deal, composed by the route (its label, and its path that takes `?deal=<uuid>`). */
export interface FuneralDealLink {
  label: string;
  path: string;
}

/** Another part's page about one deal of any kind (e.g. the services suggested to the family): its label, and its path before the deal id. */
export interface DealPageLink {
  label: string;
  pathPrefix: string;
  testId: string;
  /** Deal kinds the page is about (every kind when omitted): a memorial is a funeral deal's. */
  kinds?: readonly string[];
}

export function Dashboard({ firstname, accountActions, funeralDealLink, dealLinks = [] }: { firstname: string | null; accountActions?: ReactNode; funeralDealLink?: FuneralDealLink; dealLinks?: DealPageLink[] }) {
  const t = useTranslations("ClientSpace.dashboard");
  const [loaded, reload] = useLoad(loadDashboard);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{firstname ? t("greeting", { name: firstname }) : t("heading")}</h1>
        <p className="max-w-prose text-lg text-ink-soft">{t("lead")}</p>
      </div>
      <LoadedView loaded={loaded} retry={() => void reload()}>
        {(value) => <DashboardBody data={value} funeralDealLink={funeralDealLink} dealLinks={dealLinks} />}
      </LoadedView>
      <SpaceSection id="dashboard-account" title={t("accountTitle")}>
        <ul className="flex flex-col gap-1">
          <li>
            <Link href={paths.account()} variant="standalone">
              {t("myAccount")}
            </Link>
          </li>
          <li>
            <Link href={paths.changePassword()} variant="standalone">
              {t("changePassword")}
            </Link>
          </li>
        </ul>
        {accountActions ? <div className="flex flex-wrap gap-3">{accountActions}</div> : null}
      </SpaceSection>
    </div>
  );
}

function DashboardBody({ data, funeralDealLink, dealLinks }: { data: DashboardData; funeralDealLink?: FuneralDealLink; dealLinks: DealPageLink[] }) {
  const t = useTranslations("ClientSpace.dashboard");
  const tp = useTranslations("Payments.entry");
  const locale = useLocale();
  const title = useFileTitle();
  const checklist = useChecklistText();
  const open = data.procedures.filter((p) => !p.archived_at);
  const archived = data.procedures.filter((p) => p.archived_at);

  return (
    <>
      <SpaceSection id="dashboard-due" title={t("dueTitle")}>
        {data.due.length === 0 ? (
          <p className="text-ink-soft">{open.length === 0 ? t("dueNoFile") : t("dueNothing")}</p>
        ) : (
          <ol className="flex flex-col divide-y divide-line">
            {data.due.map((item) => {
              const due = dueOn(item)!;
              const days = daysUntil(due);
              return (
                <li key={`${item.procedure.id}-${item.id}`} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                  <NextLink href={paths.procedure(item.procedure.id)} className="font-semibold text-primary underline underline-offset-[0.2em] hover:decoration-2">
                    {checklist.title(item.id)}
                  </NextLink>
                  <p className="text-ink-soft">
                    <span className={days < 0 ? "font-semibold text-danger" : days <= 7 ? "font-semibold text-warning" : ""}>
                      {days < 0 ? t("overdue", { date: formatDay(due, locale) }) : t("dueOn", { date: formatDay(due, locale), days })}
                    </span>
                    {" · "}
                    {title(item.procedure)}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </SpaceSection>

      <SpaceSection
        id="dashboard-procedures"
        title={t("proceduresTitle")}
        actions={
          <NextLink href={paths.newProcedure()} className={buttonClasses({ variant: "primary" })}>
            {t("newProcedure")}
          </NextLink>
        }
      >
        {open.length === 0 ? <p className="text-ink-soft">{t("noProcedure")}</p> : null}
        {open.length > 0 ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {open.map((procedure) => (
              <li key={procedure.id}>
                <ProcedureCard procedure={procedure} title={title(procedure)} />
              </li>
            ))}
          </ul>
        ) : null}
        {archived.length > 0 ? (
          <details className="rounded-md border border-line p-3">
            <summary className="cursor-pointer font-semibold text-ink">{t("archivedTitle", { count: archived.length })}</summary>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {archived.map((procedure) => (
                <li key={procedure.id}>
                  <ProcedureCard procedure={procedure} title={title(procedure)} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </SpaceSection>

      <SpaceSection id="dashboard-deals" title={t("dealsTitle")}>
        {data.deals.length === 0 ? (
          <p className="text-ink-soft">{t("noDeal")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {data.deals.map((deal) => (
              <li key={deal.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="flex flex-col gap-0.5">
                  <p className="font-semibold text-ink">
                    {t(`dealKinds.${deal.kind === "funeral" || deal.kind === "marble" ? deal.kind : "item"}`)}
                    {personName(deal.defunct) ? ` · ${personName(deal.defunct)}` : ""}
                  </p>
                  <p className="text-ink-soft">
                    {t("dealCreated", { date: formatTimestamp(deal.created_at, locale) })}
                    {deal.total_cents !== null ? ` · ${t("dealTotal", { amount: formatMoney(deal.total_cents, locale) })}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {deal.kind === "funeral" ? (
                    <a href={`/api/v1/funeral_funnel/deals/${encodeURIComponent(deal.uuid)}/quote.pdf`} className={buttonClasses({ variant: "secondary" })}>
                      {t("dealQuote")}
                    </a>
                  ) : null}
                  {deal.kind === "funeral" && funeralDealLink ? (
                    <NextLink href={`${funeralDealLink.path}?deal=${encodeURIComponent(deal.uuid)}`} className={buttonClasses({ variant: "secondary" })} data-testid="deal-flowers-link">
                      {funeralDealLink.label}
                    </NextLink>
                  ) : null}
                  {dealLinks.filter((link) => !link.kinds || link.kinds.includes(deal.kind)).map((link) => (
                    <NextLink key={link.testId} href={`${link.pathPrefix}${deal.id}`} className={buttonClasses({ variant: "secondary" })} data-testid={link.testId}>
                      {link.label}
                    </NextLink>
                  ))}
                  {deal.total_cents !== null ? (
                    <a href={paths.dealPayment(deal.id)} className={buttonClasses({ variant: "secondary" })} data-testid="deal-payment-link">
                      {tp("action")}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </SpaceSection>
    </>
  );
}

function ProcedureCard({ procedure, title }: { procedure: ProcedureSummary; title: string }) {
  const t = useTranslations("ClientSpace");
  const locale = useLocale();
  return (
    <NextLink
      href={paths.procedure(procedure.id)}
      className="flex h-full flex-col gap-1 rounded-md border border-line-strong p-4 hover:border-primary hover:bg-primary-soft"
    >
      <span className="text-lg font-semibold text-primary underline underline-offset-[0.2em]">{title}</span>
      {procedure.defunct.death_date ? (
        <span className="text-ink-soft">{t("dashboard.diedOn", { date: formatDay(procedure.defunct.death_date, locale) })}</span>
      ) : null}
      {procedure.role ? <span className="text-ink-soft">{t("dashboard.yourRole", { role: t(`roles.${procedure.role}`) })}</span> : null}
    </NextLink>
  );
}
