"use client";

import { useLocale, useTranslations } from "next-intl";
import { COFFIN_RANGES, MAX_PARLOR_STAY_DAYS, WORSHIP_TYPES, type CeremonyPlace, type CoffinRange, type FlowerChoice, type WorshipType } from "@/domain/quote/answers";
import type { GraveyardPartner } from "@/domain/quote/catalog";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { RadioCards } from "@/ui/radio-cards";
import { Select } from "@/ui/select";
import { concessionsOf, itemTtc, rangePrice, withVat } from "./catalog-prices";
import { withAnswers, type StepProps } from "./step-props";
import { formatMoney } from "@/domain/quote/money";

/** The choices that shape the quote: ceremony, resting place, coffin and optional services. */

function OptionalTag() {
  const t = useTranslations("Quote.document");
  return <span className="ms-2 rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-sm font-semibold text-accent">{t("optional")}</span>;
}

export function CeremonyStep({ draft, onChange, showErrors, question, pricing }: StepProps) {
  const t = useTranslations("Quote.funnel.ceremony");
  const locale = useLocale();
  const ceremony = draft.answers.ceremony;
  const type = ceremony?.type;
  const choice = draft.choice;
  const crematorium = pricing?.partners.crematoriums[0];
  const parlor = pricing?.partners.funeralParlors[0];
  const setCeremony = (patch: Partial<NonNullable<typeof ceremony>>) =>
    onChange((d) => ({ ...d, answers: { ...d.answers, ceremony: { ...(d.answers.ceremony ?? { type: "civil" }), ...patch } } }));

  const places: CeremonyPlace[] = [
    ...(type === "religious" ? (["place-of-worship"] as const) : []),
    ...(choice === "cremation" ? (["crematorium"] as const) : []),
    "funeral-parlor",
    ...(choice === "burial" ? (["graveside"] as const) : []),
    "other",
  ];
  const placeHint = (place: CeremonyPlace): string => {
    if (place === "crematorium" && crematorium?.rooms[0]) return t("placesHint.crematoriumPrice", { price: formatMoney(crematorium.rooms[0].priceCents, locale) });
    if (place === "funeral-parlor" && parlor?.ceremonyRoomHtCents != null) return t("placesHint.parlorPrice", { price: formatMoney(withVat(parlor.ceremonyRoomHtCents, parlor.vatRate), locale) });
    return t(`placesHint.${place}`);
  };

  return (
    <div className="flex flex-col gap-6">
      <RadioCards
        name="ceremonyType"
        legend={question}
        hideLegend
        value={type ?? null}
        onValueChange={(value) => setCeremony({ type: value as "none" | "civil" | "religious" })}
        error={showErrors && !type ? t("required") : undefined}
        options={[
          { value: "none", label: t("none"), description: t("noneHint") },
          { value: "civil", label: t("civil"), description: t("civilHint") },
          { value: "religious", label: t("religious"), description: t("religiousHint") },
        ]}
      />
      {type === "religious" ? (
        <Select
          label={t("worship")}
          required
          value={ceremony?.worship ?? ""}
          placeholder={t("worshipPlaceholder")}
          onChange={(event) => setCeremony({ worship: (event.target.value || undefined) as WorshipType | undefined })}
          options={WORSHIP_TYPES.map((w) => ({ value: w, label: t(`worships.${w}`) }))}
          error={showErrors && !ceremony?.worship ? t("worshipRequired") : undefined}
        />
      ) : null}
      {type && type !== "none" ? (
        <RadioCards
          name="ceremonyPlace"
          legend={t("placeQuestion")}
          value={ceremony?.place ?? null}
          onValueChange={(value) => setCeremony({ place: value as CeremonyPlace })}
          error={showErrors && !ceremony?.place ? t("placeRequired") : undefined}
          columns={2}
          options={places.map((place) => ({ value: place, label: t(`places.${place}`), description: placeHint(place) }))}
        />
      ) : null}
      {ceremony?.place === "crematorium" && crematorium && crematorium.rooms.length > 1 ? (
        <Select
          label={t("room")}
          value={ceremony.crematoriumRoomId ?? crematorium.rooms[0]!.id}
          onChange={(event) => setCeremony({ crematoriumRoomId: event.target.value })}
          options={crematorium.rooms.map((room) => ({ value: room.id, label: `${room.label} – ${room.durationMinutes} min – ${formatMoney(room.priceCents, locale)}` }))}
        />
      ) : null}
    </div>
  );
}

