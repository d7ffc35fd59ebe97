import { eq } from "drizzle-orm";
import type { FormalityField, FormalityState, OngoingFormalityUpdateInput } from "@/domain/schemas/administrative-procedure";
import type { Db } from "@/server/db/client";
import { ongoingFormalities } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";
import { loadFormalities, missingFields } from "@/server/services/procedures/procedure-views";
import { assertProcedureOpen } from "@/server/services/procedures/update-procedure";

export const LETTER_REQUIRED = "sending__letter__feature__invalid";

/**
 * Where a formality may go from each state. Forward as the company answers; back one step
 * when the family corrects a mistake (a letter marked sent too early, an answer that was not one).
 */
export const FORMALITY_TRANSITIONS: Readonly<Record<FormalityState, readonly FormalityState[]>> = {
  to_do: ["sent", "closed"],
  sent: ["to_do", "answered", "closed"],
  answered: ["sent", "closed"],
  closed: ["answered"],
};

/** ISO 13616 IBAN: 2 letters, 2 check digits, up to 30 alphanumerics, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The family's answers checked against the company's formality fields: unknown names and malformed values are codes. */
export function fieldProblems(fields: readonly FormalityField[], values: Record<string, string | null>): { problems: string[]; normalised: Record<string, string | null> } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const problems: string[] = [];
  const normalised: Record<string, string | null> = {};
  for (const [name, raw] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) {
      problems.push(`formality__${name}__unknown`);
      continue;
    }
    const value = raw === null || raw.trim() === "" ? null : raw.trim();
    if (value !== null) {
      if (field.type === "iban" && !isValidIban(value)) problems.push(`formality__${name}__invalid`);
      if (field.type === "date" && !isIsoDate(value)) problems.push(`formality__${name}__invalid`);
      if (field.type === "number" && !/^\d+([.,]\d+)?$/.test(value.replace(/\s/g, ""))) problems.push(`formality__${name}__invalid`);
    }
    normalised[name] = value !== null && field.type === "iban" ? value.replace(/\s+/g, "").toUpperCase() : value;
  }
  return { problems, normalised };
}

/** What marking a formality sent requires: its letter when the company wants one, and every required field. */
export function sendingProblems(view: { formality: { requires_letter: boolean; fields: FormalityField[] }; fields: Record<string, string | null> }, letterGenerated: boolean): string[] {
  const problems: string[] = [];
  if (view.formality.requires_letter && !letterGenerated) problems.push(LETTER_REQUIRED);
  for (const name of missingFields(view.formality.fields, view.fields)) problems.push(`formality__${name}__blank`);
  return problems;
}

/** The timestamps a state sets; going back clears those of the later states. */
export function stateStamps(state: FormalityState, current: { sentAt: Date | null; answeredAt: Date | null; closedAt: Date | null }, now: Date) {
  return {
    state,
    sentAt: state === "to_do" ? null : (current.sentAt ?? (state === "sent" ? now : current.sentAt)),
    answeredAt: state === "answered" || state === "closed" ? (current.answeredAt ?? (state === "answered" ? now : null)) : null,
    closedAt: state === "closed" ? (current.closedAt ?? now) : null,
  };
}

/**
 * PUT /api/v1/ongoing_formalities/{id}: the fields the company asks for (merged name by name,
 * null clears one) and/or a new state along FORMALITY_TRANSITIONS.
 */
export async function updateFormality(db: Db, hold: ProcedureHold, formalityId: number, input: OngoingFormalityUpdateInput["formality"], now: Date = new Date()): Promise<void> {
  await assertProcedureOpen(db, hold.procedureId);
  const [loaded] = await loadFormalities(db, { formalityId });
  const [row] = await db.select().from(ongoingFormalities).where(eq(ongoingFormalities.id, formalityId)).limit(1);
  if (!loaded || !row) throw new ApiError(404, "not_found");
  const view = loaded.view;

  const problems: string[] = [];
  let fields = view.fields;
  if (input.fields) {
    const checked = fieldProblems(view.formality.fields, input.fields);
    problems.push(...checked.problems);
    fields = { ...view.fields, ...checked.normalised };
  }
  let stamps: ReturnType<typeof stateStamps> | null = null;
  if (input.state && input.state !== view.state) {
    if (!FORMALITY_TRANSITIONS[view.state].includes(input.state)) problems.push("formality__state__transition_invalid");
    else {
      if (input.state === "sent") problems.push(...sendingProblems({ formality: view.formality, fields }, row.letterGeneratedAt !== null));
      stamps = stateStamps(input.state, row, now);
    }
  }
  if (problems.length > 0) throw new ApiError(422, [...new Set(problems)]);
  await db
    .update(ongoingFormalities)
    .set({ fields, ...(stamps ?? {}), updatedAt: now })
    .where(eq(ongoingFormalities.id, formalityId));
}
