"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { BRAND } from "@/config/brand";
import type { SignerView } from "@/domain/schemas/signature-request";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { decline, failureOf, fetchSigner, sign, signerFileUrl } from "./signature-calls";

type Screen = { kind: "loading" } | { kind: "ready"; view: SignerView } | { kind: "unavailable" | "rateLimited" | "failed" };

async function screenOf(token: string): Promise<Screen> {
  try {
    const view = await fetchSigner(token);
    // An expired or cancelled link reads like an unknown one: nothing says it ever existed.
    return view.status === "expired" || view.status === "cancelled" ? { kind: "unavailable" } : { kind: "ready", view };
  } catch (failure) {
    const { status } = failureOf(failure);
    return { kind: status === 404 || status === 422 ? "unavailable" : status === 429 ? "rateLimited" : "failed" };
  }
}

/**
 * The page a family member reaches from the signing e-mail: who asks, which document (read
 * through the link), what this electronic signature is and is not, then the typed name and
 * consent. A refused attempt keeps what was typed; a signed link offers the signed copy.
 */
export function SignatureView({ token }: { token: string }) {
  const t = useTranslations("SignaturePage");
  const errors = useTranslations("Errors");
  const locale = useLocale();
  const [screen, setScreen] = useState<Screen>({ kind: "loading" });
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: "name" | "consent" | "form"; message: string } | null>(null);
  const day = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" }).format(seconds * 1000);

  useEffect(() => {
    let left = false;
    void screenOf(token).then((next) => !left && setScreen(next));
    return () => {
      left = true;
    };
  }, [token]);

  const act = async (work: () => Promise<SignerView>) => {
    setBusy(true);
    setProblem(null);
    try {
      const view = await work();
      setScreen({ kind: "ready", view });
    } catch (failure) {
      const { status, codes } = failureOf(failure);
      if (status === 404) return setScreen({ kind: "unavailable" });
      if (codes.includes("signature__status__expired")) return setScreen({ kind: "unavailable" });
      if (codes.includes("signature__status__closed")) return setScreen(await screenOf(token));
      const code = codes[0] ?? "unhandled";
      const message = status === 429 ? t("tooMany") : errors.has(code) ? errors(code) : errors("unhandled");
      setProblem({ field: code.startsWith("signature__name") ? "name" : code.startsWith("signature__consent") ? "consent" : "form", message });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem({ field: "name", message: errors("signature__name__blank") });
    if (!consent) return setProblem({ field: "consent", message: errors("signature__consent__required") });
    void act(() => sign(token, { name, consent }));
  };

  if (screen.kind === "loading") return <p role="status" className="text-lg text-ink-soft">{t("loading")}</p>;
  if (screen.kind !== "ready") {
    return (
      <div className="flex flex-col gap-3" data-testid="signature-unavailable">
        <Heading level={1}>{screen.kind === "unavailable" ? t("unavailable") : t("title")}</Heading>
        <p className="text-lg">{screen.kind === "unavailable" ? t("unavailableHint", { brand: BRAND }) : screen.kind === "rateLimited" ? t("tooMany") : errors("no_network")}</p>
        {screen.kind === "unavailable" ? null : (
          <div>
            <Button variant="secondary" onClick={() => void screenOf(token).then(setScreen)}>
              {t("retry")}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const { view } = screen;
  if (view.status === "signed" || view.status === "declined") {
    return (
      <div className="flex flex-col gap-4" data-testid={`signature-${view.status}`}>
        <Heading level={1}>{t("title")}</Heading>
        <Alert tone={view.status === "signed" ? "success" : "info"}>{view.status === "signed" ? t("signed", { date: view.signed_at ? day(view.signed_at) : "" }) : t("declined")}</Alert>
        <p className="break-words">{t("documentLine", { document: view.document_name })}</p>
        {view.status === "signed" ? (
          <div>
            <a className={buttonClasses({ variant: "primary" })} href={signerFileUrl(token)} target="_blank" rel="noopener noreferrer">
              {t("downloadSigned")}
            </a>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <Heading level={1}>{t("title")}</Heading>
      <p className="text-lg">{view.requested_by ? t("introBy", { brand: BRAND, advisor: view.requested_by, document: view.document_name }) : t("intro", { brand: BRAND, document: view.document_name })}</p>
      <div>
        <a className={buttonClasses({ variant: "secondary" })} href={signerFileUrl(token)} target="_blank" rel="noopener noreferrer">
          {t("read")}
        </a>
        <p className="mt-1 text-ink-soft">{t("validUntil", { date: day(view.expires_at) })}</p>
      </div>
      <section aria-labelledby="signature-meaning" className="rounded-md border border-line bg-surface-muted p-4">
        <h2 id="signature-meaning" className="font-semibold">
          {t("meaningTitle")}
        </h2>
        <p className="mt-2">{t("meaningIs")}</p>
        <p className="mt-2">{t("meaningIsNot")}</p>
      </section>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input
          label={t("nameLabel")}
          hint={t("nameHint", { name: view.signer_name })}
          value={name}
          autoComplete="name"
          maxLength={120}
          required
          error={problem?.field === "name" ? problem.message : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Checkbox label={t("consent")} checked={consent} required error={problem?.field === "consent" ? problem.message : undefined} onChange={(e) => setConsent(e.target.checked)} />
        {problem?.field === "form" ? <Alert tone="error">{problem.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t("signing") : t("sign")}
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={() => (window.confirm(t("declineConfirm")) ? void act(() => decline(token)) : undefined)}>
            {t("decline")}
          </Button>
        </div>
      </form>
    </div>
  );
}
