"use client";

import { useTranslations } from "next-intl";
import { Dialog } from "@/ui/dialog";

const SHORTCUTS = [
  { keys: ["/"], label: "search" },
  { keys: ["j", "↓"], label: "next" },
  { keys: ["k", "↑"], label: "previous" },
  { keys: ["Enter"], label: "open" },
  { keys: ["v"], label: "view" },
  { keys: ["n"], label: "newRequests" },
  { keys: ["?"], label: "help" },
] as const;

/** The list of the board's keyboard shortcuts ("?"). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("ProBoard");
  return (
    <Dialog open={open} onClose={onClose} title={t("shortcuts.title")} closeLabel={t("close")} description={t("shortcuts.lead")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.label} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd key={key} dir="ltr" className="rounded border border-line-strong bg-sand-50 px-2 font-mono">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{t(`shortcuts.${shortcut.label}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
