import { aliasedTable, eq, type SQL } from "drizzle-orm";
import type { LeadView } from "@/domain/schemas/lead";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { leads } from "@/server/db/schema/content";
import { businessUsers } from "@/server/db/schema/users";

/** A lead as the funeral team reads it: the request, who has it, who called and when, the deal it became. */

const assignee = aliasedTable(businessUsers, "assignee");
const caller = aliasedTable(businessUsers, "caller");

const SELECTION = {
  lead: leads,
  assigneeId: assignee.id,
  assigneeFirst: assignee.firstname,
  assigneeLast: assignee.lastname,
  callerId: caller.id,
  callerFirst: caller.firstname,
  callerLast: caller.lastname,
};

type Row = {
  lead: typeof leads.$inferSelect;
  assigneeId: number | null;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  callerId: number | null;
  callerFirst: string | null;
  callerLast: string | null;
};

const seconds = (date: Date | null) => (date ? epochSeconds(date) : null);
const person = (id: number | null, first: string | null, last: string | null) => (id === null ? null : { id, name: `${first ?? ""} ${last ?? ""}`.trim() });

export function toLeadView(row: Row): LeadView {
  const l = row.lead;
  return {
    id: l.id,
    kind: l.kind,
    state: l.state,
    firstname: l.firstname,
    lastname: l.lastname,
    phone: l.phone,
    email: l.email,
    contact_channel: l.contactChannel,
    postal_code: l.postalCode,
    message: l.message,
    created_at: epochSeconds(l.createdAt),
    assigned_to: person(row.assigneeId, row.assigneeFirst, row.assigneeLast),
    assigned_at: seconds(l.assignedAt),
    called_by: person(row.callerId, row.callerFirst, row.callerLast),
    called_at: seconds(l.calledAt),
    call_note: l.callNote,
    deal_id: l.dealId,
    converted_at: seconds(l.convertedAt),
  };
}

/** The leads matching `where`, with their people joined; the caller orders and pages. */
export function selectLeads(db: Db, where: SQL | undefined) {
  return db
    .select(SELECTION)
    .from(leads)
    .leftJoin(assignee, eq(assignee.id, leads.assignedToId))
    .leftJoin(caller, eq(caller.id, leads.calledById))
    .where(where)
    .$dynamic();
}

export async function getLeadView(db: Db, id: number): Promise<LeadView | null> {
  const [row] = await selectLeads(db, eq(leads.id, id)).limit(1);
  return row ? toLeadView(row) : null;
}
