import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { procedureAbilities } from "@/server/db/schema/family";
import { administrativeProcedures, defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import type { SentSms, SmsMessage, SmsSender } from "@/server/integrations/sms/sms-message";
import { signInHeaders } from "./helpers/app";

/**
 * A procedure held by the seeded client (owner) and by an editor, a reader and the notary,
 * a stranger who holds another procedure, and a recording SMS sender. Fixed ids so
 * authorisation-matrix rows can name the procedure before the database exists.
 */
export const PROCEDURE_ID = 910001;
export const OTHER_PROCEDURE_ID = 910002;
export const FAMILY = ["owner", "editor", "reader", "notary", "stranger"] as const;
export type FamilyMember = (typeof FAMILY)[number];

export const EMAILS: Record<FamilyMember, string> = {
  owner: "client@demo.test",
  editor: "sms-editor@exemple.test",
  reader: "sms-reader@exemple.test",
  notary: "sms-notary@exemple.test",
  stranger: "sms-stranger@exemple.test",
};

async function clientId(db: Db, email: string, firstname: string): Promise<number> {
  const [found] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email)).limit(1);
  if (found) {
    await db.update(clients).set({ firstname }).where(eq(clients.id, found.id));
    return found.id;
  }
  const [row] = await db.insert(clients).values({ email, firstname, lastname: "Martin" }).returning({ id: clients.id });
  return row!.id;
}

export async function seedFamily(db: Db): Promise<Record<FamilyMember, number>> {
  const ids = {
    owner: await clientId(db, EMAILS.owner, "Claire"),
    editor: await clientId(db, EMAILS.editor, "Paul"),
    reader: await clientId(db, EMAILS.reader, "Lucie"),
    notary: await clientId(db, EMAILS.notary, "Maître"),
    stranger: await clientId(db, EMAILS.stranger, "Inès"),
  };
  const [defunct] = await db.insert(defuncts).values({ firstname: "Jean", lastname: "Dupont-Secret", clientId: ids.owner }).returning({ id: defuncts.id });
  const [otherDefunct] = await db.insert(defuncts).values({ firstname: "Marcel", lastname: "Autre", clientId: ids.stranger }).returning({ id: defuncts.id });
  await db.insert(administrativeProcedures).values([
    { id: PROCEDURE_ID, clientId: ids.owner, defunctId: defunct!.id, defunctFamilyLink: "child" },
    { id: OTHER_PROCEDURE_ID, clientId: ids.stranger, defunctId: otherDefunct!.id, defunctFamilyLink: "spouse" },
  ]);
  await db.insert(procedureAbilities).values([
    { administrativeProcedureId: PROCEDURE_ID, clientId: ids.owner, role: "owner" },
    { administrativeProcedureId: PROCEDURE_ID, clientId: ids.editor, role: "editor" },
    { administrativeProcedureId: PROCEDURE_ID, clientId: ids.reader, role: "reader" },
    { administrativeProcedureId: PROCEDURE_ID, clientId: ids.notary, role: "notary" },
    { administrativeProcedureId: OTHER_PROCEDURE_ID, clientId: ids.stranger, role: "owner" },
  ]);
  return ids;
}

export const familyHeaders = (db: Db, member: FamilyMember) => signInHeaders(db, "client", EMAILS[member]);

export function recordingSms(): { sender: SmsSender; sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    sender: {
      async send(message): Promise<SentSms> {
        sent.push(message);
        return { id: `sms-${sent.length}`, transport: "outbox" };
      },
    },
  };
}

/** The link's token and the code an SMS carries. */
export function linkOf(message: SmsMessage): { token: string; code: string; url: string } {
  const url = /https?:\/\/\S+\/documents\/sms\/([A-Za-z0-9_-]{43})/.exec(message.text);
  const code = /\b(\d{6})\b/.exec(message.text);
  if (!url || !code) throw new Error(`no link or code in: ${message.text}`);
  return { token: url[1]!, code: code[1]!, url: url[0] };
}

export const REQUEST_BODY = {
  recipient_firstname: "Sophie",
  phone: "06 12 34 56 78",
  items: [
    { document_type: "identity_card", action: "provide" },
    { document_type: "power_of_attorney", action: "sign" },
  ],
  message: "Bonjour Sophie, merci pour ton aide avec la banque.",
};
