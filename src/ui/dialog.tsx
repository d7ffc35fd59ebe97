"use client";

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/ui/cn";

/**
 * A modal dialog on the native <dialog> element opened with showModal(): the
 * browser then makes the rest of the page inert, keeps Tab inside and draws the
 * backdrop, which no hand-made focus trap does as reliably.
 *
 * The parent owns `open`; every way of closing (close button, Escape, the phone's
 * back gesture, an inner <form method="dialog">) goes through `onClose`, so state
 * never drifts from what is on screen. On close, focus goes back to whatever
 * opened the dialog, and page scroll is locked while it is open so the page does
 * not move underneath on phones.
 *
 * Tapping the backdrop does not close by default: a stray tap must not throw away
 * what a grieving family has typed. Browsers without showModal (old Safari, jsdom)
 * fall back to a plain open dialog.
 */
export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Heading of the dialog, already translated; also its accessible name. */
  title: ReactNode;
  /** Visible text of the close button, already translated ("Fermer"). */
  closeLabel: string;
  children: ReactNode;
  /** Actions row, e.g. Cancel / Confirm buttons. */
  footer?: ReactNode;
  /** Optional short text under the title, announced as the dialog description. */
  description?: ReactNode;
  size?: "md" | "lg";
  closeOnBackdropClick?: boolean;
  className?: string;
};

function lockScroll(): () => void {
  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  const previousPadding = root.style.paddingInlineEnd;
  // Keep the layout still when the scrollbar disappears.
  const scrollbar = window.innerWidth - root.clientWidth;
  root.style.overflow = "hidden";
  if (scrollbar > 0) root.style.paddingInlineEnd = `${scrollbar}px`;
  return () => {
    root.style.overflow = previousOverflow;
    root.style.paddingInlineEnd = previousPadding;
  };
}

export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  description,
  size = "md",
  closeOnBackdropClick = false,
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;

    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let closingFromProp = false;

    // Escape (via "cancel") and <form method="dialog"> (via "close") close the
    // dialog natively; hand the decision back to the parent instead.
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const handleClose = () => {
      if (!closingFromProp) onCloseRef.current();
    };
    dialog.addEventListener("cancel", handleCancel);
    dialog.addEventListener("close", handleClose);

    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!dialog.contains(document.activeElement)) {
      const autofocus = dialog.querySelector<HTMLElement>("[autofocus]");
      (autofocus ?? dialog).focus();
    }
    const unlockScroll = lockScroll();

    return () => {
      closingFromProp = true;
      dialog.removeEventListener("cancel", handleCancel);
      dialog.removeEventListener("close", handleClose);
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
      unlockScroll();
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // Handled here too because not every environment turns Escape into "cancel";
    // preventing the default stops the browser from also firing "cancel".
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onCloseRef.current();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={handleKeyDown}
      onClick={
        closeOnBackdropClick
          ? (event) => {
              // A click on the <dialog> itself (not its content) is a click on the backdrop.
              if (event.target === event.currentTarget) onCloseRef.current();
            }
          : undefined
      }
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-hidden rounded-lg border border-line bg-surface p-0 text-ink shadow-card",
        "backdrop:bg-ink/50 open:flex open:flex-col",
        size === "lg" ? "max-w-3xl" : "max-w-xl",
        className,
      )}
    >
      {/* Content only exists while open, so a reopened dialog starts fresh and hidden fields never submit. */}
      {open ? (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4 sm:px-6">
            <div className="flex min-w-0 flex-col gap-1 pt-1.5">
              <h2 id={titleId} className="text-xl font-semibold sm:text-2xl">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-ink-soft">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-me-2 inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2.5 font-medium text-primary hover:bg-primary-soft"
            >
              <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
                <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span>{closeLabel}</span>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-3 border-t border-line bg-paper px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
