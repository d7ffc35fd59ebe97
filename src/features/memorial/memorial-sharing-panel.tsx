"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_VISIBILITIES, type Memorial, type MemorialVisibility } from "@/domain/schemas/memorial";
import { Button } from "@/ui/button";
import { RadioCards } from "@/ui/radio-cards";
import { memorialCalls } from "./memorial-calls";
import { ConfirmButton, Panel, RefusalLine, useCall } from "./memorial-ui";

/** The visitors' page's full address on this site (the family copies it into a message). */
function pageUrl(path: string): string {
  return typeof window === "undefined" ? path : new URL(path, window.location.origin).toString();
}

/**
 * Who may see the page, each choice explained plainly; the link to share (copied in one
 * tap) and, for the owner, a new link that makes the old one stop working. Only the owner
 * decides; the others read what was decided.
 */
export function MemorialSharingPanel({ memorial, onChanged }: { memorial: Memorial; onChanged: (memorial: Memorial) => void }) {
  const t = useTranslations("Memorial.sharing");
  const call = useCall();
  const [visibility, setVisibility] = useState<MemorialVisibility>(memorial.visibility);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);
  const url = memorial.public_path ? pageUrl(memorial.public_path) : null;

  async function save() {
    await call.run(async () => onChanged(await memorialCalls.update(memorial.deal_id, { visibility })));
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      setCopied("copyFailed");
    }
  }

  return (
    <Panel id="memorial-sharing" title={t("title")}>
      {memorial.can_manage ? (
        <div className="flex flex-col gap-3">
          <RadioCards
            name="memorial-visibility"
            legend={t("legend")}
            value={visibility}
            onValueChange={(value) => setVisibility(value as MemorialVisibility)}
            options={MEMORIAL_VISIBILITIES.map((value) => ({ value, label: t(`choices.${value}.label`), description: t(`choices.${value}.description`) }))}
          />
          <RefusalLine refusal={call.refusal} />
          <Button className="self-start" loading={call.busy} disabled={visibility === memorial.visibility} onClick={() => void save()} data-testid="memorial-visibility-save">
            {t("save")}
          </Button>
        </div>
      ) : (
        <p data-testid="memorial-visibility-read">
          <strong>{t(`choices.${memorial.visibility}.label`)}</strong> — {t(`choices.${memorial.visibility}.description`)}
        </p>
      )}
      {url ? (
        <div className="flex flex-col gap-2 rounded-md bg-sand-50 p-4">
          <label htmlFor="memorial-link" className="font-semibold text-ink">
            {t("linkLabel")}
          </label>
          <input id="memorial-link" readOnly value={url} onFocus={(e) => e.target.select()} dir="ltr" className="min-h-11 w-full rounded-md border border-line-strong bg-surface px-3 font-mono text-base" data-testid="memorial-link" />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void copy()}>
              {t("copy")}
            </Button>
            <a href={memorial.public_path!} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-[0.2em]" data-testid="memorial-open-public">
              {t("open")}
              <span className="sr-only"> {t("newWindow")}</span>
            </a>
          </div>
          <p role="status" className="text-ink-soft">
            {copied ? t(copied) : ""}
          </p>
          {memorial.can_manage ? (
            <ConfirmButton
              label={t("regenerate")}
              question={t("regenerateQuestion")}
              confirmLabel={t("regenerateConfirm")}
              busy={call.busy}
              variant="primary"
              onConfirm={() => void call.run(async () => onChanged(await memorialCalls.newSlug(memorial.deal_id)))}
              testId="memorial-regenerate"
            />
          ) : null}
        </div>
      ) : (
        <p className="text-ink-soft">{t("noLink")}</p>
      )}
    </Panel>
  );
}
