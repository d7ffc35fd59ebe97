"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ACCESSORIES, ACCESSORY_MAX_QUANTITY, ENGRAVING_FONTS, ENGRAVING_LINE_MAX, ENGRAVING_MAX_LINES, FINISHES, GRANITES, MONUMENT_OPTIONS } from "@/domain/marble/products";
import { CIVILITIES, FUNNEL_CONTACT_CHANNELS } from "@/domain/schemas/funeral-quote";
import type { MarbleFilters } from "@/domain/schemas/marble-funnel";
import { Checkbox } from "@/ui/checkbox";
import { PlaceCombobox, type ComboboxOption } from "@/ui/combobox";
import { Input } from "@/ui/input";
import { RadioCards } from "@/ui/radio-cards";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { GraniteSwatch } from "./granite-swatch";
import type { MonumentDraft } from "./monument-draft";

/** The configurator's screens after the model: each edits one part of the draft. */

export interface StepProps {
  draft: MonumentDraft;
  change: (update: (draft: MonumentDraft) => MonumentDraft) => void;
  /** Sentence for the server's (or the step's own) code about a field, if any. */
  error: (prefix: string) => string | undefined;
}

export function GraniteStep({ draft, change, error }: StepProps) {
  const t = useTranslations("MonumentFunnel.granite");
  const tc = useTranslations("MonumentCatalog");
  const regions = new Intl.DisplayNames([useLocale()], { type: "region" });
  return (
    <RadioCards
      name="granite"
      legend={t("legend")}
      hint={t("hint")}
      error={error("monument__granite")}
      columns={2}
      value={draft.configuration.granite_code}
      onValueChange={(code) => change((d) => ({ ...d, configuration: { ...d.configuration, granite_code: code } }))}
      options={GRANITES.map((granite) => ({
        value: granite.code,
        icon: <GraniteSwatch colour={granite.swatch} veins={granite.colour_family === "multicolour"} />,
        label: granite.name,
        description: t("origin", {
          colour: tc(`colours.${granite.colour_family}`),
          region: granite.origin_region,
          country: regions.of(granite.origin_country.toUpperCase()) ?? granite.origin_country,
        }),
      }))}
    />
  );
}

export function FinishStep({ draft, change, error }: StepProps) {
  const t = useTranslations("MonumentFunnel.finish");
  const tc = useTranslations("MonumentCatalog.finishes");
  return (
    <RadioCards
      name="finish"
      legend={t("legend")}
      hint={t("hint")}
      error={error("monument__finish")}
      columns={2}
      value={draft.configuration.finish_code}
      onValueChange={(code) => change((d) => ({ ...d, configuration: { ...d.configuration, finish_code: code } }))}
      options={FINISHES.map((finish) => ({ value: finish.code, label: tc(`${finish.code}.name`), description: tc(`${finish.code}.text`) }))}
    />
  );
}

