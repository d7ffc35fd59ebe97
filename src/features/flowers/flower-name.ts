import { useTranslations } from "next-intl";

/**
 * An arrangement's name in the page's language, from the FlowerCatalog messages; a code the
 * messages do not know yet (a product added to the catalogue since) keeps the API's French name.
 */
export function useFlowerName(): (code: string, frenchName: string) => string {
  const t = useTranslations("FlowerCatalog");
  return (code, frenchName) => (t.has(code) ? t(code as Parameters<typeof t>[0]) : frenchName);
}
