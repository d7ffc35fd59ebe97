import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";

export async function NotFoundContent() {
  const t = await getTranslations("Shell.notFound");
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:py-24">
      <p className="font-serif text-6xl text-sand-300" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl sm:text-4xl">{t("title")}</h1>
      <p className="mt-4 text-lg text-ink-soft">{t("body")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={paths.home()} className="inline-flex min-h-12 items-center rounded-md border border-line-strong px-5 font-semibold text-ink hover:bg-sand-50">
          {t("home")}
        </Link>
        <Link href={paths.funeralQuote()} className="inline-flex min-h-12 items-center rounded-md bg-accent px-5 font-semibold text-on-primary hover:bg-accent-hover">
          {t("quote")}
        </Link>
      </div>
    </section>
  );
}
