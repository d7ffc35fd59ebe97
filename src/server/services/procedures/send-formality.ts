import { eq } from "drizzle-orm";
import { isDealAbilityRole } from "@/domain/roles";
import type { FormalitySendInput } from "@/domain/schemas/administrative-procedure-view";
import type { Db } from "@/server/db/client";
import { ongoingFormalities } from "@/server/db/schema/procedures";
import { ApiError } from "@/server/http/errors";
import { renderFormalityLetter, fullName, LETTER_SUBJECTS } from "@/server/integrations/pdf/formality-letter";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import { sendEmailOnce } from "@/server/jobs/deliveries";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import { PermanentJobError } from "@/server/jobs/worker";
import type { ProcedureHold } from "@/server/services/procedures/procedure-access";
import { letterFileName, letterInput } from "@/server/services/procedures/formality-letter";
import { loadFormalities } from "@/server/services/procedures/procedure-views";
import { signatoryOf } from "@/server/services/procedures/signatory";
import { assertProcedureOpen } from "@/server/services/procedures/update-procedure";
import { FORMALITY_TRANSITIONS, LETTER_REQUIRED, sendingProblems, stateStamps } from "@/server/services/procedures/update-formality";
import { escapeHtml } from "@/domain/escape-html";

/**
 * POST /api/v1/ongoing_formalities/{id}/send. Two ways to send:
 *
 * - with the letter (default): the product renders the letter and e-mails it through the job
 *   queue (outbox by default, SMTP when configured). It goes to the company's e-mail when it
 *   has one, with the family in copy and as reply-to so the company answers them; otherwise
 *   (or with recipient "family") to the family, who prints or forwards it. The formality
 *   becomes "sent".
 * - `without_letter: true`: the family did it themselves (the company's online form, a
 *   phone call, their own letter). Refused with 422 sending__letter__feature__invalid when
 *   the company requires a letter (SPEC §8): such a formality is only ever sent with one.
 *
 * Letters are transactional messages the family asked for: a marketing opt-out does not
 * stop them (it stops reminders and offers, src/server/services/family-reminders.ts).
 */
export const FORMALITY_LETTER_EMAIL_JOB = "formality_letter_email";

export interface LetterJobPayload {
  formality_id: number;
  procedure_id: number;
  /** The signatory: the family member who sent it, or the owner when an advisor did. */
  client_id: number;
  role: string;
  to: string;
  cc: string[];
  reply_to: string | null;
}

export async function sendFormality(db: Db, hold: ProcedureHold, formalityId: number, input: FormalitySendInput, now: Date = new Date()): Promise<void> {
  await assertProcedureOpen(db, hold.procedureId);
  const [loaded] = await loadFormalities(db, { formalityId });
  const [row] = await db.select().from(ongoingFormalities).where(eq(ongoingFormalities.id, formalityId)).limit(1);
  if (!loaded || !row) throw new ApiError(404, "not_found");
  const view = loaded.view;

  if (input.without_letter) {
    if (view.formality.requires_letter) throw new ApiError(422, LETTER_REQUIRED);
    if (view.state === "sent") return;
    if (!FORMALITY_TRANSITIONS[view.state].includes("sent")) throw new ApiError(422, "formality__state__transition_invalid");
    await db.update(ongoingFormalities).set({ ...stateStamps("sent", row, now), updatedAt: now }).where(eq(ongoingFormalities.id, formalityId));
    return;
  }

  // Sending again after "sent" is allowed (a lost letter); once answered or closed it is not.
  if (view.state !== "to_do" && view.state !== "sent") throw new ApiError(422, "formality__state__transition_invalid");
  const problems = sendingProblems({ formality: view.formality, fields: view.fields }, true);
  if (problems.length > 0) throw new ApiError(422, problems);
  const signatory = await signatoryOf(db, hold);
  // Renders nothing yet: checks the letter can be written (client__incomplete otherwise).
  await letterInput(db, { kind: "family", procedureId: hold.procedureId, clientId: signatory.id, role: hold.kind === "family" ? hold.role : "owner" }, formalityId, now);

  const recipient = input.recipient ?? (view.company.email ? "company" : "family");
  if (recipient === "company" && !view.company.email) throw new ApiError(422, "formality__recipient__no_email");
  if (!signatory.email) throw new ApiError(422, "client__email__blank");
  const to = recipient === "company" ? view.company.email! : signatory.email;
  const payload: LetterJobPayload = {
    formality_id: formalityId,
    procedure_id: hold.procedureId,
    client_id: signatory.id,
    role: hold.kind === "family" ? hold.role : "owner",
    to,
    cc: recipient === "company" ? [signatory.email] : [],
    reply_to: recipient === "company" ? signatory.email : null,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(ongoingFormalities)
      .set({ ...stateStamps("sent", row, now), letterGeneratedAt: now, sentTo: to, updatedAt: now })
      .where(eq(ongoingFormalities.id, formalityId));
    await enqueue(tx as unknown as Db, { kind: FORMALITY_LETTER_EMAIL_JOB, payload: { ...payload }, idempotencyKey: `${FORMALITY_LETTER_EMAIL_JOB}:${formalityId}:${now.getTime()}` }, now);
  });
  notifyEnqueued();
}

