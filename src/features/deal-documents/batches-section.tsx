"use client";

import { useState, type FormEvent } from "react";
import type { DealDocumentView, DocumentBatchView } from "@/domain/schemas/deal-document";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { ConfirmDialog } from "./confirm-dialog";
import { addBatchDocument, addBatchRecipient, createBatch, removeBatchDocument, removeBatchRecipient, sendBatch } from "./deal-documents-calls";
import { useAction, usePanelText } from "./use-panel-text";

/** Someone a batch may go to: a partner of the deal's steps or a family member, with their address. */
export interface Contact {
  key: string;
  group: "partner" | "family";
  name: string;
  email: string;
}

/**
 * Document batches: create one, choose its documents and recipients (a partner of the
 * deal, a family member, or a typed address), send it after a confirmation. A sent batch
 * is read-only and says when and to whom it went.
 */
export function BatchesSection({
  dealId,
  batches,
  documents,
  contacts,
  onChanged,
}: {
  dealId: number;
  batches: DocumentBatchView[];
  documents: DealDocumentView[];
  contacts: Contact[];
  onChanged(batch?: DocumentBatchView): void;
}) {
  const { t } = usePanelText();
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const action = useAction();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const batch = await action.run(() => createBatch(dealId, { name: name.trim() || undefined, message: message.trim() || undefined }));
    if (batch) {
      setName("");
      setMessage("");
      onChanged(batch);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {batches.length === 0 ? <p className="text-ink-soft">{t("batches.empty")}</p> : null}
      {batches.map((batch) => (
        <BatchCard key={batch.id} dealId={dealId} batch={batch} documents={documents} contacts={contacts} onChanged={onChanged} />
      ))}
      <form onSubmit={create} className="flex flex-col gap-3 rounded-md border border-line p-3" noValidate>
        <h4 className="font-semibold">{t("batches.new")}</h4>
        <Input label={t("batches.name")} value={name} maxLength={160} onChange={(e) => setName(e.target.value)} />
        <Textarea label={t("batches.message")} value={message} rows={3} maxLength={4000} onChange={(e) => setMessage(e.target.value)} />
        {action.error ? <Alert tone="error">{action.error}</Alert> : null}
        <div>
          <Button type="submit" disabled={action.busy}>
            {t("batches.create")}
          </Button>
        </div>
      </form>
    </div>
  );
}

