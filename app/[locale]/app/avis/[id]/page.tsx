import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { requireServerAccount } from "@/features/auth/server-session";
import { DEAL_EXTRAS_MESSAGES, ExtrasPage, extrasPageMetadata } from "@/features/deal-extras/extras-page";
import { FamilyReviewForm } from "@/features/deal-extras/family-review-form";
import { ClientMessages } from "@/i18n/client-messages";

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  return extrasPageMetadata(locale, "familyReview", paths.dealReview(id));
}

export default async function Page({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!/^[1-9]\d{0,8}$/.test(id)) notFound();
  await requireServerAccount("client", paths.dealReview(id));
  return (
    <ClientMessages namespaces={DEAL_EXTRAS_MESSAGES}>
      <ExtrasPage pageKey="familyReview">
        <FamilyReviewForm dealId={Number(id)} />
      </ExtrasPage>
    </ClientMessages>
  );
}
