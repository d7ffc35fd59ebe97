import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "@/ui/cn";

/**
 * A banner for a message about the page or a form (saved, payment pending,
 * form has errors). The tone is given by an icon and a title as well as by
 * colour, so it reads in greyscale too. Errors use role=alert (announced at once);
 * the other tones role=status (announced politely). `announce={false}` drops the
 * live role for banners that are part of the page from the start, which screen
 * readers would otherwise re-announce or ignore inconsistently.
 */
export type AlertTone = "info" | "success" | "warning" | "error";

export type AlertProps = Omit<ComponentPropsWithRef<"div">, "title" | "role"> & {
  tone?: AlertTone;
  /** Short heading, already translated. */
  title?: ReactNode;
  announce?: boolean;
};

const TONES: Record<AlertTone, { box: string; icon: string }> = {
  info: { box: "border-primary/30 bg-primary-soft", icon: "text-primary" },
  success: { box: "border-success/30 bg-success-soft", icon: "text-success" },
  warning: { box: "border-warning/30 bg-warning-soft", icon: "text-warning" },
  error: { box: "border-danger/30 bg-danger-soft", icon: "text-danger" },
};

function AlertIcon({ tone }: { tone: AlertTone }) {
  return (
    <svg className={cn("mt-0.5 size-6 shrink-0", TONES[tone].icon)} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      {tone === "warning" ? (
        <>
          <path d="M12 3.5 2.75 19.5h18.5L12 3.5Z" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
          <path d="M12 10v4.5m0 2.75h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="9.25" stroke="currentColor" strokeWidth="1.75" />
          {tone === "success" ? (
            <path d="m7.75 12.25 2.75 2.75 5.75-6" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
          ) : tone === "error" ? (
            <path d="M12 7v6m0 3.5h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          ) : (
            <path d="M12 11v6m0-9.5h.01" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          )}
        </>
      )}
    </svg>
  );
}

export function Alert({ tone = "info", title, announce = true, className, children, ...props }: AlertProps) {
  const role = announce ? (tone === "error" ? "alert" : "status") : undefined;
  return (
    <div {...props} role={role} className={cn("flex items-start gap-3 rounded-md border p-4 text-ink", TONES[tone].box, className)}>
      <AlertIcon tone={tone} />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
