"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { paths } from "@/config/paths";
import { FAMILY_LINKS, procedureCreateSchema, type ProcedureCreateInput } from "@/domain/schemas/administrative-procedure";
import { CIVILITIES } from "@/domain/schemas/funeral-quote";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { PlaceCombobox, type ComboboxOption } from "@/ui/combobox";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { Select } from "@/ui/select";
import { codesOf, createProcedure, searchCities, searchCountries } from "./space-calls";
import { useSpaceErrors } from "./space-errors";

/** What the form holds: every field as typed ("" for nothing yet). */
export interface ProcedureFormValues {
  civility: string;
  firstname: string;
  lastname: string;
  birth_name: string;
  birth_date: string;
  death_date: string;
  birth_location: string;
  birth_postal_code: string;
  birth_insee_code: string;
  birth_country_code: string;
  defunct_family_link: string;
  defunct_death_city_id: string;
}

const EMPTY: ProcedureFormValues = {
  civility: "",
  firstname: "",
  lastname: "",
  birth_name: "",
  birth_date: "",
  death_date: "",
  birth_location: "",
  birth_postal_code: "",
  birth_insee_code: "",
  birth_country_code: "fr",
  defunct_family_link: "",
  defunct_death_city_id: "",
};

const FIELDS = Object.keys(EMPTY) as Array<keyof ProcedureFormValues>;

/** Blank answers are "not given" (null) for the shared schema, which then says what is missing. */
export function toProcedureInput(values: ProcedureFormValues): Record<string, string | null> {
  const input: Record<string, string | null> = {};
  for (const field of FIELDS) input[field] = (values[field] ?? "").trim() === "" ? null : values[field];
  return input;
}

const schemaResolver = zodResolver(procedureCreateSchema);
const resolver: Resolver<ProcedureFormValues, unknown, ProcedureCreateInput> = (values, context, options) =>
  (schemaResolver as unknown as Resolver<Record<string, string | null>, unknown, ProcedureCreateInput>)(
    toProcedureInput(values),
    context,
    options as never,
  ) as never;

/** `defunct__birth_location__blank` → birth_location, when the form has that field. */
export function fieldOfCode(code: string): keyof ProcedureFormValues | null {
  const field = code.split("__")[1];
  return field && (FIELDS as string[]).includes(field) ? (field as keyof ProcedureFormValues) : null;
}

function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/**
 * A new administrative procedure: who died, when, where they were born (SPEC §5: birth
 * place, postal code and country are required, each refused on its own), the family's
 * link and the commune of death. Errors sit next to their field; what was typed stays.
 */