function GraveyardFields({ graveyards, graveyardId, kind, termYears, onGraveyard, onTerm, showTerm }: {
  graveyards: readonly GraveyardPartner[];
  graveyardId: string | undefined;
  kind: string | undefined;
  termYears: number | undefined;
  onGraveyard: (id: string) => void;
  onTerm: (years: number | undefined) => void;
  showTerm: boolean;
}) {
  const t = useTranslations("Quote.funnel.resting");
  const locale = useLocale();
  if (graveyards.length === 0) return <p className="text-ink-soft">{t("noGraveyard")}</p>;
  const graveyard = graveyards.find((g) => g.id === graveyardId) ?? graveyards[0];
  const terms = kind ? concessionsOf(graveyard, kind) : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t("graveyard")}
        value={graveyard?.id ?? ""}
        onChange={(event) => onGraveyard(event.target.value)}
        options={graveyards.map((g) => ({ value: g.id, label: g.name }))}
      />
      {showTerm && terms.length > 0 ? (
        <Select
          label={t("term")}
          value={String(termYears ?? terms[0]!.termYears)}
          onChange={(event) => onTerm(Number(event.target.value))}
          options={terms.map((c) => ({ value: String(c.termYears), label: t("termOption", { years: String(c.termYears), price: formatMoney(c.priceCents, locale) }) }))}
        />
      ) : null}
    </div>
  );
}

export function RestingPlaceStep({ draft, onChange, showErrors, question, pricing }: StepProps) {
  const t = useTranslations("Quote.funnel.resting");
  const a = draft.answers;
  const graveyards = pricing?.partners.graveyards ?? [];
  const cremation = draft.choice === "cremation";
  const graveyardFields = (kind: string | undefined, showTerm: boolean) => (
    <GraveyardFields
      graveyards={graveyards}
      graveyardId={a.graveyardId}
      kind={kind}
      termYears={a.concessionTermYears}
      showTerm={showTerm}
      onGraveyard={(id) => onChange(withAnswers({ graveyardId: id, concessionTermYears: undefined }))}
      onTerm={(years) => onChange(withAnswers({ concessionTermYears: years }))}
    />
  );

  if (!cremation) {
    return (
      <div className="flex flex-col gap-6">
        <RadioCards
          name="grave"
          legend={question}
          hideLegend
          value={a.finalRestingPlace ?? null}
          onValueChange={(value) => onChange(withAnswers({ finalRestingPlace: value as "family-grave" | "new-concession", concessionKind: value === "new-concession" ? (a.concessionKind ?? "ground") : undefined }))}
          error={showErrors && !a.finalRestingPlace ? t("required") : undefined}
          options={[
            { value: "family-grave", label: t("familyGrave"), description: t("familyGraveHint") },
            { value: "new-concession", label: t("newConcession"), description: t("newConcessionHint") },
          ]}
        />
        {a.finalRestingPlace === "new-concession" ? (
          <RadioCards
            name="concessionKind"
            legend={t("kindQuestion")}
            value={a.concessionKind ?? null}
            onValueChange={(value) => onChange(withAnswers({ concessionKind: value as "ground" | "vault", concessionTermYears: undefined }))}
            columns={2}
            options={[
              { value: "ground", label: t("kinds.ground"), description: t("kindsHint.ground") },
              { value: "vault", label: t("kinds.vault"), description: t("kindsHint.vault") },
            ]}
          />
        ) : null}
        {a.finalRestingPlace ? graveyardFields(a.concessionKind, a.finalRestingPlace === "new-concession") : null}
      </div>
    );
  }

  const value = draft.ashesLater ? "later" : (a.finalRestingPlace ?? null);
  return (
    <div className="flex flex-col gap-6">
      <RadioCards
        name="ashes"
        legend={question}
        hideLegend
        value={value === "home-urn" ? null : value}
        onValueChange={(next) =>
          onChange((d) =>
            next === "later"
              ? { ...withAnswers({ finalRestingPlace: undefined })(d), ashesLater: true }
              : { ...withAnswers({ finalRestingPlace: next as "scattering" | "columbarium" | "new-concession" | "family-grave" })(d), ashesLater: false },
          )
        }
        error={showErrors && value === null ? t("required") : undefined}
        options={[
          { value: "scattering", label: t("ashes.scattering"), description: t("ashesHint.scattering") },
          { value: "columbarium", label: t("ashes.columbarium"), description: t("ashesHint.columbarium") },
          { value: "new-concession", label: t("ashes.urnPlot"), description: t("ashesHint.urnPlot") },
          { value: "family-grave", label: t("ashes.familyGrave"), description: t("ashesHint.familyGrave") },
          { value: "later", label: t("ashes.later"), description: t("ashesHint.later") },
        ]}
      />
      {a.finalRestingPlace === "scattering" ? (
        <RadioCards
          name="scatteringPlace"
          legend={t("scatteringQuestion")}
          value={a.scatteringPlace ?? null}
          onValueChange={(next) => onChange(withAnswers({ scatteringPlace: next as "memorial-garden" | "nature" }))}
          error={showErrors && !a.scatteringPlace ? t("scatteringRequired") : undefined}
          columns={2}
          options={[
            { value: "memorial-garden", label: t("scattering.memorialGarden"), description: t("scatteringHint.memorialGarden") },
            { value: "nature", label: t("scattering.nature"), description: t("scatteringHint.nature") },
          ]}
        />
      ) : null}
      {a.finalRestingPlace === "columbarium" ? graveyardFields("columbarium", true) : null}
      {a.finalRestingPlace === "new-concession" ? graveyardFields("urn-plot", true) : null}
      <details className="rounded-lg border border-line bg-surface p-4">
        <summary className="cursor-pointer font-semibold text-primary">{t("homeUrnQuestion")}</summary>
        <p className="mt-2 text-ink-soft">{t("homeUrnAnswer")}</p>
      </details>
    </div>
  );
}

