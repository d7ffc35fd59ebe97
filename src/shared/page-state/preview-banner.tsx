import { getTranslations } from "next-intl/server";
import type { PageState } from "@/domain/page-state";

/**
 * Shown at the top of a page in preview (draft mode) only: says that unpublished
 * content is visible and offers the way out. The exit is a form posting to
 * /api/draft/disable, so leaving the preview is a deliberate action, not a prefetched link.
 */
export async function PreviewBanner({ state, path }: { state: Pick<PageState, "isPreview">; path: string }) {
  if (!state.isPreview) return null;
  const t = await getTranslations("Home.preview");
  return (
    <div role="region" aria-label={t("label")} className="border-b border-warning/40 bg-warning-soft" data-testid="preview-banner">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="text-ink">
          <strong className="font-semibold">{t("title")}</strong> {t("body")}
        </p>
        <form method="post" action={`/api/draft/disable?path=${encodeURIComponent(path)}`} className="ms-auto">
          <button type="submit" className="inline-flex min-h-11 items-center rounded-md border border-line-strong bg-surface px-4 font-semibold text-ink hover:bg-sand-50">
            {t("exit")}
          </button>
        </form>
      </div>
    </div>
  );
}
