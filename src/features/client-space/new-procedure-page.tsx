import { getTranslations } from "next-intl/server";
import { ProcedureForm } from "./procedure-form";

/** The page around the new-procedure form: what it is for, and why the birth place is asked. */
export async function NewProcedurePage() {
  const t = await getTranslations("ClientSpace.form");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{t("heading")}</h1>
        <p className="text-lg text-ink-soft">{t("lead")}</p>
        <p className="text-ink-soft">{t("requiredNote")}</p>
      </div>
      <ProcedureForm />
    </div>
  );
}
