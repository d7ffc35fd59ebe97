"use client";

import type { Ref } from "react";
import { Alert } from "@/ui/alert";

/**
 * The problem reported by the server for a whole form. It takes focus when it appears
 * (tabIndex -1, the form focuses it) so keyboard and screen-reader users land on the explanation.
 */
export function FormErrors({ title, messages, ref }: { title: string; messages: string[]; ref?: Ref<HTMLDivElement> }) {
  if (messages.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert tone="error" title={title}>
        {messages.length === 1 ? (
          <p>{messages[0]}</p>
        ) : (
          <ul className="list-disc ps-5">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