export function EngravingStep({ draft, change, error }: StepProps) {
  const t = useTranslations("MonumentFunnel.engraving");
  const tc = useTranslations("MonumentCatalog.fonts");
  const engraving = draft.configuration.engraving;
  const set = (next: Partial<typeof engraving>) =>
    change((d) => ({ ...d, configuration: { ...d.configuration, engraving: { ...d.configuration.engraving, ...next } } }));
  const lines = engraving.lines.length > 0 ? engraving.lines : [""];
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">{t("linesLegend")}</legend>
        <p className="text-ink-soft">{t("linesHint", { max: ENGRAVING_MAX_LINES, length: ENGRAVING_LINE_MAX })}</p>
        {lines.map((line, index) => (
          <Input
            key={index}
            label={t("line", { number: index + 1 })}
            value={line}
            maxLength={ENGRAVING_LINE_MAX + 10}
            error={line.length > ENGRAVING_LINE_MAX ? t("tooLong", { length: ENGRAVING_LINE_MAX }) : index === 0 ? error("monument__engraving_line") : undefined}
            onChange={(event) => set({ lines: lines.map((value, i) => (i === index ? event.target.value : value)) })}
          />
        ))}
        <div className="flex flex-wrap gap-3">
          {lines.length < ENGRAVING_MAX_LINES ? (
            <button type="button" className="min-h-11 font-semibold text-primary underline underline-offset-2" onClick={() => set({ lines: [...lines, ""] })}>
              {t("addLine")}
            </button>
          ) : null}
          {lines.length > 1 ? (
            <button type="button" className="min-h-11 font-semibold text-primary underline underline-offset-2" onClick={() => set({ lines: lines.slice(0, -1) })}>
              {t("removeLine")}
            </button>
          ) : null}
        </div>
      </fieldset>
      <RadioCards
        name="font"
        legend={t("fontLegend")}
        columns={2}
        value={engraving.font}
        onValueChange={(font) => set({ font: font as (typeof ENGRAVING_FONTS)[number] })}
        options={ENGRAVING_FONTS.map((font) => ({ value: font, label: tc(`${font}.name`), description: tc(`${font}.text`) }))}
      />
      <RadioCards
        name="lettering"
        legend={t("colourLegend")}
        columns={2}
        value={engraving.gilded ? "gold" : "white"}
        onValueChange={(value) => set({ gilded: value === "gold" })}
        options={[
          { value: "gold", label: t("gold"), description: t("goldText") },
          { value: "white", label: t("white"), description: t("whiteText") },
        ]}
      />
    </div>
  );
}

