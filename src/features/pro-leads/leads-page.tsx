import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { LEAD_KINDS, LEAD_STATES, leadListQuerySchema, type LeadListQuery } from "@/domain/schemas/lead";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { listLeads } from "@/server/services/leads/list-leads";
import { funeralTeam } from "@/server/services/users/funeral-team";
import { Heading } from "@/ui/heading";
import { LeadActions } from "./lead-actions";

type SearchParams = Record<string, string | string[] | undefined>;

export async function leadsMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProHouse.leads" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** The filters of the address (?state=new&kind=funeral&assigned=me&from=…&page=2); a wrong value is ignored, not an error page. */
export function readLeadFilters(params: SearchParams): LeadListQuery {
  const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = leadListQuerySchema.safeParse(flat);
  if (parsed.success) return parsed.data;
  const fallback: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const one = leadListQuerySchema.safeParse({ [key]: value });
    if (one.success) fallback[key] = value;
  }
  return leadListQuerySchema.parse(fallback);
}

function pageHref(filters: LeadListQuery, page: number): string {
  const query = new URLSearchParams();
  for (const key of ["state", "kind", "assigned", "from", "to"] as const) if (filters[key] !== undefined) query.set(key, String(filters[key]));
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${paths.proLeads()}?${text}` : paths.proLeads();
}

const selectClass = "min-h-11 rounded-md border border-line-strong bg-surface px-3";

/** /pro/demandes: the call-back requests, filtered in the address, each with its assignment, call and conversion. */
export async function LeadsPageView({ userId, searchParams }: { userId: number; searchParams: SearchParams }) {
  const t = await getTranslations("ProHouse.leads");
  const format = await getFormatter();
  const filters = readLeadFilters(searchParams);
  const db = await getDb();
  const [{ data, meta }, team] = await Promise.all([listLeads(db, filters, userId), funeralTeam(db)]);
  const advisors = team.map((m) => ({ id: m.id, name: `${m.firstname} ${m.lastname}` }));
  const date = (seconds: number) => format.dateTime(new Date(seconds * 1000), { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("intro")}</p>

      <form method="get" action={paths.proLeads()} aria-label={t("filtersLabel")} className="mt-6 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface p-4">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("state")}
          <select name="state" defaultValue={filters.state ?? ""} className={selectClass}>
            <option value="">{t("stateAll")}</option>
            {LEAD_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("kind")}
          <select name="kind" defaultValue={filters.kind ?? ""} className={selectClass}>
            <option value="">{t("kindAll")}</option>
            {LEAD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("assigned")}
          <select name="assigned" defaultValue={filters.assigned === undefined ? "" : String(filters.assigned)} className={selectClass}>
            <option value="">{t("assignedAll")}</option>
            <option value="none">{t("assignedNone")}</option>
            <option value="me">{t("assignedMe")}</option>
            {advisors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("from")}
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={selectClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("to")}
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={selectClass} />
        </label>
        <button type="submit" className="min-h-11 rounded-md bg-primary px-4 font-semibold text-on-primary">
          {t("apply")}
        </button>
      </form>

      <p className="mt-6 text-ink-soft" role="status">
        {meta.total_count > 0 ? t("total", { count: meta.total_count }) : t("empty")}
      </p>
      {data.length === 0 ? null : (
        <ClientMessages namespaces={["ProHouse.leads", "Errors"]}>
          <ul className="mt-4 grid gap-4">
            {data.map((lead) => (
              <li key={lead.id}>
                <article className="rounded-lg border border-line bg-surface p-4 shadow-card sm:p-5" aria-labelledby={`lead-${lead.id}`} data-testid="lead">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`lead-${lead.id}`} className="font-sans text-lg font-semibold" dir="auto">
                      {[lead.firstname, lead.lastname].filter(Boolean).join(" ")}
                    </h2>
                    <p className="text-sm text-ink-soft">
                      <span className="me-2 rounded-full bg-sand-100 px-2 py-0.5 font-semibold text-ink">{t(`states.${lead.state}`)}</span>
                      {t(`kinds.${lead.kind}`)} · {t("received", { date: date(lead.created_at) })}
                    </p>
                  </div>
                  <p className="mt-2">
                    <span className="font-semibold">{t(`channel.${lead.contact_channel}`)}</span>
                    {lead.phone ? (
                      <>
                        {" · "}
                        <a href={`tel:${lead.phone}`} dir="ltr" className="text-primary underline">
                          {lead.phone}
                        </a>
                      </>
                    ) : null}
                    {lead.email ? (
                      <>
                        {" · "}
                        <a href={`mailto:${lead.email}`} dir="ltr" className="break-all text-primary underline">
                          {lead.email}
                        </a>
                      </>
                    ) : null}
                    {lead.postal_code ? <> · {t("postalCode", { code: lead.postal_code })}</> : null}
                  </p>
                  {lead.message ? (
                    <p className="mt-2 whitespace-pre-line text-ink-soft" dir="auto">
                      {lead.message}
                    </p>
                  ) : null}
                  <p className="mt-2 text-sm">
                    {lead.assigned_to && lead.assigned_at ? t("assignedTo", { name: lead.assigned_to.name, date: date(lead.assigned_at) }) : t("notAssigned")}
                    {lead.called_by && lead.called_at ? <> · {t("calledBy", { name: lead.called_by.name, date: date(lead.called_at) })}</> : null}
                  </p>
                  {lead.call_note ? (
                    <p className="mt-1 whitespace-pre-line text-sm text-ink-soft" dir="auto">
                      {lead.call_note}
                    </p>
                  ) : null}
                  {lead.deal_id !== null ? (
                    <p className="mt-3">
                      <Link href={paths.proDeal(lead.deal_id)} className="inline-flex min-h-11 items-center font-semibold text-primary underline">
                        {t("openDeal", { id: lead.deal_id })}
                      </Link>
                    </p>
                  ) : (
                    <LeadActions leadId={lead.id} advisors={advisors} assignedId={lead.assigned_to?.id ?? null} note={lead.call_note ?? ""} />
                  )}
                </article>
              </li>
            ))}
          </ul>
        </ClientMessages>
      )}
      {meta.total_pages > 1 ? (
        <nav aria-label={t("paginationLabel")} className="mt-6 flex flex-wrap items-center gap-3">
          {filters.page > 1 ? (
            <Link href={pageHref(filters, filters.page - 1)} rel="prev" className="inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-semibold text-primary">
              {t("previous")}
            </Link>
          ) : null}
          <span>{t("pageOf", { page: filters.page, total: meta.total_pages })}</span>
          {filters.page < meta.total_pages ? (
            <Link href={pageHref(filters, filters.page + 1)} rel="next" className="inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-semibold text-primary">
              {t("next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
