"use client";

import { Alert } from "@/ui/alert";

/** What the last action came to: the error sentences under a title, or a calm confirmation. */
export function Outcome({ problem, title, notice }: { problem: string[] | null; title: string; notice?: string | null }) {
  return (
    <>
      {problem ? (
        <Alert tone="error" title={title}>
          <ul>
            {problem.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
    </>
  );
}
