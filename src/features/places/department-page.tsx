import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import type { DepartmentView } from "./commune-view";
import { PARTNER_KINDS } from "./nearest-partners";
import { PartnerLists } from "./partner-list";

/** Where the page sits, for the breadcrumb trail and its structured data. */
export async function departmentCrumbs(view: DepartmentView): Promise<Array<{ name: string; href: string }>> {
  const t = await getTranslations("Places.breadcrumbs");
  return [
    { name: t("home"), href: paths.home() },
    { name: t("index"), href: paths.funeralIndex() },
    { name: view.department.name, href: view.path },
  ];
}

/** A département: its partner places and a link to every one of its communes. */
export async function DepartmentPage({ view }: { view: DepartmentView }) {
  const t = await getTranslations("Places.department");
  const tp = await getTranslations("Places");
  const { name, code, regionName } = view.department;
  const anyPartner = PARTNER_KINDS.some((kind) => view.partners[kind].length > 0);
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <header className="py-8 sm:py-10">
        <h1 className="max-w-3xl text-3xl sm:text-5xl">{t("heading", { department: name, code })}</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">{t("lead")}</p>
        <p className="mt-2 text-ink-soft">{t("region", { region: regionName })}</p>
      </header>

      <section aria-labelledby="communes-heading">
        <h2 id="communes-heading" className="text-2xl">
          {t("communesHeading", { count: view.communes.length })}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
          {view.communes.map((c) => (
            <li key={c.href}>
              <Link href={c.href} prefetch={false} className="inline-flex min-h-11 items-center text-primary underline underline-offset-[0.2em] hover:decoration-2">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="department-partners-heading" className="mt-12">
        <h2 id="department-partners-heading" className="text-2xl">
          {t("partnersHeading")}
        </h2>
        {anyPartner ? (
          <>
            {view.hasDemo ? <p className="mt-2 text-sm text-ink-soft">{tp("partners.demoNote")}</p> : null}
            <div className="mt-5">
              <PartnerLists partners={view.partners} />
            </div>
          </>
        ) : (
          <p className="mt-3 max-w-2xl text-ink-soft">{t("noPartners")}</p>
        )}
      </section>
    </div>
  );
}
