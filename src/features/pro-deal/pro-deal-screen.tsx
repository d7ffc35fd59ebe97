import type { ReactNode } from "react";
import type { Metadata } from "next";
import { eq } from "drizzle-orm";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { ASSIGNED_ONLY_ROLES, businessMay } from "@/domain/business-deal-access";
import type { Role } from "@/domain/roles";
import { getDb } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
import { ProDealPage } from "./pro-deal-page";

export async function proDealMetadata(locale: string, dealId: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProDeal" });
  return { title: `${t("title", { id: dealId })} | ${BRAND}`, robots: { index: false, follow: false } };
}

type Verdict = "open" | "forbidden" | "not_found";

/**
 * Who may open the page, as the deal API answers them: roles 0-2 every deal, a partner
 * professional only the deal assigned to them (any other reads as missing, like the API's
 * 404), an analytics guest none (403: statistics only). A number that is no deal is missing.
 */
async function verdictFor(dealId: number, role: Role, userId: number): Promise<Verdict> {
  if (!businessMay(role, "work")) return "forbidden";
  if (dealId <= 0) return "not_found";
  const [row] = await (await getDb()).select({ advisorId: deals.advisorId }).from(deals).where(eq(deals.id, dealId)).limit(1);
  if (!row) return "not_found";
  return ASSIGNED_ONLY_ROLES.includes(role) && row.advisorId !== userId ? "not_found" : "open";
}

/** The deal page behind its access check; `documents`, `members` and `extras` are panels composed by the route. */
export async function ProDealScreen({ dealId, role, userId, documents, members, extras }: { dealId: string; role: Role; userId: number; documents?: ReactNode; members?: ReactNode; extras?: ReactNode }) {
  const id = /^\d{1,9}$/.test(dealId) ? Number(dealId) : 0;
  const verdict = await verdictFor(id, role, userId);
  if (verdict !== "open") {
    const t = await getTranslations("ProDeal");
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-10" data-testid={`deal-${verdict}`}>
        <Heading level={1}>{t("title", { id: dealId })}</Heading>
        <p className="mt-3 text-lg">{verdict === "forbidden" ? t("forbidden") : t("notFound")}</p>
        <p className="mt-4">
          <Link href={paths.proHome()}>{t("backHome")}</Link>
        </p>
      </div>
    );
  }
  return <ProDealPage dealId={id} role={role} documents={documents} members={members} extras={extras} />;
}
