"use client";

import type { ReactNode } from "react";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { usePanelText } from "./use-panel-text";

/** The panel's confirmation before anything that cannot be undone (delete, send, cancel). */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  keepLabel,
  danger = false,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  keepLabel?: string;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = usePanelText();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={t("close")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {keepLabel ?? t("cancel")}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
