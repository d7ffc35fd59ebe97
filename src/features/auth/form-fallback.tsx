import { getTranslations } from "next-intl/server";
import { Spinner } from "@/ui/spinner";

/** Shown while a form that reads the address (return page, reset token) starts in the browser. */
export async function FormFallback() {
  const t = await getTranslations("Auth");
  return (
    <div className="flex min-h-40 items-center justify-center text-ink-soft">
      <Spinner size="lg" label={t("loading")} />
    </div>
  );
}
