"use client";

import { useState } from "react";
import type { DealDocumentView } from "@/domain/schemas/deal-document";
import type { SignatureRequestView } from "@/domain/schemas/signature-request";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Select } from "@/ui/select";
import { ConfirmDialog } from "./confirm-dialog";
import { cancelSignatureRequest, requestSignature, resendSignatureRequest } from "./deal-documents-calls";
import { useAction, usePanelText } from "./use-panel-text";

/** A family member who may be asked to sign (they need an e-mail address for the link). */
export interface Signer {
  clientId: number;
  name: string;
}

/**
 * Signature requests: one of the deal's PDFs sent to a family member, who signs on
 * /signature/{token}; each request's status (sent, signed, declined, expired, cancelled),
 * the signed copy once signed, and cancelling a request still waiting.
 */
export function SignaturesSection({
  dealId,
  requests,
  documents,
  signers,
  onChanged,
}: {
  dealId: number;
  requests: SignatureRequestView[];
  documents: DealDocumentView[];
  /** Null when this role may not see the family (a partner professional). */
  signers: Signer[] | null;
  onChanged(): void;
}) {
  const { t, date } = usePanelText();
  const [documentId, setDocumentId] = useState("");
  const [clientId, setClientId] = useState("");
  const [toCancel, setToCancel] = useState<SignatureRequestView | null>(null);
  const action = useAction();
  const pdfs = documents.filter((d) => d.content_type === "application/pdf");
  const nameOf = (id: number) => documents.find((d) => d.id === id)?.name ?? t("signatures.deletedDocument");

  const send = async () => {
    const created = await action.run(
      () => requestSignature({ deal_id: dealId, document_id: Number(documentId), client_id: Number(clientId) }),
      (r) => t("signatures.requested", { name: r.signer_name }),
    );
    if (created) {
      setDocumentId("");
      setClientId("");
      onChanged();
    }
  };
  const cancel = async () => {
    const target = toCancel;
    setToCancel(null);
    if (target && (await action.run(() => cancelSignatureRequest(target.id), () => t("signatures.cancelled")))) onChanged();
  };

  return (
    <div className="flex flex-col gap-4">
      {requests.length === 0 ? <p className="text-ink-soft">{t("signatures.empty")}</p> : null}
      {requests.length > 0 ? (
        <ul className="divide-y divide-line" data-testid="signature-requests">
          {requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{t("signatures.line", { document: nameOf(r.document_id), name: r.signer_name })}</span>{" "}
                <span className="rounded bg-surface-muted px-1.5" data-testid="signature-status">
                  {t(`signatures.status.${r.status}`)}
                </span>
                <span className="block text-ink-soft">
                  {r.status === "signed" && r.signed_at ? t("signatures.signedOn", { date: date(r.signed_at) }) : t("signatures.sentOn", { date: date(r.created_at), expires: date(r.expires_at) })}
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                {r.signed_document_id ? (
                  <a className="font-semibold text-primary underline" href={`/api/v1/deals/${dealId}/documents/${r.signed_document_id}/file`} download>
                    {t("signatures.openSigned")}
                  </a>
                ) : null}
                {r.status === "requested" ? (
                  <>
                    <Button variant="secondary" onClick={() => void action.run(() => resendSignatureRequest(r.id), () => t("signatures.resent", { name: r.signer_name }))} disabled={action.busy}>
                      {t("signatures.resend")}
                    </Button>
                    <Button variant="ghost" onClick={() => setToCancel(r)} disabled={action.busy}>
                      {t("signatures.cancel")}
                    </Button>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {signers === null ? (
        <p className="text-ink-soft">{t("signatures.agencyOnly")}</p>
      ) : pdfs.length === 0 ? (
        <p className="text-ink-soft">{t("signatures.noPdf")}</p>
      ) : signers.length === 0 ? (
        <p className="text-ink-soft">{t("signatures.noFamily")}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t("signatures.document")}
            value={documentId}
            onChange={(e) => setDocumentId(e.target.value)}
            placeholder={t("signatures.documentPlaceholder")}
            options={pdfs.map((d) => ({ value: String(d.id), label: d.name }))}
            containerClassName="min-w-56 flex-1"
          />
          <Select
            label={t("signatures.signer")}
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            placeholder={t("signatures.signerPlaceholder")}
            options={signers.map((s) => ({ value: String(s.clientId), label: s.name }))}
            containerClassName="min-w-56 flex-1"
          />
          <Button onClick={send} disabled={!documentId || !clientId || action.busy}>
            {t("signatures.send")}
          </Button>
        </div>
      )}
      {action.error ? <Alert tone="error">{action.error}</Alert> : null}
      {action.notice ? <Alert tone="success">{action.notice}</Alert> : null}
      <ConfirmDialog
        open={toCancel !== null}
        title={t("signatures.cancelTitle")}
        confirmLabel={t("signatures.cancelConfirm")}
        keepLabel={t("signatures.keep")}
        danger
        onConfirm={cancel}
        onClose={() => setToCancel(null)}
      >
        <p>{t("signatures.cancelText", { name: toCancel?.signer_name ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}