export function CoffinStep({ draft, onChange, showErrors, question, pricing }: StepProps) {
  const t = useTranslations("Quote.funnel.coffin");
  const locale = useLocale();
  const a = draft.answers;
  const catalog = pricing?.catalog;
  const disposition = a.disposition;
  const price = (range: CoffinRange) => {
    const cents = pricing ? rangePrice(pricing, a, range) : null;
    return cents === null ? "" : ` ${t(disposition === "cremation" ? "priceWithUrn" : "price", { price: formatMoney(cents, locale) })}`;
  };
  return (
    <div className="flex flex-col gap-6">
      <RadioCards
        name="coffinRange"
        legend={question}
        hideLegend
        value={a.coffinRange ?? null}
        onValueChange={(value) => onChange(withAnswers({ coffinRange: value as CoffinRange }))}
        error={showErrors && !a.coffinRange ? t("required") : undefined}
        options={COFFIN_RANGES.map((range) => ({ value: range, label: t(`ranges.${range}`), description: `${t(`rangesHint.${range}`)}${price(range)}` }))}
      />
      <p className="text-ink-soft">{t("included")}</p>
      <fieldset className="flex flex-col gap-2 rounded-lg border border-line p-4">
        <legend className="px-1 font-semibold text-ink">{t("extrasLegend")}</legend>
        <Checkbox
          label={
            <>
              {t("padding")}
              {catalog ? ` (${formatMoney(itemTtc(catalog.accessories.padding), locale)})` : ""}
              <OptionalTag />
            </>
          }
          hint={t("paddingHint")}
          checked={a.coffinPadding === true}
          onChange={(event) => onChange(withAnswers({ coffinPadding: event.target.checked || undefined }))}
        />
        <Checkbox
          label={
            <>
              {t("emblem")}
              {catalog ? ` (${formatMoney(itemTtc(catalog.accessories.emblem), locale)})` : ""}
              <OptionalTag />
            </>
          }
          hint={t("emblemHint")}
          checked={a.coffinEmblem === true}
          onChange={(event) => onChange(withAnswers({ coffinEmblem: event.target.checked || undefined }))}
        />
      </fieldset>
    </div>
  );
}

