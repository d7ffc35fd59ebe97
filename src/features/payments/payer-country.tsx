"use client";

import { useState } from "react";
import { api } from "@/api-client/client";
import { toApiError } from "@/api-client/api-error";
import { Button } from "@/ui/button";

export interface PayerCountryLabels {
  intro: string;
  label: string;
  choose: string;
  save: string;
  errors: Record<string, string>;
  unhandled: string;
}

/**
 * A family fresh from a funnel has no country on its account, and the ways to pay depend on
 * it (card only for the SPEC §9 countries): it says so here, then the page offers its methods.
 */
export function PayerCountry({ payerId, countries, labels }: { payerId: number; countries: Array<{ code: string; name: string }>; labels: PayerCountryLabels }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!code) return;
    setBusy(true);
    setError("");
    try {
      await api.put(`/api/v1/clients/${payerId}`, { country_code: code });
      window.location.reload();
    } catch (raw) {
      const first = toApiError(raw).codes[0] ?? "unhandled";
      setError(labels.errors[first] ?? labels.unhandled);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="mt-6 rounded-md border border-line p-4" noValidate>
      <p>{labels.intro}</p>
      <label htmlFor="payer-country" className="mt-3 block font-semibold">
        {labels.label}
      </label>
      <select
        id="payer-country"
        className="mt-1 min-h-12 w-full rounded-md border border-line-strong bg-white px-3"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "payer-country-error" : undefined}
        required
      >
        <option value="">{labels.choose}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="payer-country-error" role="alert" className="mt-2 text-danger">
          {error}
        </p>
      )}
      <Button type="submit" className="mt-4" disabled={busy || !code}>
        {labels.save}
      </Button>
    </form>
  );
}
