import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { BILLABLE_DEAL_STATES, billableLines, isQuotedPartnerType, QUOTE_PARTNER_PREFIXES, type QuotedPartnerType } from "@/domain/invoices/billable";
import type { BillablePrestation, InvoiceEntityType } from "@/domain/schemas/entity-invoice";
import type { Db } from "@/server/db/client";
import { deals, dealSteps } from "@/server/db/schema/deals";
import { entityInvoicePrestations, entityInvoices } from "@/server/db/schema/invoices";
import { defuncts } from "@/server/db/schema/procedures";

/**
 * A partner's billable prestations (issue 16 "grouping"), derived from the deals: the lines of
 * each signed funeral deal's frozen quote that name the partner (domain/invoices/billable.ts).
 * A prestation is dated by the deal's step at that partner (done, else scheduled: the
 * cremation, the interment, the parlour stay), else by the deal's creation day, so a month's
 * invoice gathers what happened that month. A deal already on an invoice of the partner is
 * left out, unless that invoice was corrected by a validated credit note. A deal priced with
 * demonstration data (deals.demo) stays listed but says so, as the page does.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

interface Candidate {
  id: number;
  quote: unknown;
  demo: boolean;
  firstname: string | null;
  lastname: string | null;
  day: string;
}

/** Whether the deal sits on an invoice of this partner that no validated credit note cancelled. */
function alreadyInvoiced(type: string, id: number): SQL {
  return sql`exists (
    select 1 from ${entityInvoicePrestations} p
    join ${entityInvoices} i on i.id = p.entity_invoice_id
    where p.deal_id = ${deals.id} and i.entity_type = ${type} and i.entity_id = ${id} and i.credit_note_of_id is null
      and not exists (select 1 from ${entityInvoices} c where c.credit_note_of_id = i.id and c.validated_at is not null)
  )`;
}

/** When the prestation happened: the deal's step at the partner, done, else scheduled; else the deal's creation. */
function prestationInstant(type: string, id: number): SQL {
  return sql`coalesce((select min(coalesce(s.done_at, s.scheduled_at)) from ${dealSteps} s where s.deal_id = ${deals.id} and s.location_type = ${type} and s.location_id = ${id}), ${deals.createdAt})`;
}

/** The deals whose quote names the partner, with the day their prestation is dated. */
async function candidates(db: Executor, type: QuotedPartnerType, id: number, extra: SQL[]): Promise<Candidate[]> {
  const prefix = `${QUOTE_PARTNER_PREFIXES[type]}-${id}`;
  const day = sql<string>`to_char(${prestationInstant(type, id)} at time zone 'UTC', 'YYYY-MM-DD')`;
  const namesPartner = sql`exists (
    select 1 from jsonb_array_elements(case when jsonb_typeof(${deals.quote}->'lines') = 'array' then ${deals.quote}->'lines' else '[]'::jsonb end) l
    where l->>'sourceCode' = ${prefix} or l->>'sourceCode' like ${`${prefix}-%`}
  )`;
  const rows = await db
    .select({ id: deals.id, quote: deals.quote, demo: deals.demo, firstname: defuncts.firstname, lastname: defuncts.lastname, day })
    .from(deals)
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .where(and(eq(deals.kind, "funeral"), inArray(deals.state, [...BILLABLE_DEAL_STATES]), isNotNull(deals.quote), namesPartner, sql`not ${alreadyInvoiced(type, id)}`, ...extra))
    .orderBy(asc(day), asc(deals.id));
  return rows;
}

function toPrestations(rows: readonly Candidate[], type: QuotedPartnerType, id: number): BillablePrestation[] {
  return rows.flatMap((row) =>
    billableLines(row.quote, type, id).map((line) => ({
      deal_id: row.id,
      deal_label: [row.firstname, row.lastname].filter(Boolean).join(" "),
      source_code: line.sourceCode,
      description: line.description,
      cost_ht: line.costHt,
      cost_ttc: line.costTtc,
      vat_rate_bp: line.vatRateBp,
      date: row.day,
      demo: row.demo,
    })),
  );
}

/** GET …/billable_prestations: what the partner may bill for the days from..to. Suppliers have no quoted lines yet. */
export async function listBillablePrestations(db: Executor, p: { entity_type: InvoiceEntityType; entity_id: number; from: string; to: string }): Promise<BillablePrestation[]> {
  if (!isQuotedPartnerType(p.entity_type)) return [];
  const stepDay = prestationInstant(p.entity_type, p.entity_id);
  const from = new Date(`${p.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${p.to}T00:00:00Z`) + 86_400_000);
  const rows = await candidates(db, p.entity_type, p.entity_id, [sql`${stepDay} >= ${from}`, sql`${stepDay} < ${to}`]);
  return toPrestations(rows, p.entity_type, p.entity_id);
}

/**
 * The picked billable lines, read again inside the creating transaction after locking their
 * deals (in id order), so two invoices created at once cannot both take the same deal.
 * Anything no longer billable (invoiced meanwhile, deal cancelled, unknown line) is refused.
 */
export async function lockBillable(tx: Tx, type: InvoiceEntityType, id: number, keys: readonly { deal_id: number; source_code: string }[]): Promise<BillablePrestation[] | null> {
  if (keys.length === 0) return [];
  if (!isQuotedPartnerType(type)) return null;
  const dealIds = [...new Set(keys.map((k) => k.deal_id))].sort((a, b) => a - b);
  await tx.select({ id: deals.id }).from(deals).where(inArray(deals.id, dealIds)).orderBy(asc(deals.id)).for("update");
  const available = toPrestations(await candidates(tx, type, id, [inArray(deals.id, dealIds)]), type, id);
  const picked: BillablePrestation[] = [];
  for (const key of keys) {
    const line = available.find((a) => a.deal_id === key.deal_id && a.source_code === key.source_code);
    if (!line) return null;
    if (!picked.includes(line)) picked.push(line);
  }
  return picked;
}
