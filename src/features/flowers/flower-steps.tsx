"use client";

import { useLocale, useTranslations } from "next-intl";
import { DELIVERY_PLACES, MESSAGE_MAX_LENGTH, ORDER_MAX_QUANTITY, type DeliveryPlace } from "@/domain/flowers/catalogue";
import { CEREMONY_LEAD_MINUTES, DELIVERY_CUTOFF_MINUTES, formatMinutes } from "@/domain/flowers/delivery-rules";
import { formatMoney } from "@/domain/quote/money";
import type { FlowerCeremony } from "@/domain/schemas/flower-funnel";
import { Alert } from "@/ui/alert";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { cartTotalCents, messageLength, type FlowerDraft } from "./flower-draft";
import { useFlowerErrors } from "./flower-errors";
import { FlowerLine } from "./flower-line";

export interface StepProps {
  draft: FlowerDraft;
  update: (change: (d: FlowerDraft) => FlowerDraft) => void;
  codes: string[];
}

function ceremonyOf(draft: FlowerDraft, ceremonies: FlowerCeremony[]): FlowerCeremony | undefined {
  return ceremonies.find((c) => c.deal_uuid === draft.ceremony?.deal && c.step_id === draft.ceremony.step_id);
}

export function formatDay(date: string | null, locale: string): string {
  if (!date) return "";
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC", numberingSystem: "latn" }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** Step 2: where and when. The ceremony of the family's funeral deal, or a place and an address. */
export function StepDelivery({ draft, update, codes, ceremonies }: StepProps & { ceremonies: FlowerCeremony[] }) {
  const t = useTranslations("FlowerFunnel.delivery");
  const tf = useTranslations("FlowerFunnel");
  const locale = useLocale();
  const errors = useFlowerErrors(codes);
  const d = draft.delivery;
  const set = (field: keyof FlowerDraft["delivery"], value: string) => update((x) => ({ ...x, delivery: { ...x.delivery, [field]: value } }));
  const chosen = ceremonyOf(draft, ceremonies);
  const dateError = errors.field("delivery", "date") ?? errors.field("delivery", "funeral_deal");
  return (
    <div className="mt-4 grid gap-4">
      <Alert tone="info" announce={false}>
        {t("rule", { cutoff: formatMinutes(DELIVERY_CUTOFF_MINUTES), lead: CEREMONY_LEAD_MINUTES })}
      </Alert>
      {ceremonies.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="font-semibold text-ink">{t("where")}</legend>
          {ceremonies.map((c) => (
            <label key={`${c.deal_uuid}-${c.step_id}`} className="flex gap-3 rounded-md border border-line p-3">
              <input
                type="radio"
                name="delivery-mode"
                checked={draft.deliveryMode === "ceremony" && chosen === c}
                onChange={() => update((x) => ({ ...x, deliveryMode: "ceremony", ceremony: { deal: c.deal_uuid, step_id: c.step_id } }))}
              />
              <span>
                <span className="block font-medium">{c.defunct_name ? t("toCeremony", { name: c.defunct_name }) : c.place ? tf(`places.${c.place}`) : t("place")}</span>
                <span className="block text-sm text-ink-soft">
                  {[c.place && c.defunct_name ? tf(`places.${c.place}`) : null, c.place_name, c.date ? `${formatDay(c.date, locale)} · ${c.time ?? ""}` : t("notScheduled")].filter(Boolean).join(" · ")}
                </span>
              </span>
            </label>
          ))}
          <label className="flex gap-3 rounded-md border border-line p-3">
            <input type="radio" name="delivery-mode" checked={draft.deliveryMode === "address"} onChange={() => update((x) => ({ ...x, deliveryMode: "address" }))} />
            <span>{t("toAddress")}</span>
          </label>
        </fieldset>
      )}
      {draft.deliveryMode === "ceremony" && chosen ? (
        <div className="grid gap-3" data-testid="flower-ceremony">
          <dl className="grid gap-2 rounded-md bg-sand-50 p-4">
            <div>
              <dt className="text-sm text-ink-soft">{t("place")}</dt>
              <dd className="font-semibold">
                {chosen.place ? tf(`places.${chosen.place}`) : "—"}
                {chosen.place_name ? ` · ${chosen.place_name}` : ""}
              </dd>
              {chosen.address && <dd>{chosen.address}</dd>}
            </div>
            <div>
              <dt className="text-sm text-ink-soft">{t("ceremonyAt")}</dt>
              <dd className="font-semibold">{chosen.date ? `${formatDay(chosen.date, locale)} · ${chosen.time ?? ""}` : t("notScheduled")}</dd>
            </div>
            {chosen.latest_delivery_time && (
              <div>
                <dt className="text-sm text-ink-soft">{t("deliveredBy")}</dt>
                <dd className="font-semibold">{chosen.latest_delivery_time}</dd>
              </div>
            )}
          </dl>
          <p className="text-sm text-ink-soft">{t("fromDeal")}</p>
          {chosen.problems.map((code) => (
            <Alert key={code} tone="warning">
              {errors.text(code)}
            </Alert>
          ))}
          {dateError && <Alert tone="error">{dateError}</Alert>}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t("placeKind")}
            value={d.place}
            required
            onChange={(event) => set("place", event.target.value as DeliveryPlace)}
            placeholder={t("choosePlace")}
            options={DELIVERY_PLACES.map((value) => ({ value, label: tf(`places.${value}`) }))}
            error={errors.field("delivery", "place")}
            containerClassName="sm:col-span-2"
          />
          <Input label={t("placeName")} hint={t("placeNameHint")} value={d.place_name} maxLength={200} onChange={(e) => set("place_name", e.target.value)} error={errors.field("delivery", "place_name")} containerClassName="sm:col-span-2" />
          {d.place === "home" && (
            <Input label={t("recipient")} value={d.recipient_name} required maxLength={200} onChange={(e) => set("recipient_name", e.target.value)} error={errors.field("delivery", "recipient_name")} containerClassName="sm:col-span-2" />
          )}
          <Input label={t("address")} autoComplete="street-address" value={d.address} required maxLength={300} onChange={(e) => set("address", e.target.value)} error={errors.field("delivery", "address")} containerClassName="sm:col-span-2" />
          <Input label={t("postalCode")} autoComplete="postal-code" inputMode="numeric" value={d.postal_code} required maxLength={5} onChange={(e) => set("postal_code", e.target.value)} error={errors.field("delivery", "postal_code")} />
          <Input label={t("city")} autoComplete="address-level2" value={d.city} required maxLength={100} onChange={(e) => set("city", e.target.value)} error={errors.field("delivery", "city")} />
          <Input label={t("date")} type="date" value={d.date} required onChange={(e) => set("date", e.target.value)} error={dateError} data-testid="flower-date" />
          <Input label={t("time")} type="time" value={d.time} required min="08:00" max="18:00" onChange={(e) => set("time", e.target.value)} error={errors.field("delivery", "time")} />
        </div>
      )}
    </div>
  );
}

