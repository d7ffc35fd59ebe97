import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { invoiceGroup, normalizeInvoiceGroupId } from "@/domain/invoices/group";
import { formatInvoiceNumber } from "@/domain/invoices/numbering";
import { invoiceState, isEditable, type InvoiceState } from "@/domain/invoices/state";
import { invoiceTotals, isConsistentPrestation } from "@/domain/invoices/totals";
import { pagingMeta } from "@/domain/schemas/common";
import type { EntityInvoiceSort, EntityInvoiceView, InvoiceEntityType } from "@/domain/schemas/entity-invoice";
import { epochSeconds, todayInFrance } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { deals } from "@/server/db/schema/deals";
import { entityInvoiceCounters, entityInvoicePrestations, entityInvoices } from "@/server/db/schema/invoices";
import { crematoriums, funeralParlors, graveyards } from "@/server/db/schema/partners";
import { suppliers } from "@/server/db/schema/suppliers";
import { ApiError, notFoundError } from "@/server/http/errors";
import { lockBillable } from "@/server/services/invoices/billable-prestations";

/**
 * Entity invoices (SPEC §3, §7): partners bill the product for their prestations. A draft is
 * edited freely; validation gives it the next number of its entity's yearly sequence in the
 * same transaction and freezes it; a correction is a credit note, a new invoice with the
 * prestations negated. Totals are never written by callers: they are recomputed from the
 * prestations on every change (domain/invoices/totals.ts).
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;
type InvoiceRow = typeof entityInvoices.$inferSelect;
type PrestationRow = typeof entityInvoicePrestations.$inferSelect;

const IMMUTABLE = "entity_invoice__state__immutable";

/** The partner table of each invoice entity type. */
export const ENTITY_TABLES = { Crematorium: crematoriums, FuneralParlor: funeralParlors, Graveyard: graveyards, Supplier: suppliers } as const;

function view(row: InvoiceRow, prestations: readonly PrestationRow[]): EntityInvoiceView {
  const totals = invoiceTotals(prestations);
  return {
    id: row.id,
    number: row.number,
    state: invoiceState(row),
    credit_note_of: row.creditNoteOfId,
    entity: { type: row.entityType, id: row.entityId, name: row.entityName },
    group: { type: row.groupType, id: row.groupId, year: row.groupYear },
    bank_transfer_label: row.bankTransferLabel,
    payee_iban: row.payeeIban,
    payee_bic: row.payeeBic,
    cost_tax_excl: row.costTaxExcl,
    cost_tax_incl: row.costTaxIncl,
    vat: totals.vat.map((l) => ({ rate_bp: l.rateBp, base: l.baseCents, tax: l.taxCents })),
    prestations: prestations.map((p) => ({ id: p.id, description: p.description, cost_ht: p.costHt, cost_ttc: p.costTtc, vat_rate_bp: p.vatRateBp, deal_id: p.dealId })),
    validated_at: row.validatedAt ? epochSeconds(row.validatedAt) : null,
    paid_at: row.paidAt ? epochSeconds(row.paidAt) : null,
    created_at: epochSeconds(row.createdAt),
  };
}

async function prestationsOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, PrestationRow[]>> {
  const byInvoice = new Map<number, PrestationRow[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db.select().from(entityInvoicePrestations).where(inArray(entityInvoicePrestations.entityInvoiceId, [...invoiceIds])).orderBy(asc(entityInvoicePrestations.id));
  for (const row of rows) byInvoice.get(row.entityInvoiceId)?.push(row);
  return byInvoice;
}

async function views(db: Executor, rows: readonly InvoiceRow[]): Promise<EntityInvoiceView[]> {
  const prestations = await prestationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, prestations.get(r.id) ?? []));
}

