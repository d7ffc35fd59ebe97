"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { DOCUMENT_REQUEST_ACTIONS, type DocumentRequestAction } from "@/domain/document-requests";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { documentRequestCreateSchema, type DocumentRequestSummary } from "@/domain/schemas/document-request";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { Textarea } from "@/ui/textarea";
import { failureOf } from "./document-request-calls";
import { sendDocumentRequest } from "./sender-calls";

/** Codes the form words itself; any other field code falls back to a generic sentence. */
const FIELD_OF: Record<string, "recipient" | "phone" | "items" | "message"> = {
  document_request__recipient_firstname__blank: "recipient",
  document_request__recipient_firstname__too_long: "recipient",
  document_request__recipient_firstname__invalid_characters: "recipient",
  phone__invalid: "phone",
  document_request__phone__invalid: "phone",
  document_request__items__blank: "items",
  document_request__items__too_many: "items",
  document_request__message__too_long: "message",
  document_request__message__invalid_characters: "message",
};

/**
 * Asking a relative for documents by SMS (owner, editor, or an advisor): first name,
 * phone, the documents and whether each is to provide or to sign, a short message. What
 * was typed stays on screen on every error; the SMS carries a link and a code.
 */
export function RequestDocumentsForm({ procedureId, locale, typeLabels, onSent }: { procedureId: number; locale: string; typeLabels: Record<string, string>; onSent: (sent: DocumentRequestSummary) => void }) {
  const t = useTranslations("DocumentRequests.form");
  const ta = useTranslations("DocumentRequests.actions");
  const [recipient, setRecipient] = useState("");
  const [phone, setPhone] = useState("");
  const [message, setMessage] = useState("");
  const [chosen, setChosen] = useState<Record<string, DocumentRequestAction>>({});
  const [errors, setErrors] = useState<Partial<Record<"recipient" | "phone" | "items" | "message" | "form", string>>>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  function show(codes: string[]) {
    const next: typeof errors = {};
    for (const code of codes) {
      const field = FIELD_OF[code] ?? "form";
      next[field] ??= code === "no_network" ? t("errors.network") : t(`errors.${field}`);
    }
    setErrors(next);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSentTo(null);
    const input = { recipient_firstname: recipient, phone, message: message.trim() || null, locale, items: Object.entries(chosen).map(([document_type, action]) => ({ document_type, action })) };
    const parsed = documentRequestCreateSchema.safeParse(input);
    if (!parsed.success) return show(parsed.error.issues.map((issue) => issue.message));
    setPending(true);
    try {
      const sent = await sendDocumentRequest(procedureId, parsed.data);
      setSentTo(sent.recipient_firstname);
      setErrors({});
      setRecipient("");
      setPhone("");
      setMessage("");
      setChosen({});
      onSent(sent);
    } catch (failure) {
      const { status, code } = failureOf(failure);
      show(status === 422 && FIELD_OF[code] ? [code] : [status === 0 ? "no_network" : "form"]);
    } finally {
      setPending(false);
    }
  }

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="request-documents-title">
      <div className="flex flex-col gap-1">
        <h2 id="request-documents-title" className="text-xl font-semibold text-ink">
          {t("title")}
        </h2>
        <p className="text-ink-soft">{t("lead")}</p>
      </div>
      <div ref={summaryRef} tabIndex={-1}>
        {hasErrors ? <Alert tone="error" title={t("errorTitle")}>{Object.values(errors).join(" ")}</Alert> : null}
        {sentTo ? <Alert tone="success">{t("sent", { name: sentTo })}</Alert> : null}
      </div>
      <Input label={t("recipient")} autoComplete="off" required maxLength={60} value={recipient} error={errors.recipient} onChange={(e) => setRecipient(e.target.value)} />
      <Input label={t("phone")} hint={t("phoneHint")} type="tel" autoComplete="off" inputMode="tel" required maxLength={40} value={phone} error={errors.phone} onChange={(e) => setPhone(e.target.value)} />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.items ? "request-items-error" : undefined}>
        <legend className="mb-2 font-semibold text-ink">{t("documents")}</legend>
        {errors.items ? (
          <p id="request-items-error" className="font-semibold text-danger">
            {errors.items}
          </p>
        ) : null}
        {DOCUMENT_TYPE_CODES.map((code) => (
          <div key={code} className="flex flex-col gap-1 border-b border-line pb-2 sm:flex-row sm:items-center sm:justify-between">
            <Checkbox
              label={typeLabels[code] ?? code}
              checked={code in chosen}
              onChange={(e) => setChosen((c) => (e.target.checked ? { ...c, [code]: "provide" } : Object.fromEntries(Object.entries(c).filter(([k]) => k !== code))))}
            />
            {code in chosen ? (
              <div role="radiogroup" aria-label={typeLabels[code] ?? code} className="flex gap-4 ps-9 sm:ps-0">
                {DOCUMENT_REQUEST_ACTIONS.map((action) => (
                  <label key={action} className="flex min-h-11 items-center gap-2 text-base">
                    <input type="radio" className="size-5 accent-primary" name={`action-${code}`} checked={chosen[code] === action} onChange={() => setChosen((c) => ({ ...c, [code]: action }))} />
                    {ta(action)}
                  </label>
                ))}
              </div>
            ) : null}
          </div>
        ))}
      </fieldset>
      <Textarea label={t("message")} hint={t("messageHint")} maxLength={300} rows={3} value={message} error={errors.message} onChange={(e) => setMessage(e.target.value)} />
      <Button type="submit" size="lg" loading={pending} className="w-full sm:w-auto sm:self-start">
        {t("submit")}
      </Button>
    </form>
  );
}