function parsePayload(raw: Record<string, unknown>): LetterJobPayload {
  const ints = ["formality_id", "procedure_id", "client_id"] as const;
  for (const key of ints) if (typeof raw[key] !== "number" || !Number.isInteger(raw[key])) throw new PermanentJobError("payload_invalid");
  if (typeof raw.to !== "string" || !isDealAbilityRole(raw.role)) throw new PermanentJobError("payload_invalid");
  return raw as unknown as LetterJobPayload;
}

/** The letter e-mail, in French like the letter (it goes to a French organisation, or to the family who forwards it). */
export function letterEmail(input: { to: string; cc: string[]; replyTo: string | null; senderName: string; deceasedName: string; companyName: string; subject: string; toCompany: boolean; pdf: Buffer; fileName: string }): MailMessage {
  const lines = input.toCompany
    ? [
        "Madame, Monsieur,",
        "",
        `Vous trouverez ci-joint le courrier de ${input.senderName} concernant le décès de ${input.deceasedName}.`,
        `Merci d'adresser votre réponse directement à ${input.senderName} (${input.replyTo ?? input.cc[0] ?? ""}), en copie de ce message.`,
        "",
        "Bien cordialement,",
        input.senderName,
      ]
    : [
        "Bonjour,",
        "",
        `Voici votre courrier à ${input.companyName}, prêt à être imprimé, signé et envoyé avec les pièces demandées, ou transféré par e-mail.`,
        "",
        "Avec tout notre soutien.",
      ];
  const text = lines.join("\n");
  return {
    to: input.to,
    cc: input.cc.length > 0 ? input.cc : undefined,
    replyTo: input.replyTo ?? undefined,
    subject: input.subject,
    text,
    html: `<div lang="fr">${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join("")}</div>`,
    locale: "fr",
    tag: "formality_letter",
    attachments: [{ filename: input.fileName, contentType: "application/pdf", contentBase64: input.pdf.toString("base64") }],
  };
}

/** The job: renders the letter as it stands now and mails it, once per idempotency key. */
export async function deliverFormalityLetter(db: Db, rawPayload: Record<string, unknown>, idempotencyKey: string, mailer: Mailer, now: Date): Promise<"sent" | "already_sent" | "gone"> {
  const payload = parsePayload(rawPayload);
  const procedureId = (await loadFormalities(db, { formalityId: payload.formality_id }))[0]?.view.administrative_procedure_id;
  // The formality was deleted since: nothing to send.
  if (procedureId !== payload.procedure_id) return "gone";
  const hold: ProcedureHold = { kind: "family", procedureId, clientId: payload.client_id, role: payload.role as "owner" };
  const delivery = await sendEmailOnce(db, mailer, idempotencyKey, async () => {
    // A letter that can no longer be written (the signatory's name was removed since) will not be by retrying.
    const input = await letterInput(db, hold, payload.formality_id, now).catch((error: unknown) => {
      throw error instanceof ApiError ? new PermanentJobError(error.codes[0] ?? "letter_unavailable") : error;
    });
    const pdf = await renderFormalityLetter(input);
    const deceasedName = fullName(input.deceased);
    return letterEmail({
      to: payload.to,
      cc: payload.cc,
      replyTo: payload.reply_to,
      senderName: fullName(input.sender),
      deceasedName,
      companyName: input.company.name,
      subject: `${LETTER_SUBJECTS[input.formality.kind]} – ${fullName(input.deceased, false)}`,
      toCompany: payload.reply_to !== null,
      pdf,
      fileName: letterFileName(input),
    });
  });
  return delivery.status;
}
