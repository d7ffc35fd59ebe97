import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { paths } from "@/config/paths";
import { ClientMessages } from "@/i18n/client-messages";
import { FlowerConfirmation } from "@/features/flowers/flower-confirmation";
import { pageMetadata } from "@/shared/seo/page-metadata";
import { Container } from "@/ui/container";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, "flowersConfirmation", paths.flowersConfirmation(), { noindex: true });
}

export default async function Page({ params }: Props) {
  setRequestLocale((await params).locale);
  return (
    <ClientMessages namespaces={["FlowerFunnel", "FlowerCatalog"]}>
      <Container>
        <FlowerConfirmation />
      </Container>
    </ClientMessages>
  );
}
