import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { paths } from "@/config/paths";

/**
 * /devis: the family says what they need and goes straight to the right funnel. A body
 * to take abroad starts the funeral funnel on its repatriation branch.
 */

const CHOICES = [
  { key: "funeral", href: paths.funnelStart(), icon: "M12 3v18M6 9h12" },
  { key: "repatriation", href: `${paths.funnelStart()}?parcours=rapatriement`, icon: "M2 16l20-6-20-6 4 6-4 6zm4-6h8" },
  { key: "flowers", href: paths.flowers(), icon: "M12 21v-8m0 0c-3 0-5-2-5-5 3 0 5 2 5 5zm0 0c3 0 5-2 5-5-3 0-5 2-5 5zm0-5a3 3 0 1 1 0-6 3 3 0 0 1 0 6z" },
  { key: "tombstone", href: paths.tombstoneCatalogue(), icon: "M6 21V9a6 6 0 0 1 12 0v12M4 21h16" },
] as const;

export async function GenericQuote() {
  const t = await getTranslations("Quote.generic");
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <section className="py-10 sm:py-16">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t("title")}</h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-soft sm:text-xl">{t("lead")}</p>
      </section>
      <ul className="grid gap-4 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <li key={choice.key}>
            <Link
              href={choice.href}
              className="group flex h-full min-h-28 items-start gap-4 rounded-lg border border-line bg-surface p-5 shadow-card hover:border-primary"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary" aria-hidden="true">
                <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="rtl:-scale-x-100">
                  <path d={choice.icon} />
                </svg>
              </span>
              <span>
                <span className="block font-sans text-lg font-semibold text-ink group-hover:underline">{t(`choices.${choice.key}.title`)}</span>
                <span className="mt-1 block text-ink-soft">{t(`choices.${choice.key}.text`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="generic-unsure" className="my-10 rounded-lg border border-line bg-sand-50 p-6">
        <h2 id="generic-unsure" className="font-sans text-xl font-semibold">
          {t("unsureTitle")}
        </h2>
        <p className="mt-2 text-ink-soft">{t("unsureText")}</p>
        <a href={`tel:${ADVISOR_PHONE_E164}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-2" dir="ltr">
          {ADVISOR_PHONE}
        </a>
      </section>
    </div>
  );
}
