import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { formatMoney } from "@/domain/quote/money";
import { ROLES, type Role } from "@/domain/roles";
import { ENTITY_INVOICES_PER_PAGE, type EntityInvoiceSort } from "@/domain/schemas/entity-invoice";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { listEntityInvoices } from "@/server/services/invoices/entity-invoices";
import { buttonClasses } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
import { InvoiceFilters } from "./invoice-filters";
import { dayText, groupText } from "./invoice-format";
import { invoiceListParams, invoiceListSearch, parseInvoiceListQuery, type InvoiceListQuery } from "./invoice-query";
import { StateBadge } from "./state-badge";

export async function invoicesMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProInvoices" });
  return { title: `${t("list.title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

const COLUMNS: { key: EntityInvoiceSort; numeric?: boolean }[] = [{ key: "number" }, { key: "entity" }, { key: "group" }, { key: "state" }, { key: "total", numeric: true }, { key: "created" }];

/** A header that sorts by following a link: the order is part of the address like the filters. */
function SortLink({ query, column, label }: { query: InvoiceListQuery; column: EntityInvoiceSort; label: string }) {
  const active = query.sort === column || (query.sort === null && column === "group");
  const direction = active ? query.direction : null;
  const next = { ...query, sort: column, direction: active && query.direction === "desc" ? ("asc" as const) : ("desc" as const), page: 1 };
  return (
    <th scope="col" aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined} className="p-0 text-start">
      <a href={`${paths.proInvoices()}${invoiceListSearch(next)}`} className="flex min-h-11 items-center gap-1 px-3 font-semibold hover:bg-sand-100">
        {label}
        <span aria-hidden="true" className="text-ink-soft">
          {direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}
        </span>
      </a>
    </th>
  );
}

/** /pro/factures: partners' invoices by partner, period and state, sortable and paged, with the filter's totals. */
export async function InvoicesListPage({ role, search }: { role: Role; search: Record<string, string | string[] | undefined> }) {
  const t = await getTranslations("ProInvoices");
  const locale = await getLocale();
  const flat = new URLSearchParams(Object.entries(search).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));
  const query = parseInvoiceListQuery(flat);
  const page = await listEntityInvoices(await getDb(), invoiceListParams(query, ENTITY_INVOICES_PER_PAGE));
  const writer = role === ROLES.ADMIN || role === ROLES.FUNERAL_DIRECTOR;
  const money = (cents: number) => formatMoney(cents, locale);
  const translate = (key: string, values?: Record<string, string>) => t(key as "group.deal", values as { id: string; year: string });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("list.title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{writer ? t("list.intro") : t("list.introReader")}</p>
      {writer ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={paths.proInvoiceNew()} className={buttonClasses()}>
            {t("list.new")}
          </a>
          <a href={paths.proInvoicePayments()} className={buttonClasses({ variant: "secondary" })}>
            {t("list.payments")}
          </a>
        </div>
      ) : null}
      <div className="mt-6">
        <ClientMessages namespaces={["ProInvoices"]}>
          <InvoiceFilters query={query} />
        </ClientMessages>
      </div>
      <p className="mt-6 font-semibold" aria-live="polite">
        {t("list.summary", { count: String(page.meta.total_count), excl: money(page.totals.cost_tax_excl), incl: money(page.totals.cost_tax_incl) })}
      </p>
      {page.data.length === 0 ? (
        <div className="mt-4 rounded-lg border border-line bg-surface p-6">
          <p>{flat.size > 0 ? t("list.emptyFiltered") : t("list.empty")}</p>
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={t("list.caption")}>
          <table className="w-full border-collapse text-start">
            <caption className="sr-only">{t("list.caption")}</caption>
            <thead className="bg-sand-50">
              <tr>
                {COLUMNS.map((c) => (
                  <SortLink key={c.key} query={query} column={c.key} label={t(`columns.${c.key}`)} />
                ))}
              </tr>
            </thead>
            <tbody>
              {page.data.map((invoice) => (
                <tr key={invoice.id} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-start font-semibold">
                    <Link href={paths.proInvoice(invoice.id)}>
                      <span dir="ltr" className="whitespace-nowrap">{invoice.number ?? t("list.draftNumber", { id: String(invoice.id) })}</span>
                    </Link>
                    {invoice.credit_note_of !== null ? <span className="ms-2 text-sm font-normal text-ink-soft">{t("list.creditNote")}</span> : null}
                  </th>
                  <td className="px-3 py-2">
                    {invoice.entity.name}
                    <span className="block text-sm text-ink-soft">{t(`entityTypes.${invoice.entity.type as "Crematorium"}`)}</span>
                  </td>
                  <td className="px-3 py-2">{groupText(invoice.group, locale, translate)}</td>
                  <td className="px-3 py-2">
                    <StateBadge state={invoice.state} label={t(`states.${invoice.state}`)} />
                  </td>
                  <td className="px-3 py-2 text-end tabular-nums">
                    <span className="block whitespace-nowrap">{t("list.excl", { amount: money(invoice.cost_tax_excl) })}</span>
                    <span className="block whitespace-nowrap font-semibold">{t("list.incl", { amount: money(invoice.cost_tax_incl) })}</span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{dayText(invoice.created_at, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.meta.total_pages > 1 ? (
        <nav aria-label={t("list.pagination")} className="mt-4 flex flex-wrap items-center gap-3">
          {query.page > 1 ? (
            <a className={buttonClasses({ variant: "secondary" })} href={`${paths.proInvoices()}${invoiceListSearch({ ...query, page: query.page - 1 })}`}>
              {t("list.previous")}
            </a>
          ) : null}
          <p aria-current="page">{t("list.pageOf", { page: String(query.page), total: String(page.meta.total_pages) })}</p>
          {query.page < page.meta.total_pages ? (
            <a className={buttonClasses({ variant: "secondary" })} href={`${paths.proInvoices()}${invoiceListSearch({ ...query, page: query.page + 1 })}`}>
              {t("list.next")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
