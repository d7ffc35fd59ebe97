"use client";

import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { DealDocumentView, DocumentBatchView } from "@/domain/schemas/deal-document";
import type { SignatureRequestView } from "@/domain/schemas/signature-request";
import { personName } from "@/domain/person-name";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { BatchesSection, type Contact } from "./batches-section";
import { listBatches, listDocuments, listFamily, listPartners, listSignatureRequests } from "./deal-documents-calls";
import { DocumentsList } from "./documents-list";
import { EditionsSection } from "./editions-section";
import { SignaturesSection, type Signer } from "./signatures-section";
import { UploadForm } from "./upload-form";
import { useAction, usePanelText } from "./use-panel-text";

interface Loaded {
  documents: DealDocumentView[];
  batches: DocumentBatchView[];
  requests: SignatureRequestView[];
}

/** Roles that read the deal's partners and family (GET …/entities, …/abilities); a partner professional (4) does not. */
const FAMILY_READERS = new Set([0, 1, 2]);

/** The documents block of the back-office deal page: files, templates, batches, signatures. */
export function DocumentsWorkspace({ dealId, dealKind, role }: { dealId: number; dealKind: string; role: number }) {
  const { t } = usePanelText();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [signers, setSigners] = useState<Signer[] | null>(null);
  const load = useAction();
  const readsFamily = FAMILY_READERS.has(role);

  const reload = useCallback(async () => {
    await load.run(async () => {
      const [documents, batches, requests] = await Promise.all([listDocuments(dealId), listBatches(dealId), listSignatureRequests(dealId)]);
      setLoaded({ documents, batches, requests });
    });
    // `load.run` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dealId]);

  useEffect(() => {
    void reload();
    if (!readsFamily) return;
    void Promise.all([listPartners(dealId).catch(() => []), listFamily(dealId).catch(() => [])]).then(([partners, family]) => {
      const withEmail = family.filter((m) => m.email);
      setContacts([
        ...partners.filter((p) => p.email).map((p) => ({ key: `partner-${p.location_type}-${p.id}`, group: "partner" as const, name: p.name, email: p.email! })),
        ...withEmail.map((m) => ({ key: `family-${m.client_id}`, group: "family" as const, name: personName(m) || m.email!, email: m.email! })),
      ]);
      setSigners(withEmail.map((m) => ({ clientId: m.client_id, name: `${personName(m) || m.email}` })));
    });
  }, [dealId, readsFamily, reload]);

  if (!loaded) {
    return load.error ? (
      <Alert tone="error" title={t("loadError")}>
        <p>{load.error}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void reload()}>
          {t("retry")}
        </Button>
      </Alert>
    ) : (
      <p aria-live="polite">{t("loading")}</p>
    );
  }

  const replaceBatch = (batch?: DocumentBatchView) => {
    if (batch) setLoaded((l) => l && { ...l, batches: [batch, ...l.batches.filter((b) => b.id !== batch.id)].sort((a, b) => b.created_at - a.created_at || b.id - a.id) });
    // A sent batch marks its documents as sent: read them again.
    if (!batch || batch.sent_at) void reload();
  };

  return (
    <div className="flex flex-col gap-8" data-testid="deal-documents-panel">
      {load.error ? (
        <Alert tone="error" title={t("loadError")}>
          <p>{load.error}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void reload()}>
            {t("retry")}
          </Button>
        </Alert>
      ) : null}
      <Part id="deal-documents-files" title={t("documents.heading")}>
        <DocumentsList dealId={dealId} documents={loaded.documents} onChanged={() => void reload()} />
        <UploadForm dealId={dealId} onUploaded={() => void reload()} />
      </Part>
      <Part id="deal-documents-templates" title={t("editions.heading")}>
        <EditionsSection dealId={dealId} dealKind={dealKind} onGenerated={() => void reload()} />
      </Part>
      <Part id="deal-documents-batches" title={t("batches.heading")}>
        <BatchesSection dealId={dealId} batches={loaded.batches} documents={loaded.documents} contacts={contacts} onChanged={replaceBatch} />
      </Part>
      <Part id="deal-documents-signatures" title={t("signatures.heading")}>
        <SignaturesSection dealId={dealId} requests={loaded.requests} documents={loaded.documents} signers={readsFamily ? (signers ?? []) : null} onChanged={() => void reload()} />
      </Part>
    </div>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}
