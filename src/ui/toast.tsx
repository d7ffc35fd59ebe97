"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/ui/cn";

/**
 * Short confirmations ("Your quote has been saved") shown at the bottom of the
 * screen and read out by screen readers.
 *
 * Two live regions exist from the first render (a region added together with its
 * text is often not announced): a polite one (role=status) for info and success,
 * an assertive one (role=alert) for errors. Toasts disappear after a delay, but
 * the countdown pauses while the pointer is over a toast or focus is inside it,
 * so nobody loses a message while reading it. Error toasts stay until dismissed
 * unless a duration is given: an error must not vanish before it is understood.
 */
export type ToastTone = "info" | "success" | "error";

export type ToastOptions = {
  /** Already translated text. */
  message: ReactNode;
  title?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before auto-dismiss; null keeps the toast until dismissed. */
  duration?: number | null;
};

type ToastItem = { id: number; message: ReactNode; title?: ReactNode; tone: ToastTone; duration: number | null };

export type ToastApi = {
  show: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export type ToastProviderProps = {
  children: ReactNode;
  /** Accessible name of each toast's dismiss button, already translated ("Fermer le message"). */
  dismissLabel: string;
  /** Default auto-dismiss delay in milliseconds, generous for slower readers. */
  duration?: number;
};

export function ToastProvider({ children, dismissLabel, duration = 8000 }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ message, title, tone = "info", duration: toastDuration }: ToastOptions) => {
      const id = nextId.current++;
      const resolved = toastDuration !== undefined ? toastDuration : tone === "error" ? null : duration;
      setToasts((current) => [...current, { id, message, title, tone, duration: resolved }]);
      return id;
    },
    [duration],
  );

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);
  const polite = toasts.filter((toast) => toast.tone !== "error");
  const assertive = toasts.filter((toast) => toast.tone === "error");

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-3 p-4 sm:items-end sm:px-6 sm:pb-6">
        <div role="alert" aria-live="assertive" aria-atomic="false" className="flex w-full max-w-md flex-col gap-3">
          {assertive.map((toast) => (
            <Toast key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={dismiss} />
          ))}
        </div>
        <div role="status" aria-live="polite" aria-atomic="false" className="flex w-full max-w-md flex-col gap-3">
          {polite.map((toast) => (
            <Toast key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** Shows toasts from any client component under ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be called inside <ToastProvider>.");
  return api;
}

const TONES: Record<ToastTone, { box: string; icon: string }> = {
  info: { box: "border-s-primary", icon: "text-primary" },
  success: { box: "border-s-success", icon: "text-success" },
  error: { box: "border-s-danger", icon: "text-danger" },
};

function ToastIcon({ tone }: { tone: ToastTone }) {
  return (
    <svg className={cn("mt-0.5 size-5 shrink-0", TONES[tone].icon)} viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.25" stroke="currentColor" strokeWidth="1.5" />
      {tone === "success" ? (
        <path d="m6.5 10.25 2.25 2.25 4.75-5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      ) : tone === "error" ? (
        <path d="M10 6v5m0 3h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      ) : (
        <path d="M10 9v5m0-8h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      )}
    </svg>
  );
}

function Toast({ toast, dismissLabel, onDismiss }: { toast: ToastItem; dismissLabel: string; onDismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.duration);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || remaining.current === null) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), Math.max(remaining.current, 0));
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current -= Date.now() - startedAt;
    };
  }, [paused, onDismiss, toast.id]);

  return (
    <div
      className={cn(
        "pointer-events-auto flex items-start gap-3 rounded-md border border-s-4 border-line bg-surface py-3 ps-4 pe-2 text-ink shadow-card",
        TONES[toast.tone].box,
      )}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <ToastIcon tone={toast.tone} />
      <div className="min-w-0 flex-1 py-0.5">
        {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
        <div>{toast.message}</div>
      </div>
      <button
        type="button"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
        className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-ink-soft hover:bg-sand-50 hover:text-ink"
      >
        <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
          <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