/** The start of a UTC day and of the day after (filters take YYYY-MM-DD). */
function dayBounds(from?: string, to?: string, column: SQL = sql`coalesce(${entityInvoices.validatedAt}, ${entityInvoices.createdAt})`): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) out.push(lt(column, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
  return out;
}

function stateCondition(state: InvoiceState): SQL {
  if (state === "draft") return isNull(entityInvoices.validatedAt);
  if (state === "validated") return and(isNotNull(entityInvoices.validatedAt), isNull(entityInvoices.paidAt))!;
  return isNotNull(entityInvoices.paidAt);
}

export interface ListParams {
  page: number;
  per_page: number;
  entity_type?: InvoiceEntityType | undefined;
  entity_id?: number | undefined;
  group_type?: InvoiceRow["groupType"] | undefined;
  group_id?: number | undefined;
  group_year?: number | undefined;
  state?: InvoiceState | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: EntityInvoiceSort | undefined;
  direction?: "asc" | "desc" | undefined;
}

/** The list's order: the column asked for, then the newest first so pages never shuffle. */
function listOrder(sort: EntityInvoiceSort | undefined, direction: "asc" | "desc" | undefined): SQL[] {
  const dir = direction === "asc" ? asc : desc;
  const columns: Record<EntityInvoiceSort, SQL[]> = {
    group: [dir(entityInvoices.groupYear), dir(entityInvoices.groupType), dir(entityInvoices.groupId)],
    number: [sql`${entityInvoices.number} ${sql.raw(direction === "asc" ? "asc" : "desc")} nulls last`],
    entity: [dir(entityInvoices.entityName)],
    state: [sql`(${entityInvoices.validatedAt} is not null)::int + (${entityInvoices.paidAt} is not null)::int ${sql.raw(direction === "asc" ? "asc" : "desc")}`],
    total: [dir(entityInvoices.costTaxIncl)],
    created: [dir(entityInvoices.createdAt)],
  };
  return [...columns[sort ?? "group"], desc(entityInvoices.id)];
}

export async function listEntityInvoices(db: Db, p: ListParams) {
  const conditions: SQL[] = [];
  if (p.entity_type) conditions.push(eq(entityInvoices.entityType, p.entity_type));
  if (p.entity_id) conditions.push(eq(entityInvoices.entityId, p.entity_id));
  if (p.group_type) conditions.push(eq(entityInvoices.groupType, p.group_type));
  // The same §5 rule as on write, so ?group_id=3 finds group 3000.
  if (p.group_id) conditions.push(eq(entityInvoices.groupId, normalizeInvoiceGroupId(p.group_id)));
  if (p.group_year) conditions.push(eq(entityInvoices.groupYear, p.group_year));
  if (p.state) conditions.push(stateCondition(p.state));
  conditions.push(...dayBounds(p.from, p.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db
    .select({ value: count(), excl: sql<string>`coalesce(sum(${entityInvoices.costTaxExcl}), 0)`, incl: sql<string>`coalesce(sum(${entityInvoices.costTaxIncl}), 0)` })
    .from(entityInvoices)
    .where(where);
  const rows = await db
    .select()
    .from(entityInvoices)
    .where(where)
    .orderBy(...listOrder(p.sort, p.direction))
    .limit(p.per_page)
    .offset((p.page - 1) * p.per_page);
  return {
    data: await views(db, rows),
    meta: pagingMeta(p.page, p.per_page, Number(total?.value ?? 0)),
    // Every page of the filter, not only this one: what the director checks against the partner's statement.
    totals: { cost_tax_excl: Number(total?.excl ?? 0), cost_tax_incl: Number(total?.incl ?? 0) },
  };
}

async function invoiceRow(db: Executor, id: number, lock = false): Promise<InvoiceRow> {
  const query = db.select().from(entityInvoices).where(eq(entityInvoices.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFoundError();
  return row;
}

export async function getEntityInvoice(db: Executor, id: number): Promise<EntityInvoiceView> {
  return (await views(db, [await invoiceRow(db, id)]))[0]!;
}

async function entityName(db: Executor, type: InvoiceEntityType, id: number): Promise<string> {
  const table = ENTITY_TABLES[type];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw new ApiError(422, "entity_invoice__entity__unknown");
  return row.name;
}

export interface CreateInvoiceInput {
  entity: { type: InvoiceEntityType; id: number };
  group: { type: InvoiceRow["groupType"]; id: number; year: number };
  billable?: { deal_id: number; source_code: string }[] | undefined;
  prestations?: PrestationInput[] | undefined;
}

/**
 * A draft, and in the same transaction the billable prestations picked (their amounts read
 * again from the deals: services/invoices/billable-prestations.ts) and those typed by hand.
 */
export async function createEntityInvoice(db: Db, input: CreateInvoiceInput, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const name = await entityName(tx, input.entity.type, input.entity.id);
    const group = invoiceGroup(input.group.type, input.group.id, input.group.year);
    const picked = await lockBillable(tx, input.entity.type, input.entity.id, input.billable ?? []);
    if (picked === null) throw new ApiError(422, "entity_invoice__billable__unavailable");
    for (const typed of input.prestations ?? []) await checkPrestation(tx, typed);
    const [row] = await tx
      .insert(entityInvoices)
      .values({ entityType: input.entity.type, entityId: input.entity.id, entityName: name, groupType: group.type, groupId: group.id, groupYear: group.year, createdAt: now, updatedAt: now })
      .returning();
    const lines = [...picked, ...(input.prestations ?? [])];
    if (lines.length === 0) return view(row!, []);
    await tx.insert(entityInvoicePrestations).values(lines.map((line) => ({ entityInvoiceId: row!.id, ...prestationValues(line), createdAt: now, updatedAt: now })));
    await refreshTotals(tx, row!.id, now);
    return getEntityInvoice(tx, row!.id);
  });
}

/** Locks a draft for a write: a validated or paid invoice answers 422 (immutable). */
async function draftForWrite(tx: Tx, id: number): Promise<InvoiceRow> {
  const row = await invoiceRow(tx, id, true);
  if (!isEditable(invoiceState(row))) throw new ApiError(422, IMMUTABLE);
  return row;
}

export async function updateEntityInvoice(
  db: Db,
  id: number,
  input: { group?: { type: InvoiceRow["groupType"]; id: number; year: number } | undefined; payee_iban?: string | null | undefined; payee_bic?: string | null | undefined },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const current = await draftForWrite(tx, id);
    if (input.payee_iban !== undefined || input.payee_bic !== undefined) {
      const iban = input.payee_iban !== undefined ? input.payee_iban : current.payeeIban;
      const bic = input.payee_bic !== undefined ? input.payee_bic : current.payeeBic;
      // A BIC names its bank's country (letters 5-6); SEPA refuses one that differs from the IBAN's.
      if (iban && bic && bic.slice(4, 6) !== iban.slice(0, 2)) throw new ApiError(422, "entity_invoice__payee_bic__invalid");
      await tx
        .update(entityInvoices)
        .set({ ...(input.payee_iban !== undefined ? { payeeIban: input.payee_iban } : {}), ...(input.payee_bic !== undefined ? { payeeBic: input.payee_bic } : {}), updatedAt: now })
        .where(eq(entityInvoices.id, id));
    }
    if (input.group) {
      const group = invoiceGroup(input.group.type, input.group.id, input.group.year);
      await tx.update(entityInvoices).set({ groupType: group.type, groupId: group.id, groupYear: group.year, updatedAt: now }).where(eq(entityInvoices.id, id));
    }
    return getEntityInvoice(tx, id);
  });
}

/** Recomputes the stored totals from the prestations (the only writer of cost_tax_excl/incl). */
async function refreshTotals(tx: Tx, id: number, now: Date) {
  const prestations = (await prestationsOf(tx, [id])).get(id) ?? [];
  const totals = invoiceTotals(prestations);
  await tx.update(entityInvoices).set({ costTaxExcl: totals.costTaxExcl, costTaxIncl: totals.costTaxIncl, updatedAt: now }).where(eq(entityInvoices.id, id));
}

export interface PrestationInput {
  description: string;
  cost_ht: number;
  cost_ttc: number;
  vat_rate_bp: number;
  deal_id?: number | null | undefined;
}

async function checkPrestation(tx: Tx, input: PrestationInput) {
  const codes: string[] = [];
  if (!isConsistentPrestation({ costHt: input.cost_ht, costTtc: input.cost_ttc, vatRateBp: input.vat_rate_bp })) codes.push("entity_invoice_prestation__cost_ttc__inconsistent");
  if (input.deal_id) {
    const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, input.deal_id));
    if (!deal) codes.push("entity_invoice_prestation__deal_id__unknown");
  }
  if (codes.length > 0) throw new ApiError(422, codes);
}