function BatchCard({ dealId, batch, documents, contacts, onChanged }: { dealId: number; batch: DocumentBatchView; documents: DealDocumentView[]; contacts: Contact[]; onChanged(batch?: DocumentBatchView): void }) {
  const { t, date } = usePanelText();
  const [documentId, setDocumentId] = useState("");
  const [contactKey, setContactKey] = useState("");
  const [typedName, setTypedName] = useState("");
  const [typedEmail, setTypedEmail] = useState("");
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const sent = batch.sent_at !== null;
  const title = batch.name || t("batches.untitled");
  const headingId = `deal-batch-${batch.id}`;

  const apply = async (work: () => Promise<DocumentBatchView>, done?: () => void, notice?: string) => {
    const updated = await action.run(work, () => notice ?? null);
    if (updated) {
      done?.();
      onChanged(updated);
    }
  };
  const unused = documents.filter((d) => !batch.documents.some((b) => b.id === d.id));
  const available = contacts.filter((c) => !batch.recipients.some((r) => r.email === c.email));

  const addContact = () => {
    const contact = contacts.find((c) => c.key === contactKey);
    if (contact) void apply(() => addBatchRecipient(dealId, batch.id, { email: contact.email, name: contact.name }), () => setContactKey(""));
  };
  const addTyped = (event: FormEvent) => {
    event.preventDefault();
    void apply(() => addBatchRecipient(dealId, batch.id, { email: typedEmail, name: typedName }), () => {
      setTypedEmail("");
      setTypedName("");
    });
  };
  const send = async () => {
    setConfirming(false);
    await apply(() => sendBatch(dealId, batch.id), undefined, t("batches.sent"));
  };

  return (
    <section className="rounded-md border border-line-strong p-3" aria-labelledby={headingId} data-testid="document-batch">
      <h4 id={headingId} className="font-semibold">
        {title} <span className="font-normal text-ink-soft">– {sent ? t("batches.sentOn", { date: date(batch.sent_at!) }) : t("batches.draft")}</span>
      </h4>
      {batch.message ? <p className="mt-1 whitespace-pre-line text-ink-soft">{batch.message}</p> : null}
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div>
          <h5 className="font-semibold">{t("batches.documents")}</h5>
          {batch.documents.length === 0 ? <p className="text-ink-soft">{t("batches.noDocuments")}</p> : null}
          <ul className="mt-1">
            {batch.documents.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-2 py-1">
                <span className="break-all">{d.name}</span>
                {sent ? null : (
                  <Button variant="ghost" onClick={() => void apply(() => removeBatchDocument(dealId, batch.id, d.id))} aria-label={t("batches.remove", { name: d.name })} disabled={action.busy}>
                    {t("batches.removeShort")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sent || unused.length === 0 ? null : (
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <Select
                label={t("batches.addDocument")}
                value={documentId}
                onChange={(e) => setDocumentId(e.target.value)}
                placeholder={t("batches.choose")}
                options={unused.map((d) => ({ value: String(d.id), label: d.name }))}
                containerClassName="min-w-48 flex-1"
              />
              <Button variant="secondary" disabled={!documentId || action.busy} onClick={() => void apply(() => addBatchDocument(dealId, batch.id, Number(documentId)), () => setDocumentId(""))}>
                {t("batches.attach")}
              </Button>
            </div>
          )}
        </div>
        <div>
          <h5 className="font-semibold">{sent ? t("batches.sentTo") : t("batches.recipients")}</h5>
          {batch.recipients.length === 0 ? <p className="text-ink-soft">{t("batches.noRecipients")}</p> : null}
          <ul className="mt-1">
            {batch.recipients.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2 py-1">
                <span className="break-all">
                  {r.name} <span className="text-ink-soft">&lt;{r.email}&gt;</span>
                </span>
                {sent ? null : (
                  <Button variant="ghost" onClick={() => void apply(() => removeBatchRecipient(dealId, batch.id, r.id))} aria-label={t("batches.remove", { name: r.name })} disabled={action.busy}>
                    {t("batches.removeShort")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sent ? null : (
            <>
              {available.length > 0 ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <Select label={t("batches.contact")} value={contactKey} onChange={(e) => setContactKey(e.target.value)} containerClassName="min-w-48 flex-1">
                    <option value="">{t("batches.choose")}</option>
                    {(["partner", "family"] as const).map((group) =>
                      available.some((c) => c.group === group) ? (
                        <optgroup key={group} label={t(`batches.groups.${group}`)}>
                          {available
                            .filter((c) => c.group === group)
                            .map((c) => (
                              <option key={c.key} value={c.key}>
                                {c.name} – {c.email}
                              </option>
                            ))}
                        </optgroup>
                      ) : null,
                    )}
                  </Select>
                  <Button variant="secondary" disabled={!contactKey || action.busy} onClick={addContact}>
                    {t("batches.add")}
                  </Button>
                </div>
              ) : null}
              <form onSubmit={addTyped} className="mt-2 flex flex-col gap-2" noValidate>
                <Input label={t("batches.recipientName")} value={typedName} maxLength={120} onChange={(e) => setTypedName(e.target.value)} />
                <Input label={t("batches.recipientEmail")} type="email" value={typedEmail} maxLength={254} onChange={(e) => setTypedEmail(e.target.value)} />
                <div>
                  <Button type="submit" variant="secondary" disabled={action.busy || !typedEmail.trim()}>
                    {t("batches.addTyped")}
                  </Button>
                </div>
              </form>
            </>
          )}
        </div>
      </div>
      {action.error ? <Alert tone="error" className="mt-3">{action.error}</Alert> : null}
      {action.notice ? <Alert tone="success" className="mt-3">{action.notice}</Alert> : null}
      {sent ? null : (
        <div className="mt-3">
          <Button onClick={() => setConfirming(true)} disabled={action.busy}>
            {t("batches.send")}
          </Button>
        </div>
      )}
      <ConfirmDialog open={confirming} title={t("batches.sendTitle", { name: title })} confirmLabel={t("batches.sendConfirm")} onConfirm={send} onClose={() => setConfirming(false)}>
        <p>{t("batches.sendText", { count: batch.documents.length, recipients: batch.recipients.map((r) => `${r.name} <${r.email}>`).join(", ") || "—" })}</p>
      </ConfirmDialog>
    </section>
  );
}
