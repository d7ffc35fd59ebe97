"use client";

import { useTranslations } from "next-intl";
import { DEAL_STEP_TYPES, type DealStepType } from "@/domain/deal-steps";
import type { DealStepCreate, DealStepUpdate } from "@/domain/schemas/deal-back-office";
import type { LocationType } from "@/domain/schemas/deal";
import { Checkbox } from "@/ui/checkbox";
import { PlaceCombobox } from "@/ui/combobox";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { dealCalls, type DealStep } from "./pro-deal-api";

/** Where a step takes place, as the advisor picks it: a partner's kind, a public place or the family's home (SPEC §3). */
export const PLACES = ["Crematorium", "Graveyard", "FuneralParlor", "Hospital", "Worship", "SupplierWarehouse", "PublicLocation", "Home"] as const;
export type Place = (typeof PLACES)[number];

/** The partner kinds chosen from a list (GET /api/v1/autocompletes/{kind}). */
export const PARTNER_AUTOCOMPLETE: Partial<Record<Place, string>> = {
  Crematorium: "crematoriums",
  Graveyard: "graveyards",
  FuneralParlor: "funeral_parlors",
  Hospital: "hospitals",
  Worship: "worships",
};

export interface StepDraft {
  step_type: DealStepType | "";
  date: string;
  time: string;
  place: Place | "";
  partner: { id: number; name: string } | null;
  address: string;
  comment: string;
  done: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The form's values for a step (its date and time in the advisor's own clock). */
export function draftOf(step: DealStep | null, partnerName: (step: DealStep) => string | null): StepDraft {
  if (!step) return { step_type: "", date: "", time: "", place: "", partner: null, address: "", comment: "", done: false };
  const at = step.scheduled_at === null ? null : new Date(step.scheduled_at * 1000);
  const place: Place | "" = step.place_kind === "Home" ? "Home" : ((step.location_type as Place | null) ?? (step.place_kind === "Public" ? "PublicLocation" : ""));
  const name = partnerName(step);
  return {
    step_type: step.step_type,
    date: at ? `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` : "",
    time: at && (at.getHours() !== 0 || at.getMinutes() !== 0) ? `${pad(at.getHours())}:${pad(at.getMinutes())}` : "",
    place,
    partner: step.location_id !== null ? { id: step.location_id, name: name ?? `#${step.location_id}` } : null,
    address: step.address ?? "",
    comment: step.comment ?? "",
    done: step.done_at !== null,
  };
}

/** The body of POST/PUT …/deal_steps for a draft; an empty date clears the schedule. */
export function bodyOf(draft: StepDraft, editing: boolean): DealStepCreate & DealStepUpdate {
  const scheduled = draft.date ? new Date(`${draft.date}T${draft.time || "00:00"}`) : null;
  const place = draft.place;
  const partnerKind = place !== "" && place !== "Home" && place !== "PublicLocation";
  return {
    step_type: draft.step_type as DealStepType,
    scheduled_at: scheduled,
    location_type: place === "" || place === "Home" ? null : (place as LocationType),
    location_id: partnerKind && draft.partner ? draft.partner.id : null,
    place_kind: place === "Home" ? "Home" : place === "PublicLocation" ? "Public" : null,
    address: draft.address.trim() === "" ? null : draft.address.trim(),
    comment: draft.comment.trim() === "" ? null : draft.comment,
    ...(editing ? { done: draft.done } : {}),
  };
}

/** The fields of a step; the dialog around it keeps the draft, so a refused save loses nothing. */
export function StepFields({ draft, onChange, editing }: { draft: StepDraft; onChange: (draft: StepDraft) => void; editing: boolean }) {
  const t = useTranslations("ProDeal.steps");
  const set = (patch: Partial<StepDraft>) => onChange({ ...draft, ...patch });
  const kind = draft.place === "" ? undefined : PARTNER_AUTOCOMPLETE[draft.place];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        label={t("type")}
        required
        value={draft.step_type}
        onChange={(event) => set({ step_type: event.target.value as DealStepType })}
        placeholder={t("chooseType")}
        options={DEAL_STEP_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        containerClassName="sm:col-span-2"
      />
      <Input label={t("date")} type="date" value={draft.date} onChange={(event) => set({ date: event.target.value })} />
      <Input label={t("time")} type="time" value={draft.time} onChange={(event) => set({ time: event.target.value })} />
      <Select
        label={t("place")}
        value={draft.place}
        onChange={(event) => set({ place: event.target.value as Place | "", partner: null })}
        placeholder={t("noPlace")}
        options={PLACES.map((place) => ({ value: place, label: t(`places.${place}`) }))}
      />
      {kind ? (
        <PlaceCombobox
          key={draft.place}
          label={t("partner")}
          value={draft.partner?.name ?? ""}
          search={async (q, signal) => (await dealCalls.autocomplete(kind, q, signal)).map((item) => ({ id: String(item.id), label: item.name, hint: typeof item.city === "string" ? item.city : undefined }))}
          onPick={(option) => set({ partner: { id: Number(option.id), name: option.label } })}
          emptyText={t("noMatch")}
          loadingText={t("searching")}
          failedText={t("searchFailed")}
        />
      ) : (
        <div />
      )}
      <Input label={t("address")} value={draft.address} maxLength={500} onChange={(event) => set({ address: event.target.value })} containerClassName="sm:col-span-2" />
      <Textarea label={t("comment")} value={draft.comment} maxLength={5000} rows={2} onChange={(event) => set({ comment: event.target.value })} containerClassName="sm:col-span-2" />
      {editing && <Checkbox label={t("done")} checked={draft.done} onChange={(event) => set({ done: event.target.checked })} />}
    </div>
  );
}
