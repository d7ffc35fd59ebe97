import { getTranslations, setRequestLocale } from "next-intl/server";
import { serverEnv } from "@/config/env";
import { paths } from "@/config/paths";
import { localeOrDefault } from "@/domain/locales";
import { flowerProductsQuerySchema } from "@/domain/schemas/flower-funnel";
import { ClientMessages } from "@/i18n/client-messages";
import { originForLocale } from "@/i18n/locale-host";
import { getDb } from "@/server/db/client";
import { listFlowerProducts } from "@/server/services/flower-funnel/catalogue";
import { offerJsonLd, SCHEMA_CONTEXT } from "@/shared/seo/json-ld";
import { JsonLdScript } from "@/shared/seo/json-ld-script";
import { Container } from "@/ui/container";
import { CATALOGUE_PER_PAGE } from "./flower-api";
import { FlowerFunnel } from "./flower-funnel";

/**
 * /fleurs-obseques: a short introduction, then the funnel. The catalogue's first page is
 * read here, through the service, so it is in the HTML (search engines, first paint).
 */
export async function FlowersPage({ locale }: { locale: string }) {
  setRequestLocale(locale);
  const t = await getTranslations("FlowerFunnel.intro");
  const names = await getTranslations("FlowerCatalog");
  const first = await listFlowerProducts(await getDb(), flowerProductsQuerySchema.parse({ per_page: String(CATALOGUE_PER_PAGE) }));
  const origin = originForLocale(serverEnv().SITE_URL, localeOrDefault(locale));
  const itemList = {
    "@context": SCHEMA_CONTEXT,
    "@type": "ItemList",
    name: t("title"),
    numberOfItems: first.meta.total_count,
    itemListElement: first.items.map((product, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Product",
        name: names.has(product.code) ? names(product.code as Parameters<typeof names>[0]) : product.name,
        sku: product.code,
        image: `${origin}${product.picture}`,
        offers: offerJsonLd({ priceCents: product.price_ttc_cents, url: `${origin}${paths.flowers()}`, availability: "InStock" }),
      },
    })),
  };
  const intro = (
    <header className="pt-8">
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-3">
        {(["ceremony", "prices", "account"] as const).map((key) => (
          <li key={key} className="rounded-md bg-accent-soft px-3 py-2 text-ink">
            {t(`reassurance.${key}`)}
          </li>
        ))}
      </ul>
    </header>
  );
  return (
    <Container className="pb-12">
      <JsonLdScript data={itemList} />
      <ClientMessages namespaces={["FlowerFunnel", "FlowerCatalog"]}>
        <FlowerFunnel initial={first} intro={intro} />
      </ClientMessages>
    </Container>
  );
}