const prestationValues = (input: PrestationInput) => ({ description: input.description, costHt: input.cost_ht, costTtc: input.cost_ttc, vatRateBp: input.vat_rate_bp, dealId: input.deal_id ?? null });

export async function addPrestation(db: Db, invoiceId: number, input: PrestationInput, now: Date) {
  return db.transaction(async (tx) => {
    await draftForWrite(tx, invoiceId);
    await checkPrestation(tx, input);
    await tx.insert(entityInvoicePrestations).values({ entityInvoiceId: invoiceId, ...prestationValues(input) });
    await refreshTotals(tx, invoiceId, now);
    return getEntityInvoice(tx, invoiceId);
  });
}

async function ownPrestation(tx: Tx, invoiceId: number, prestationId: number) {
  const [row] = await tx
    .select({ id: entityInvoicePrestations.id })
    .from(entityInvoicePrestations)
    .where(and(eq(entityInvoicePrestations.id, prestationId), eq(entityInvoicePrestations.entityInvoiceId, invoiceId)));
  if (!row) throw notFoundError();
}

export async function updatePrestation(db: Db, invoiceId: number, prestationId: number, input: PrestationInput, now: Date) {
  return db.transaction(async (tx) => {
    await draftForWrite(tx, invoiceId);
    await ownPrestation(tx, invoiceId, prestationId);
    await checkPrestation(tx, input);
    await tx
      .update(entityInvoicePrestations)
      .set({ ...prestationValues(input), updatedAt: now })
      .where(eq(entityInvoicePrestations.id, prestationId));
    await refreshTotals(tx, invoiceId, now);
    return getEntityInvoice(tx, invoiceId);
  });
}