/** Step 3: a ribbon (sprays, wreaths) or a card, with its live preview. */
export function StepMessage({ draft, update, codes }: StepProps) {
  const t = useTranslations("FlowerFunnel.message");
  const errors = useFlowerErrors(codes);
  const { kind, text } = draft.message;
  const max = kind === "none" ? 0 : MESSAGE_MAX_LENGTH[kind];
  const length = messageLength(text);
  const tooLong = kind !== "none" && length > max;
  return (
    <div className="mt-4 grid gap-4">
      <Select
        label={t("kind")}
        value={kind}
        onChange={(e) => update((x) => ({ ...x, message: { ...x.message, kind: e.target.value as FlowerDraft["message"]["kind"] } }))}
        options={[
          { value: "none", label: t("none") },
          { value: "ribbon", label: t("ribbon") },
          { value: "card", label: t("card") },
        ]}
      />
      {kind !== "none" && (
        <>
          <Textarea
            label={t("text")}
            hint={t("counter", { length, max })}
            value={text}
            rows={kind === "card" ? 5 : 2}
            onChange={(e) => update((x) => ({ ...x, message: { ...x.message, text: e.target.value } }))}
            error={tooLong ? errors.text("flower_message__text__too_long") : errors.field("flower_message", "text")}
            data-testid="flower-message"
          />
          <figure className="grid gap-2">
            <figcaption className="text-sm text-ink-soft">{t("preview")}</figcaption>
            {kind === "ribbon" ? (
              <div className="overflow-hidden rounded-sm bg-[#f1e6cf] px-4 py-3 text-center font-serif text-lg italic text-ink shadow-card [overflow-wrap:anywhere]" data-testid="flower-preview">
                {text.trim() || t("placeholder")}
              </div>
            ) : (
              <div className="rounded-md border border-line bg-surface p-5 font-serif text-ink shadow-card whitespace-pre-line [overflow-wrap:anywhere]" data-testid="flower-preview">
                {text.trim() || t("placeholder")}
              </div>
            )}
          </figure>
        </>
      )}
    </div>
  );
}

