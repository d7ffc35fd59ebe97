import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";

/** A deal number as typed in the lookup form: digits only, else null. */
export function dealNumber(text: string | undefined): number | null {
  const value = (text ?? "").trim();
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /pro/paiements: the funeral home types a deal's number and lands on its payments. A plain
 * GET form (works without JavaScript); a number that is not one is said so and stays typed.
 */
export async function ProPaymentsLookup({ typed }: { typed?: string }) {
  const t = await getTranslations("ProPayments.lookup");
  const invalid = typed !== undefined && dealNumber(typed) === null;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <Heading level={1}>{t("title")}</Heading>
      <form method="get" action={paths.proPayments()} className="mt-6 space-y-3" noValidate>
        <label htmlFor="deal-number" className="block font-semibold">
          {t("label")}
        </label>
        <input
          id="deal-number"
          name="dossier"
          type="text"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          defaultValue={typed ?? ""}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "deal-number-error" : undefined}
          className="w-48 rounded-md border border-stone-400 px-3 py-2"
        />
        {invalid && (
          <p id="deal-number-error" role="alert" className="font-semibold text-red-800">
            {t("invalid")}
          </p>
        )}
        <div>
          <Button type="submit">{t("submit")}</Button>
        </div>
      </form>
    </div>
  );
}