export async function deletePrestation(db: Db, invoiceId: number, prestationId: number, now: Date) {
  return db.transaction(async (tx) => {
    await draftForWrite(tx, invoiceId);
    await ownPrestation(tx, invoiceId, prestationId);
    await tx.delete(entityInvoicePrestations).where(eq(entityInvoicePrestations.id, prestationId));
    await refreshTotals(tx, invoiceId, now);
    return getEntityInvoice(tx, invoiceId);
  });
}

/**
 * Validates a draft: the counter row of (entity, year) is upserted and incremented in the
 * transaction, so concurrent validations queue on its row lock and each gets the next
 * number; a failure later in the transaction rolls the counter back with it (no gap).
 */
export async function validateEntityInvoice(db: Db, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await draftForWrite(tx, id);
    const prestations = (await prestationsOf(tx, [id])).get(id) ?? [];
    if (prestations.length === 0) throw new ApiError(422, "entity_invoice__prestations__empty");
    const year = Number(todayInFrance(now).slice(0, 4));
    const [counter] = await tx
      .insert(entityInvoiceCounters)
      .values({ entityType: row.entityType, entityId: row.entityId, year, lastSeq: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [entityInvoiceCounters.entityType, entityInvoiceCounters.entityId, entityInvoiceCounters.year],
        set: { lastSeq: sql`${entityInvoiceCounters.lastSeq} + 1`, updatedAt: now },
      })
      .returning({ lastSeq: entityInvoiceCounters.lastSeq });
    const seq = counter!.lastSeq;
    await tx
      .update(entityInvoices)
      .set({ number: formatInvoiceNumber(year, seq), numberYear: year, numberSeq: seq, validatedAt: now, updatedAt: now })
      .where(eq(entityInvoices.id, id));
    return getEntityInvoice(tx, id);
  });
}

