"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { businessMay } from "@/domain/business-deal-access";
import type { Role } from "@/domain/roles";
import { Heading } from "@/ui/heading";
import { CommentSection } from "./comment-section";
import { CommunicationsSection } from "./communications-section";
import { DealManagement } from "./deal-management";
import { DealState } from "./deal-state";
import { FamilySection } from "./family-section";
import { dealCalls, type DealPeople } from "./pro-deal-api";
import { PaymentsSummary, QuoteSummary } from "./quote-section";
import { SectionFrame } from "./section-frame";
import { StepsSection } from "./steps-section";
import { TodoSection } from "./todo-section";
import { useResource } from "./use-resource";

export interface ProDealPageProps {
  dealId: number;
  role: Role;
  /** The documents panel (upload, generate from a template, batches, signatures), composed by the route. */
  documents?: ReactNode;
  /** Further panels built elsewhere (reviews, service suggestions, supplier price requests). */
  extras?: ReactNode;
  /** The family members panel (abilities), composed by the route. */
  members?: ReactNode;
}

/**
 * /pro/dossiers/{id}: where an advisor runs a case. Each section loads its own call and
 * shows its own error with a retry; roles 0-2 see what business-deal-access.ts lets them,
 * a partner professional (4) only the steps, todos and documents of the deal assigned to
 * them. A section navigation leads to each part by keyboard.
 */
export function ProDealPage({ dealId, role, documents, extras, members }: ProDealPageProps) {
  const t = useTranslations("ProDeal");
  const full = businessMay(role, "read");
  const deal = useResource(`${dealId}-${full}`, () => (full ? dealCalls.deal(dealId) : Promise.reject(new Error("not read"))));
  const people = (update: DealPeople) => {
    deal.replace((current) => ({ ...current, advisor: update.advisor, brand: update.brand, welcome_sent_at: update.welcome_sent_at, empowered_client_id: update.empowered_client_id }));
    void deal.refresh();
  };
  const sections = full
    ? (["conduite", "etat", "famille", "devis", "paiements", "etapes", "taches", ...(documents ? ["documents"] : []), "communications", "commentaire"] as const)
    : (["etapes", "taches", ...(documents ? ["documents"] : [])] as const);
  const summary = deal.resource.state === "ready" ? deal.resource.data : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <header className="mb-4">
        <Heading level={1}>{t("title", { id: String(dealId) })}</Heading>
        {summary && (
          <p className="mt-1 text-lg text-stone-800" data-testid="deal-summary">
            {t(`kinds.${summary.kind}`)}
            {summary.defunct ? ` · ${[summary.defunct.firstname, summary.defunct.lastname].filter(Boolean).join(" ")}` : ""}
            {summary.advisor ? ` · ${t("inCharge", { name: `${summary.advisor.firstname} ${summary.advisor.lastname}` })}` : ` · ${t("nobodyInCharge")}`}
            {summary.demo ? <span className="ms-2 rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900">{t("demo")}</span> : null}
          </p>
        )}
        {!full && <p className="mt-1 text-stone-800">{t("partnerIntro")}</p>}
      </header>
      <nav aria-label={t("sectionsNav")} className="mb-6">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-2">
                {t(`nav.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-6">
        {full && (
          <div className="grid gap-6 lg:grid-cols-2">
            <SectionFrame id="conduite" title={t("nav.conduite")} resource={deal.resource} onRetry={deal.reload}>
              {(data) => <DealManagement deal={data} role={role} onPeople={people} />}
            </SectionFrame>
            <DealState dealId={dealId} onChanged={() => void deal.refresh()} />
          </div>
        )}
        {full && (
          <SectionFrame id="famille" title={t("nav.famille")} resource={deal.resource} onRetry={deal.reload}>
            {(data) => <FamilySection deal={data} members={members} onPeople={people} />}
          </SectionFrame>
        )}
        {full && (
          <div className="grid gap-6 lg:grid-cols-2">
            <SectionFrame id="devis" title={t("nav.devis")} resource={deal.resource} onRetry={deal.reload}>
              {(data) => <QuoteSummary deal={data} />}
            </SectionFrame>
            <PaymentsSummary dealId={dealId} />
          </div>
        )}
        <StepsSection dealId={dealId} role={role} />
        <TodoSection dealId={dealId} />
        {documents && (
          <div id="documents" className="scroll-mt-4">
            {documents}
          </div>
        )}
        {full && <CommunicationsSection dealId={dealId} />}
        {full && (
          <SectionFrame id="commentaire" title={t("nav.commentaire")} resource={deal.resource} onRetry={deal.reload}>
            {(data) => <CommentSection deal={data} />}
          </SectionFrame>
        )}
        {extras}
      </div>
    </div>
  );
}