/** Step 4: who orders (the courier calls this number if needed); no password asked. */
export function StepContact({ draft, update, codes }: StepProps) {
  const t = useTranslations("FlowerFunnel.contact");
  const errors = useFlowerErrors(codes);
  const c = draft.client;
  const set = (field: "firstname" | "lastname" | "email" | "phone", value: string) => update((x) => ({ ...x, client: { ...x.client, [field]: value } }));
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <Input label={t("firstname")} autoComplete="given-name" value={c.firstname} required maxLength={100} onChange={(e) => set("firstname", e.target.value)} error={errors.field("client", "firstname")} />
      <Input label={t("lastname")} autoComplete="family-name" value={c.lastname} required maxLength={100} onChange={(e) => set("lastname", e.target.value)} error={errors.field("client", "lastname")} />
      <Input label={t("email")} type="email" autoComplete="email" value={c.email} required maxLength={200} onChange={(e) => set("email", e.target.value)} error={errors.field("client", "email")} />
      <Input label={t("phone")} type="tel" autoComplete="tel" value={c.phone} required maxLength={40} onChange={(e) => set("phone", e.target.value)} error={errors.field("client", "phone")} />
      <Checkbox
        label={t("consent")}
        checked={c.consent}
        onChange={(e) => update((x) => ({ ...x, client: { ...x.client, consent: e.target.checked } }))}
        error={errors.field("client", "consent")}
        containerClassName="sm:col-span-2"
      />
    </div>
  );
}

/** Step 5: everything at a glance; the server recomputes the amounts when the order is placed. */
export function StepReview({ draft, update, ceremonies, signedIn }: StepProps & { ceremonies: FlowerCeremony[]; signedIn: boolean }) {
  const t = useTranslations("FlowerFunnel.review");
  const tf = useTranslations("FlowerFunnel");
  const locale = useLocale();
  const chosen = ceremonyOf(draft, ceremonies);
  const d = draft.delivery;
  const setQuantity = (code: string, quantity: number) => update((x) => ({ ...x, cart: x.cart.map((l) => (l.code === code ? { ...l, quantity } : l)) }));
  return (
    <div className="mt-4 grid gap-4">
      <ul className="grid gap-3">
        {draft.cart.map((line) => (
          <FlowerLine key={line.code} code={line.code} picture={line.picture} name={line.name} detail={formatMoney(line.price_ttc_cents, locale)}>
            <Select
              label={t("quantity")}
              value={String(line.quantity)}
              onChange={(e) => setQuantity(line.code, Number(e.target.value))}
              options={Array.from({ length: ORDER_MAX_QUANTITY }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
              containerClassName="w-20"
            />
          </FlowerLine>
        ))}
      </ul>
      <p className="text-lg">
        {t("total")} <strong data-testid="flower-review-total">{formatMoney(cartTotalCents(draft.cart), locale)}</strong> <span className="text-sm text-ink-soft">{tf("vatIncluded")}</span>
      </p>
      <p className="text-sm text-ink-soft">{t("serverTotal")}</p>
      <dl className="grid gap-2">
        <dt className="text-sm text-ink-soft">{t("delivery")}</dt>
        <dd>
          {draft.deliveryMode === "ceremony" && chosen
            ? `${chosen.place ? tf(`places.${chosen.place}`) : ""}${chosen.place_name ? ` · ${chosen.place_name}` : ""} · ${formatDay(chosen.date, locale)} · ${chosen.latest_delivery_time ?? chosen.time ?? ""}`
            : `${d.place ? tf(`places.${d.place}`) : ""} · ${[d.place_name, d.address, `${d.postal_code} ${d.city}`].filter((x) => x.trim()).join(", ")} · ${formatDay(d.date, locale)} · ${d.time}`}
        </dd>
        <dt className="text-sm text-ink-soft">{t("message")}</dt>
        <dd className="[overflow-wrap:anywhere]">{draft.message.kind === "none" ? t("noMessage") : `${tf(`message.${draft.message.kind}`)} — ${draft.message.text.trim()}`}</dd>
        {!signedIn && (
          <>
            <dt className="text-sm text-ink-soft">{t("contact")}</dt>
            <dd className="[overflow-wrap:anywhere]">{`${draft.client.firstname} ${draft.client.lastname} · ${draft.client.email} · ${draft.client.phone}`}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