/** A credit note for a validated invoice: a draft with every prestation negated, validated like any invoice. */
export async function createCreditNote(db: Db, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const original = await invoiceRow(tx, id, true);
    if (original.validatedAt === null) throw new ApiError(422, "entity_invoice__credit_note__draft");
    if (original.creditNoteOfId !== null) throw new ApiError(422, "entity_invoice__credit_note__of_credit_note");
    const [existing] = await tx.select({ id: entityInvoices.id }).from(entityInvoices).where(eq(entityInvoices.creditNoteOfId, id));
    if (existing) throw new ApiError(422, "entity_invoice__credit_note__exists");
    const [note] = await tx
      .insert(entityInvoices)
      .values({
        entityType: original.entityType,
        entityId: original.entityId,
        entityName: original.entityName,
        groupType: original.groupType,
        groupId: original.groupId,
        groupYear: original.groupYear,
        creditNoteOfId: original.id,
        // Netted against the partner's account in the transfer file, so it keeps the invoice's.
        payeeIban: original.payeeIban,
        payeeBic: original.payeeBic,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: entityInvoices.id });
    const prestations = (await prestationsOf(tx, [id])).get(id) ?? [];
    if (prestations.length > 0) {
      await tx.insert(entityInvoicePrestations).values(
        prestations.map((p) => ({ entityInvoiceId: note!.id, description: p.description, costHt: -p.costHt, costTtc: -p.costTtc, vatRateBp: p.vatRateBp, dealId: p.dealId })),
      );
    }
    await refreshTotals(tx, note!.id, now);
    return getEntityInvoice(tx, note!.id);
  });
}

/** Validated invoices not paid yet (a credit note nets against its invoice in the same list). */
export async function pendingPayments(db: Executor, p: { from?: string | undefined; to?: string | undefined }) {
  const rows = await db
    .select()
    .from(entityInvoices)
    .where(and(isNotNull(entityInvoices.validatedAt), isNull(entityInvoices.paidAt), ...dayBounds(p.from, p.to, sql`${entityInvoices.validatedAt}`)))
    .orderBy(asc(entityInvoices.entityType), asc(entityInvoices.entityId), asc(entityInvoices.numberYear), asc(entityInvoices.numberSeq));
  return views(db, rows);
}

async function lockAll(tx: Tx, ids: readonly number[]): Promise<InvoiceRow[]> {
  const unique = [...new Set(ids)];
  const rows = await tx.select().from(entityInvoices).where(inArray(entityInvoices.id, unique)).orderBy(asc(entityInvoices.id)).for("update");
  if (rows.length !== unique.length) throw notFoundError();
  return rows;
}

/** Records a bank transfer: the pending invoices it paid carry its label and are paid. */
export async function recordBankTransfer(db: Db, input: { ids: number[]; bank_transfer_label: string }, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await lockAll(tx, input.ids);
    if (rows.some((r) => invoiceState(r) !== "validated")) throw new ApiError(422, "entity_invoice__state__not_pending");
    await tx
      .update(entityInvoices)
      .set({ bankTransferLabel: input.bank_transfer_label, paidAt: now, updatedAt: now })
      .where(
        inArray(
          entityInvoices.id,
          rows.map((r) => r.id),
        ),
      );
    return views(tx, await lockAll(tx, input.ids));
  });
}

/** Resets paid invoices (a transfer that bounced) to pending, without their transfer label. */
export async function resetPendingPayments(db: Db, input: { ids: number[] }, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await lockAll(tx, input.ids);
    if (rows.some((r) => invoiceState(r) !== "paid")) throw new ApiError(422, "entity_invoice__state__not_paid");
    await tx
      .update(entityInvoices)
      .set({ bankTransferLabel: null, paidAt: null, updatedAt: now })
      .where(
        inArray(
          entityInvoices.id,
          rows.map((r) => r.id),
        ),
      );
    return views(tx, await lockAll(tx, input.ids));
  });
}
