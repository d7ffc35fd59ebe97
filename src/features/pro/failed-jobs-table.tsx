"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/api-client/client";
import { Button } from "@/ui/button";
import type { FailedJob } from "./failed-jobs";

export interface FailedJobsLabels {
  empty: string;
  kind: string;
  attempts: string;
  error: string;
  failedAt: string;
  actions: string;
  retry: string;
  discard: string;
  retried: string;
  discarded: string;
  failed: string;
}

/** Dead jobs with their retry and discard buttons; the outcome is announced in a live region. */
export function FailedJobsTable({ jobs, labels, locale }: { jobs: FailedJob[]; labels: FailedJobsLabels; locale: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState("");

  async function act(id: number, action: "retry" | "discard") {
    setBusy(id);
    try {
      await api.post(`/api/v1/pro/jobs/${id}/${action}`, {});
      setStatus(action === "retry" ? labels.retried : labels.discarded);
      router.refresh();
    } catch {
      setStatus(labels.failed);
    } finally {
      setBusy(null);
    }
  }

  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="mt-6">
      <p role="status" aria-live="polite" className="mb-4 min-h-6 font-medium">
        {status}
      </p>
      {jobs.length === 0 ? (
        <p>{labels.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-start">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2 text-start">#</th>
                <th scope="col" className="p-2 text-start">{labels.kind}</th>
                <th scope="col" className="p-2 text-start">{labels.attempts}</th>
                <th scope="col" className="p-2 text-start">{labels.error}</th>
                <th scope="col" className="p-2 text-start">{labels.failedAt}</th>
                <th scope="col" className="p-2 text-start">{labels.actions}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-b border-stone-200">
                  <td className="p-2">{job.id}</td>
                  <td className="p-2 font-mono text-sm">{job.kind}</td>
                  <td className="p-2">{job.attempts}</td>
                  <td className="p-2 font-mono text-sm">{job.lastError ?? "–"}</td>
                  <td className="p-2">{date.format(new Date(job.createdAt))}</td>
                  <td className="flex flex-wrap gap-2 p-2">
                    <Button type="button" variant="primary" disabled={busy === job.id} onClick={() => act(job.id, "retry")} aria-label={`${labels.retry} #${job.id}`}>
                      {labels.retry}
                    </Button>
                    <Button type="button" variant="secondary" disabled={busy === job.id} onClick={() => act(job.id, "discard")} aria-label={`${labels.discard} #${job.id}`}>
                      {labels.discard}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
