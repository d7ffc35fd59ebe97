"use client";

import { useEffect, useState } from "react";
import type { DocumentRequestSummary } from "@/domain/schemas/document-request";
import { RequestDocumentsForm } from "./request-documents-form";
import { listSentRequests } from "./sender-calls";
import { SentRequests } from "./sent-requests";

/**
 * The client space's "ask a relative by SMS" panel of a procedure: the list for anyone who
 * may read its documents, the form for those who may change them (`canSend`).
 */
export function DocumentRequestsPanel({ procedureId, locale, typeLabels, canSend }: { procedureId: number; locale: string; typeLabels: Record<string, string>; canSend: boolean }) {
  const [requests, setRequests] = useState<DocumentRequestSummary[] | null>(null);
  const [readAt, setReadAt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    listSentRequests(procedureId)
      .catch(() => [] as DocumentRequestSummary[])
      .then((list) => {
        if (cancelled) return;
        setRequests(list);
        setReadAt(Date.now());
      });
    return () => {
      cancelled = true;
    };
  }, [procedureId]);

  return (
    <div className="flex flex-col gap-8">
      {canSend ? <RequestDocumentsForm procedureId={procedureId} locale={locale} typeLabels={typeLabels} onSent={(sent) => setRequests((list) => [sent, ...(list ?? [])])} /> : null}
      {requests ? <SentRequests requests={requests} locale={locale} typeLabels={typeLabels} now={readAt} /> : null}
    </div>
  );
}