export function AccessoriesStep({ draft, change }: StepProps) {
  const t = useTranslations("MonumentFunnel.accessories");
  const tc = useTranslations("MonumentCatalog");
  const chosen = new Map(draft.configuration.accessories.map((a) => [a.code, a.quantity]));
  const setQuantity = (code: string, quantity: number) =>
    change((d) => {
      const others = d.configuration.accessories.filter((a) => a.code !== code);
      return { ...d, configuration: { ...d.configuration, accessories: quantity > 0 ? [...others, { code, quantity }] : others } };
    });
  const toggleOption = (option: (typeof MONUMENT_OPTIONS)[number], on: boolean) =>
    change((d) => ({
      ...d,
      configuration: { ...d.configuration, options: on ? [...new Set([...d.configuration.options, option])] : d.configuration.options.filter((o) => o !== option) },
    }));
  return (
    <div className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-lg font-semibold">{t("legend")}</legend>
        <p className="text-ink-soft">{t("hint")}</p>
        {ACCESSORIES.map((accessory) => (
          <div key={accessory.code} className="flex flex-wrap items-center justify-between gap-3 border-b border-line py-2">
            <Checkbox
              label={tc(`accessories.${accessory.code}`)}
              checked={chosen.has(accessory.code)}
              onChange={(event) => setQuantity(accessory.code, event.target.checked ? 1 : 0)}
            />
            {chosen.has(accessory.code) ? (
              <Select
                label={t("quantity", { name: tc(`accessories.${accessory.code}`) })}
                hideLabel
                containerClassName="w-24"
                value={String(chosen.get(accessory.code))}
                onChange={(event) => setQuantity(accessory.code, Number(event.target.value))}
                options={Array.from({ length: ACCESSORY_MAX_QUANTITY }, (_, i) => ({ value: String(i + 1), label: `× ${i + 1}` }))}
              />
            ) : null}
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-lg font-semibold">{t("optionsLegend")}</legend>
        <p className="text-ink-soft">{t("optionsHint")}</p>
        {MONUMENT_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            label={tc(`options.${option}.name`)}
            hint={tc(`options.${option}.text`)}
            checked={draft.configuration.options.includes(option)}
            onChange={(event) => toggleOption(option, event.target.checked)}
          />
        ))}
      </fieldset>
    </div>
  );
}

export function CemeteryStep({
  draft,
  change,
  error,
  searchGraveyards,
  concessionTypes,
}: StepProps & { searchGraveyards: (q: string, signal: AbortSignal) => Promise<ComboboxOption[]>; concessionTypes: MarbleFilters["graveyard"] extends infer G ? (G extends { concession_types: infer C } ? C : never) : never }) {
  const t = useTranslations("MonumentFunnel.cemetery");
  return (
    <div className="flex flex-col gap-6">
      <p className="text-ink-soft">{t("intro")}</p>
      <PlaceCombobox
        label={t("graveyard")}
        hint={t("graveyardHint")}
        error={error("graveyard")}
        value={draft.graveyard?.name ?? ""}
        search={searchGraveyards}
        onPick={(option) => change((d) => ({ ...d, graveyard: { id: Number(option.id), name: option.label }, concession: { ...d.concession, concession_type_id: null } }))}
        emptyText={t("none")}
        loadingText={t("loading")}
        failedText={t("failed")}
      />
      {concessionTypes.length > 0 ? (
        <Select
          label={t("concession")}
          hint={t("concessionHint")}
          placeholder={t("concessionUnknown")}
          value={draft.concession.concession_type_id === null ? "" : String(draft.concession.concession_type_id)}
          onChange={(event) => change((d) => ({ ...d, concession: { ...d.concession, concession_type_id: event.target.value ? Number(event.target.value) : null } }))}
          options={concessionTypes.map((type) => ({ value: String(type.id), label: type.name }))}
        />
      ) : null}
      <Input
        label={t("plot")}
        hint={t("plotHint")}
        maxLength={100}
        value={draft.concession.plot_reference}
        error={error("monument__plot_reference")}
        onChange={(event) => change((d) => ({ ...d, concession: { ...d.concession, plot_reference: event.target.value } }))}
      />
    </div>
  );
}

export function ContactStep({ draft, change, error, children }: StepProps & { children?: ReactNode }) {
  const t = useTranslations("MonumentFunnel.contact");
  const client = draft.client;
  const set = (next: Partial<MonumentDraft["client"]>) => change((d) => ({ ...d, client: { ...d.client, ...next } }));
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-soft">{t("intro")}</p>
      <RadioCards
        name="civility"
        legend={t("civility")}
        columns={2}
        value={client.civility}
        onValueChange={(value) => set({ civility: value as (typeof CIVILITIES)[number] })}
        options={CIVILITIES.map((civility) => ({ value: civility, label: t(civility === "Mme" ? "madam" : "sir") }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t("firstname")} autoComplete="given-name" required value={client.firstname} error={error("client__firstname")} onChange={(e) => set({ firstname: e.target.value })} />
        <Input label={t("lastname")} autoComplete="family-name" required value={client.lastname} error={error("client__lastname")} onChange={(e) => set({ lastname: e.target.value })} />
        <Input label={t("email")} type="email" autoComplete="email" required value={client.email} error={error("client__email")} onChange={(e) => set({ email: e.target.value })} />
        <Input label={t("phone")} type="tel" autoComplete="tel" value={client.phone} error={error("client__phone")} onChange={(e) => set({ phone: e.target.value })} />
      </div>
      <RadioCards
        name="channel"
        legend={t("channel")}
        columns={3}
        value={client.contact_channel}
        onValueChange={(value) => set({ contact_channel: value as (typeof FUNNEL_CONTACT_CHANNELS)[number] })}
        options={FUNNEL_CONTACT_CHANNELS.map((channel) => ({ value: channel, label: t(`channels.${channel}`) }))}
      />
      <Textarea
        label={t("commentary")}
        hint={t("commentaryHint")}
        maxLength={2000}
        rows={3}
        value={draft.commentary}
        error={error("deal__commentary")}
        onChange={(event) => change((d) => ({ ...d, commentary: event.target.value }))}
      />
      <Checkbox label={t("consent")} checked={client.consent} error={error("client__consent")} onChange={(event) => set({ consent: event.target.checked })} />
      {children}
    </div>
  );
}
