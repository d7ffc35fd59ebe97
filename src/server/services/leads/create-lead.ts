import type { LeadInput } from "@/domain/schemas/lead";
import type { Db } from "@/server/db/client";
import { leads } from "@/server/db/schema/content";
import { epochSeconds } from "@/domain/time";

/** Records a family's request to be contacted; marketing attributes are kept only with consent. */
export async function createLead(db: Db, input: LeadInput) {
  const tracking = input.tracking?.consent ? { ...input.tracking, expiration_date: input.tracking.expiration_date?.toISOString() ?? null } : null;
  const [row] = await db
    .insert(leads)
    .values({
      kind: input.kind,
      firstname: input.firstname ?? null,
      lastname: input.lastname,
      phone: input.phone ?? null,
      email: input.email ?? null,
      contactChannel: input.contact_channel,
      postalCode: input.postal_code ?? null,
      message: input.message ?? null,
      tracking,
    })
    .returning({ id: leads.id, kind: leads.kind, contactChannel: leads.contactChannel, createdAt: leads.createdAt });
  return { id: row!.id, kind: row!.kind, contact_channel: row!.contactChannel, created_at: epochSeconds(row!.createdAt) };
}
