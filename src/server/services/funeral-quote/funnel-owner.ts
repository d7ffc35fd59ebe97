import type { FunnelClientInput } from "@/domain/schemas/funeral-quote";
import type { Db } from "@/server/db/client";
import { ApiError } from "@/server/http/errors";
import type { ClientRow } from "@/server/services/auth/users";
import { findClientByEmail, type OwnerWrite } from "@/server/services/deals/deal-owner";
import { limitFunnelEmail, type FunnelContext } from "@/server/services/funeral-quote/funnel-context";
import { clientValues, sameContact } from "@/server/services/funeral-quote/funnel-values";

/**
 * Who a funnel deal belongs to, the same for every funnel (funeral, monument): the contact
 * step makes the family the owner, an address already known stays its holder's, and the
 * link alone never changes who the family is.
 */

/** The existing account a first save puts the deal under (only its holder, signed in, may), after counting the e-mail it will cost. */
export async function ownerOfNewDeal(db: Db, client: FunnelClientInput | null, submit: boolean, ctx: FunnelContext, now: Date): Promise<ClientRow | null> {
  const existing = client ? await findClientByEmail(db, client.email) : null;
  if (existing && (ctx.auth?.realm !== "client" || ctx.auth.userId !== existing.id)) throw new ApiError(422, "client__email__taken");
  if (client && (existing === null || submit)) await limitFunnelEmail(db, client.email, ctx, now);
  return existing;
}

/** What a later save's contact details do to the deal's owner. */
export async function ownerWriteOf(db: Db, owner: ClientRow | null, client: FunnelClientInput | null, ctx: FunnelContext): Promise<OwnerWrite> {
  if (!client) return { kind: "none" };
  const signedInClientId = ctx.auth?.realm === "client" ? ctx.auth.userId : null;
  if (owner && signedInClientId === owner.id) {
    // The signed-in owner changes their own details; another account's address stays theirs.
    const existing = owner.email === client.email ? null : await findClientByEmail(db, client.email);
    if (existing) throw new ApiError(422, "client__email__taken");
    return { kind: "update", id: owner.id, details: clientValues(client) };
  }
  if (owner) {
    // Someone else's deal: the link never changes who the family is, nor hands the deal to another account.
    if (signedInClientId !== null && client.email === ctx.auth?.email.toLowerCase()) throw new ApiError(422, "deal__client__locked");
    if (!sameContact(owner, client)) throw new ApiError(422, "deal__client__sign_in_required");
    return { kind: "none" };
  }
  const existing = await findClientByEmail(db, client.email);
  if (existing && signedInClientId !== existing.id) throw new ApiError(422, "client__email__taken");
  return existing ? { kind: "attach", row: existing } : { kind: "create", details: clientValues(client) };
}

/** A later save counts the account it creates, or the quote e-mail it sends. */
export async function limitSaveEmails(db: Db, write: OwnerWrite, client: FunnelClientInput | null, owner: ClientRow | null, submitting: boolean, ctx: FunnelContext, now: Date): Promise<void> {
  if (write.kind === "create" && client) return limitFunnelEmail(db, client.email, ctx, now);
  if (!submitting) return;
  const target = write.kind === "attach" ? write.row.email : (client?.email ?? owner?.email);
  if (target) await limitFunnelEmail(db, target, ctx, now);
}
