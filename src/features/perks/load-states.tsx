"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";

/** A load under way, announced politely. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2" role="status">
      <Spinner /> {label}
    </p>
  );
}

/** A load that failed: the reason in words and a way to try again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const t = useTranslations("Perks.family");
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button type="button" variant="secondary" className="mt-3" onClick={retry}>
        {t("retry")}
      </Button>
    </Alert>
  );
}
