"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { BRAND } from "@/config/brand";
import { loginPath, paths } from "@/config/paths";
import { DOCUMENT_REQUEST_VALIDITY_DAYS } from "@/domain/document-requests";
import type { DocumentRequestView as View } from "@/domain/schemas/document-request";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Link } from "@/ui/link";
import { CodeForm, type CodeOutcome } from "./code-form";
import { failureOf, fetchRequest } from "./document-request-calls";
import { RequestChecklist } from "./request-checklist";

type Screen =
  | { kind: "loading" }
  | { kind: "ready"; view: View; notice?: string }
  | { kind: "notFound" | "expired" | "locked" | "rateLimited" | "failed" };

async function fetchScreen(token: string, notice?: string): Promise<Screen> {
  try {
    const view = await fetchRequest(token);
    return view.locked && !view.verified ? { kind: "locked" } : { kind: "ready", view, notice };
  } catch (failure) {
    const { status } = failureOf(failure);
    return { kind: status === 404 ? "notFound" : status === 410 ? "expired" : status === 429 ? "rateLimited" : "failed" };
  }
}

/**
 * The page a relative reaches from the SMS: who asks and how many documents (first names
 * only), the code, then the list to send. Every state a link can be in says in words what
 * to do next; nothing is kept but this tab's short-lived proof.
 */
export function DocumentRequestView({ token, locale, typeLabels }: { token: string; locale: string; typeLabels: Record<string, string> }) {
  const t = useTranslations("DocumentRequests");
  const [screen, setScreen] = useState<Screen>({ kind: "loading" });

  const load = useCallback((notice?: string) => fetchScreen(token, notice).then(setScreen), [token]);

  useEffect(() => {
    let cancelled = false;
    void fetchScreen(token).then((next) => {
      if (!cancelled) setScreen(next);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (screen.kind === "loading") {
    return (
      <p role="status" className="text-lg text-ink-soft">
        {t("loading")}
      </p>
    );
  }
  if (screen.kind !== "ready") {
    return (
      <Alert tone={screen.kind === "failed" || screen.kind === "rateLimited" ? "warning" : "error"} title={t(`states.${screen.kind}.title`)}>
        <p>{t(`states.${screen.kind}.body`, { days: DOCUMENT_REQUEST_VALIDITY_DAYS })}</p>
        {screen.kind === "failed" ? (
          <Button className="mt-3" variant="secondary" onClick={() => void load()}>
            {t("retry")}
          </Button>
        ) : null}
      </Alert>
    );
  }

  const { view } = screen;
  const expires = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" }).format(new Date(view.expires_at));
  const onCode = (outcome: CodeOutcome) => {
    if (outcome === "verified") void load();
    else setScreen({ kind: outcome === "gone" ? "notFound" : outcome });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Heading level={1}>{t("greeting", { name: view.recipient_firstname })}</Heading>
        <p className="text-lg text-ink">
          {view.sender_firstname
            ? t("askedBy", { sender: view.sender_firstname, count: view.documents_count })
            : t("askedByTeam", { brand: BRAND, count: view.documents_count })}
        </p>
        <p className="text-base text-ink-soft">{t("expires", { date: expires })}</p>
      </div>
      {view.verified && view.message ? (
        <blockquote className="rounded-lg border-s-4 border-primary bg-primary-soft p-4">
          <p className="font-semibold text-ink">{view.sender_firstname ? t("messageFrom", { name: view.sender_firstname }) : t("messageFromTeam")}</p>
          <p className="whitespace-pre-line text-ink">{view.message}</p>
        </blockquote>
      ) : null}
      {view.verified && view.items ? (
        <RequestChecklist token={token} items={view.items} typeLabels={typeLabels} locale={locale} onProofLost={() => void load(t("codeAgain"))} />
      ) : (
        <>
          <CodeForm token={token} attemptsLeft={view.attempts_left} notice={screen.notice} onDone={onCode} />
          <p className="text-base text-ink-soft">
            {t("signInHint")}{" "}
            <Link href={loginPath({ returnTo: paths.smsDocuments(token) })}>{t("signIn")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
