"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/ui/button";
import { Textarea } from "@/ui/textarea";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealDetail } from "./pro-deal-api";
import { WriteError } from "./section-frame";

/**
 * The advisors' comment on the deal (PUT /api/v2/deals/{kind}/{id} deal.commentary), which
 * families never read, beside the family's own comment, read-only here. A failed save keeps
 * the text and says so.
 */
export function CommentSection({ deal }: { deal: DealDetail }) {
  const t = useTranslations("ProDeal.comment");
  const [text, setText] = useState(deal.commentary ?? "");
  const [savedText, setSavedText] = useState(deal.commentary ?? "");
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [status, setStatus] = useState("");

  async function save() {
    setBusy(true);
    setCodes([]);
    setStatus("");
    try {
      const answer = await dealCalls.comment(deal.kind, deal.id, text);
      setSavedText(answer.commentary ?? "");
      setStatus(t("saved"));
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form onSubmit={(event) => { event.preventDefault(); void save(); }} className="space-y-2">
        <Textarea label={t("internal")} hint={t("internalHint")} value={text} rows={5} maxLength={10_000} onChange={(event) => setText(event.target.value)} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" loading={busy} disabled={busy || text === savedText}>{t("save")}</Button>
          {text !== savedText && <span className="text-sm text-stone-700">{t("unsaved")}</span>}
        </div>
        <WriteError codes={codes} />
        <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">{status}</p>
      </form>
      <div>
        <h3 className="font-semibold">{t("family")}</h3>
        {deal.client_commentary ? <p className="mt-1 whitespace-pre-line rounded-md bg-stone-50 p-3" data-testid="client-commentary">{deal.client_commentary}</p> : <p className="mt-1 text-stone-700">{t("familyNone")}</p>}
      </div>
    </div>
  );
}
