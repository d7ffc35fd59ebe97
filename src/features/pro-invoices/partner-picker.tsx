"use client";

import { useTranslations } from "next-intl";
import { INVOICE_ENTITY_TYPES, type InvoiceEntityType } from "@/domain/schemas/entity-invoice";
import { PlaceCombobox } from "@/ui/combobox";
import { Select } from "@/ui/select";
import { searchPartners } from "./invoice-calls";

export interface PickedPartner {
  type: InvoiceEntityType | null;
  id: number | null;
  name: string;
}

/** A partner type, then the partner itself through the directory's autocomplete of that type. */
export function PartnerPicker({ value, onChange, allowAny, required }: { value: PickedPartner; onChange: (next: PickedPartner) => void; allowAny?: boolean; required?: boolean }) {
  const t = useTranslations("ProInvoices");
  const type = value.type;
  return (
    <>
      <Select
        label={t("fields.entityType")}
        value={type ?? ""}
        required={required}
        placeholder={allowAny ? t("fields.anyEntityType") : t("fields.chooseEntityType")}
        options={INVOICE_ENTITY_TYPES.map((v) => ({ value: v, label: t(`entityTypes.${v}`) }))}
        onChange={(e) => onChange({ type: (e.target.value || null) as InvoiceEntityType | null, id: null, name: "" })}
      />
      {type ? (
        <PlaceCombobox
          key={type}
          label={t("fields.entity")}
          hint={allowAny ? t("fields.entityHintAny") : undefined}
          value={value.name}
          required={required}
          search={async (q, signal) => (await searchPartners(type, q, signal)).map((o) => ({ id: String(o.id), label: o.label, ...(o.hint ? { hint: o.hint } : {}) }))}
          onPick={(option) => onChange({ type, id: Number(option.id), name: option.label })}
          emptyText={t("fields.entityNone")}
          loadingText={t("fields.entityLoading")}
          failedText={t("fields.entityFailed")}
        />
      ) : null}
    </>
  );
}
