"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { DOCUMENT_REQUEST_ERRORS } from "@/domain/document-requests";
import { messageKeyForCode } from "@/domain/errors";
import type { DocumentRequestItem } from "@/domain/schemas/document-request";
import { Alert } from "@/ui/alert";
import { buttonClasses } from "@/ui/button";
import { failureOf, uploadRequested } from "./document-request-calls";

type ItemState = { pending: boolean; error: string | null; justSent: boolean };

/**
 * The documents asked for, each with its status and two ways to send it from a phone:
 * the camera (`capture` opens it directly, photos only) or a file already on the device
 * (a scan, a PDF). The server judges the file by its content; its refusal is said in words.
 */
export function RequestChecklist({
  token,
  items: initial,
  typeLabels,
  locale,
  onProofLost,
}: {
  token: string;
  items: DocumentRequestItem[];
  typeLabels: Record<string, string>;
  locale: string;
  onProofLost: () => void;
}) {
  const t = useTranslations("DocumentRequests");
  const te = useTranslations("Errors");
  const [items, setItems] = useState(initial);
  const [states, setStates] = useState<Record<number, ItemState>>({});
  const allReceived = items.every((i) => i.status === "received");

  async function send(item: DocumentRequestItem, file: File | undefined) {
    if (!file) return;
    setStates((s) => ({ ...s, [item.id]: { pending: true, error: null, justSent: false } }));
    try {
      const updated = await uploadRequested(token, item.id, file);
      setItems((list) => list.map((i) => (i.id === updated.id ? updated : i)));
      setStates((s) => ({ ...s, [item.id]: { pending: false, error: null, justSent: true } }));
    } catch (failure) {
      const { status, code } = failureOf(failure);
      if (status === 403 && code === DOCUMENT_REQUEST_ERRORS.proofRequired) return onProofLost();
      const error = status === 429 ? t("errors.rateLimited") : status === 0 ? t("errors.network") : te(messageKeyForCode(code));
      setStates((s) => ({ ...s, [item.id]: { pending: false, error, justSent: false } }));
    }
  }

  const date = (iso: string) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

  return (
    <section aria-labelledby="checklist-title" className="flex flex-col gap-4">
      <h2 id="checklist-title" className="text-xl font-semibold text-ink">
        {t("listTitle")}
      </h2>
      {allReceived ? <Alert tone="success">{t("allReceived")}</Alert> : null}
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <ChecklistItem
            key={item.id}
            item={item}
            label={typeLabels[item.document_type] ?? item.document_type}
            state={states[item.id]}
            receivedOn={item.received_at ? t("receivedOn", { date: date(item.received_at) }) : null}
            onFile={(file) => send(item, file)}
          />
        ))}
      </ul>
      <p className="text-base text-ink-soft">{t("fileHint")}</p>
    </section>
  );
}

function ChecklistItem({
  item,
  label,
  state,
  receivedOn,
  onFile,
}: {
  item: DocumentRequestItem;
  label: string;
  state: ItemState | undefined;
  receivedOn: string | null;
  onFile: (file: File | undefined) => void;
}) {
  const t = useTranslations("DocumentRequests");
  const id = useId();
  const received = item.status === "received";
  const picker = (capture: boolean, text: string) => (
    <label className={buttonClasses({ variant: capture ? "primary" : "secondary", className: "cursor-pointer focus-within:ring-2 focus-within:ring-primary" })}>
      <input
        type="file"
        className="sr-only"
        accept={capture ? "image/*" : "image/*,application/pdf"}
        {...(capture ? { capture: "environment" as const } : {})}
        disabled={state?.pending}
        aria-describedby={`${id}-title ${id}-status`}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {text}
    </label>
  );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h3 id={`${id}-title`} className="text-lg font-semibold text-ink">
            {label}
          </h3>
          <p className="text-base text-ink-soft">{t(`actions.${item.action}`)}</p>
        </div>
        <p id={`${id}-status`} className={received ? "rounded-full bg-success-soft px-3 py-1 font-semibold text-success" : "rounded-full bg-sand-50 px-3 py-1 font-semibold text-ink"}>
          {t(`statuses.${item.status}`)}
        </p>
      </div>
      {receivedOn ? <p className="text-base text-ink-soft">{receivedOn}</p> : null}
      {item.already_on_file && !received ? <p className="text-base text-ink-soft">{t("alreadyOnFile")}</p> : null}
      {state?.justSent ? (
        <p role="status" className="font-semibold text-success">
          {t("uploaded")}
        </p>
      ) : null}
      {state?.error ? (
        <Alert tone="error" title={t("uploadFailed")}>
          {state.error}
        </Alert>
      ) : null}
      {state?.pending ? (
        <p role="status" className="text-ink-soft">
          {t("uploading")}
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {received ? null : picker(true, t("takePhoto"))}
          {picker(false, received ? t("sendAgain") : t("chooseFile"))}
        </div>
      )}
    </li>
  );
}
