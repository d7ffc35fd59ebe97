"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/ui/button";

export function BoardPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useTranslations("ProBoard");
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t("pagination")} className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </Button>
      <p aria-current="page">{t("pageOf", { page: String(page), total: String(totalPages) })}</p>
      <Button type="button" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t("next")}
      </Button>
    </nav>
  );
}