export function OptionsStep({ draft, onChange, pricing, showErrors }: StepProps) {
  const t = useTranslations("Quote.funnel.options");
  const locale = useLocale();
  const a = draft.answers;
  const catalog = pricing?.catalog;
  const parlors = pricing?.partners.funeralParlors ?? [];
  const parlor = parlors.find((p) => p.id === a.funeralParlorId) ?? parlors[0];
  const money = (cents: number | undefined) => (cents === undefined ? "" : ` (${formatMoney(cents, locale)})`);
  const toggle = (key: "embalming" | "pressNotice" | "onlineNotice" | "memorialPage", checked: boolean) => onChange(withAnswers({ [key]: checked || undefined }));
  const label = (text: string, cents?: number) => (
    <>
      {text}
      {money(cents)}
      <OptionalTag />
    </>
  );
  const none = !a.embalming && !draft.parlorStay && (!a.flowers || a.flowers === "none") && !a.pressNotice && !a.onlineNotice && !a.memorialPage;
  return (
    <div className="flex flex-col gap-4">
      <Checkbox
        label={label(t("embalming"), catalog ? itemTtc(catalog.services.embalming) : undefined)}
        hint={t("embalmingHint")}
        checked={a.embalming === true}
        onChange={(event) => toggle("embalming", event.target.checked)}
      />
      <div className="flex flex-col gap-3">
        <Checkbox
          label={label(t("parlor"))}
          hint={parlor ? t("parlorHintPrice", { perDay: formatMoney(withVat(parlor.pricePerDayHtCents, parlor.vatRate), locale), admission: formatMoney(withVat(parlor.admissionHtCents, parlor.vatRate), locale) }) : t("parlorHint")}
          checked={draft.parlorStay}
          onChange={(event) => onChange((d) => ({ ...withAnswers({ parlorStayDays: event.target.checked ? (d.answers.parlorStayDays ?? 2) : undefined })(d), parlorStay: event.target.checked }))}
        />
        {draft.parlorStay ? (
          <div className="grid gap-4 ps-9 sm:grid-cols-2">
            <Input
              label={t("days")}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PARLOR_STAY_DAYS}
              value={a.parlorStayDays ?? ""}
              onChange={(event) => {
                const days = Math.min(MAX_PARLOR_STAY_DAYS, Math.max(0, Math.floor(Number(event.target.value) || 0)));
                onChange(withAnswers({ parlorStayDays: days > 0 ? days : undefined }));
              }}
              error={showErrors && !(a.parlorStayDays && a.parlorStayDays > 0) ? t("daysRequired") : undefined}
            />
            {parlors.length > 1 ? (
              <Select label={t("parlorChoice")} value={parlor?.id ?? ""} onChange={(event) => onChange(withAnswers({ funeralParlorId: event.target.value }))} options={parlors.map((p) => ({ value: p.id, label: p.name }))} />
            ) : null}
          </div>
        ) : null}
      </div>
      <Select
        label={
          <>
            {t("flowers")}
            <OptionalTag />
          </>
        }
        hint={t("flowersHint")}
        value={a.flowers ?? "none"}
        onChange={(event) => onChange(withAnswers({ flowers: event.target.value === "none" ? undefined : (event.target.value as FlowerChoice) }))}
        options={[{ value: "none", label: t("flowersNone") }, ...(catalog?.flowers ?? []).map((f) => ({ value: f.variant, label: `${f.label} (${formatMoney(itemTtc(f), locale)})` }))]}
      />
      <Checkbox
        label={label(t("pressNotice"), catalog?.thirdParty.pressNotice.amountCents)}
        hint={t("pressNoticeHint")}
        checked={a.pressNotice === true}
        onChange={(event) => toggle("pressNotice", event.target.checked)}
      />
      <Checkbox
        label={label(t("onlineNotice"), catalog ? itemTtc(catalog.services.onlineNotice) : undefined)}
        hint={t("onlineNoticeHint")}
        checked={a.onlineNotice === true}
        onChange={(event) => toggle("onlineNotice", event.target.checked)}
      />
      <Checkbox
        label={label(t("memorialPage"), catalog ? itemTtc(catalog.services.memorialPage) : undefined)}
        hint={t("memorialPageHint")}
        checked={a.memorialPage === true}
        onChange={(event) => toggle("memorialPage", event.target.checked)}
      />
      <div>
        <Button
          variant="ghost"
          disabled={none}
          onClick={() =>
            onChange((d) => ({
              ...withAnswers({ embalming: undefined, parlorStayDays: undefined, flowers: undefined, pressNotice: undefined, onlineNotice: undefined, memorialPage: undefined })(d),
              parlorStay: false,
            }))
          }
        >
          {t("clear")}
        </Button>
      </div>
    </div>
  );
}