export function ProcedureForm({ onCreated }: { onCreated?: (id: number) => void }) {
  const t = useTranslations("ClientSpace.form");
  const errors = useSpaceErrors();
  const locale = useLocale();
  const router = useRouter();
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const [birthCommune, setBirthCommune] = useState("");
  const [deathCity, setDeathCity] = useState("");
  const [country, setCountry] = useState(() => countryName(locale, "fr"));
  const errorRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<ProcedureFormValues, unknown, ProcedureCreateInput>({
    resolver,
    defaultValues: EMPTY,
  });
  const countryCode = useWatch({ control, name: "birth_country_code" });
  const inFrance = countryCode === "fr";

  useEffect(() => {
    if (serverCodes.length > 0) errorRef.current?.focus();
  }, [serverCodes]);

  const searchCommune = useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> =>
      (await searchCities(q, signal)).map((c) => ({
        id: String(c.id),
        label: c.name,
        hint: `${c.postal_codes.slice(0, 3).join(", ")}${c.postal_codes.length > 3 ? "…" : ""} – ${c.department.name} (${c.department.code})`,
        extra: `${c.postal_codes[0] ?? ""}|${c.insee_code}`,
      })),
    [],
  );
  const searchCountry = useCallback(
    async (q: string, signal: AbortSignal): Promise<ComboboxOption[]> =>
      (await searchCountries(q, locale, signal)).map((c) => ({ id: c.code.toLowerCase(), label: c.name })),
    [locale],
  );

  const fieldError = (name: keyof ProcedureFormValues) => errors.one(formState.errors[name]?.message);
  const links = useMemo(() => FAMILY_LINKS.map((link) => ({ value: link, label: t(`links.${link}`) })), [t]);

  async function onSubmit(values: ProcedureCreateInput) {
    setServerCodes([]);
    try {
      const created = await createProcedure(values);
      if (onCreated) onCreated(created.id);
      else router.push(paths.procedure(created.id));
    } catch (error) {
      const codes = codesOf(error);
      const rest: string[] = [];
      let focused = false;
      for (const code of codes) {
        const field = fieldOfCode(code);
        if (field) {
          setError(field as FieldPath<ProcedureFormValues>, { message: code }, { shouldFocus: !focused });
          focused = true;
        } else rest.push(code);
      }
      if (rest.length > 0) setServerCodes(rest);
    }
  }

  const serverMessages = errors.many(serverCodes);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-8">
      {serverMessages.length > 0 ? (
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          <Alert tone="error" title={t("errorTitle")}>
            {serverMessages.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </Alert>
        </div>
      ) : null}

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-xl font-semibold text-ink">{t("deceasedLegend")}</legend>
        <Select
          label={t("civility")}
          placeholder={t("choose")}
          options={CIVILITIES.map((c) => ({ value: c, label: t(`civilities.${c === "Mme" ? "mrs" : "mr"}`) }))}
          error={fieldError("civility")}
          {...register("civility")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Input label={t("firstname")} autoComplete="off" error={fieldError("firstname")} {...register("firstname")} />
          <Input label={t("lastname")} autoComplete="off" error={fieldError("lastname")} {...register("lastname")} />
        </div>
        <Input label={t("birthName")} hint={t("birthNameHint")} autoComplete="off" error={fieldError("birth_name")} {...register("birth_name")} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Input type="date" label={t("birthDate")} error={fieldError("birth_date")} {...register("birth_date")} />
          <Input type="date" label={t("deathDate")} error={fieldError("death_date")} {...register("death_date")} />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-1 text-xl font-semibold text-ink">{t("birthLegend")}</legend>
        <p className="text-ink-soft">{t("birthLead")}</p>
        <PlaceCombobox
          id="procedure-birth-country"
          label={t("birthCountry")}
          value={country}
          search={searchCountry}
          onPick={(option) => {
            setCountry(option.label);
            setValue("birth_country_code", option.id, { shouldValidate: formState.isSubmitted });
            if (option.id !== "fr") setBirthCommune("");
          }}
          required
          emptyText={t("noCountry")}
          loadingText={t("searching")}
          failedText={t("searchFailed")}
          error={fieldError("birth_country_code")}
        />
        {inFrance ? (
          <PlaceCombobox
            id="procedure-birth-commune"
            label={t("birthCommune")}
            hint={t("birthCommuneHint")}
            value={birthCommune}
            search={searchCommune}
            onPick={(option) => {
              const [postal, insee] = (option.extra ?? "|").split("|");
              setBirthCommune(option.label);
              const validate = { shouldValidate: formState.isSubmitted };
              setValue("birth_location", option.label, validate);
              setValue("birth_postal_code", postal ?? "", validate);
              setValue("birth_insee_code", insee ?? "", validate);
            }}
            required
            emptyText={t("noCommune")}
            loadingText={t("searching")}
            failedText={t("searchFailed")}
            error={fieldError("birth_location")}
          />
        ) : (
          <Input label={t("birthLocation")} required autoComplete="off" error={fieldError("birth_location")} {...register("birth_location")} />
        )}
        <Input
          label={t("birthPostalCode")}
          hint={inFrance ? t("birthPostalCodeHint") : t("birthPostalCodeAbroadHint")}
          required
          inputMode={inFrance ? "numeric" : "text"}
          autoComplete="off"
          dir="ltr"
          error={fieldError("birth_postal_code")}
          {...register("birth_postal_code")}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-xl font-semibold text-ink">{t("familyLegend")}</legend>
        <Select label={t("familyLink")} placeholder={t("choose")} options={links} error={fieldError("defunct_family_link")} {...register("defunct_family_link")} />
        <PlaceCombobox
          id="procedure-death-city"
          label={t("deathCity")}
          hint={t("deathCityHint")}
          value={deathCity}
          search={searchCommune}
          onPick={(option) => {
            setDeathCity(option.label);
            setValue("defunct_death_city_id", option.id);
          }}
          emptyText={t("noCommune")}
          loadingText={t("searching")}
          failedText={t("searchFailed")}
          error={fieldError("defunct_death_city_id")}
        />
      </fieldset>

      <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Link href={paths.clientSpace()} variant="standalone">
          {t("cancel")}
        </Link>
        <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full sm:w-auto">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
