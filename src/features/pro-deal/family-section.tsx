"use client";

import { useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { personName } from "@/domain/person-name";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { PlaceCombobox } from "@/ui/combobox";
import { Heading } from "@/ui/heading";
import { Select } from "@/ui/select";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealDetail, type DealPeople } from "./pro-deal-api";
import { WriteError } from "./section-frame";

type Write = "defunct" | "owner" | "empowered" | "welcome";

/**
 * The family and the deceased: the owner's contact, the deceased linked to the deal (SPEC §5:
 * a deal needs its deceased and an owner with a first and last name, said plainly here), who
 * owns the deal and who has standing to arrange the funeral, the members (a slot: the family
 * members panel, composed by the route) and the welcome message, sent once.
 */
export function FamilySection({ deal, members, onPeople }: { deal: DealDetail; members?: ReactNode; onPeople: (people: DealPeople) => void }) {
  const t = useTranslations("ProDeal.family");
  const locale = useLocale();
  const [defunct, setDefunct] = useState<{ id: number; name: string } | null>(null);
  const [owner, setOwner] = useState(deal.client ? String(deal.client.id) : "");
  const [empowered, setEmpowered] = useState(deal.empowered_client_id ? String(deal.empowered_client_id) : "");
  const [busy, setBusy] = useState<Write | "">("");
  const [codes, setCodes] = useState<Record<Write, string[]>>({ defunct: [], owner: [], empowered: [], welcome: [] });
  const [saved, setSaved] = useState("");
  const client = deal.client;
  const incomplete = !client?.firstname?.trim() || !client?.lastname?.trim();
  const date = (value: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
  const moment = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(seconds * 1000));
  const memberOptions = deal.abilities.map((ability) => ({ value: String(ability.client_id), label: `${personName(ability.client) || ability.client.email || `#${ability.client_id}`} (${t(`roles.${ability.role}`)})` }));

  async function run(what: Write, action: () => Promise<DealPeople | null>, done: string) {
    setBusy(what);
    setSaved("");
    setCodes((current) => ({ ...current, [what]: [] }));
    try {
      const people = await action();
      if (people) onPeople(people);
      setSaved(done);
    } catch (error) {
      setCodes((current) => ({ ...current, [what]: codesOf(error) }));
    } finally {
      setBusy("");
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-2">
        <Heading level={3} size="sm">
          {t("client")}
        </Heading>
        {client ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-stone-700">{t("name")}</dt>
            <dd data-testid="deal-client-name">{[client.civility, client.firstname, client.lastname].filter(Boolean).join(" ") || t("unknown")}</dd>
            <dt className="text-stone-700">{t("email")}</dt>
            <dd>{client.email ? <a className="underline" href={`mailto:${client.email}`}>{client.email}</a> : t("unknown")}</dd>
            <dt className="text-stone-700">{t("phone")}</dt>
            <dd>{client.phone ? <a className="underline" href={`tel:${client.phone.replace(/\s+/g, "")}`} dir="ltr">{client.phone}</a> : t("unknown")}</dd>
          </dl>
        ) : (
          <p>{t("noClient")}</p>
        )}
        {incomplete && (
          <Alert tone="warning" data-testid="client-incomplete">
            {t("clientIncomplete")}
          </Alert>
        )}
        {deal.welcome_sent_at ? (
          <p data-testid="welcome-sent">{t("welcomeSent", { when: moment(deal.welcome_sent_at) })}</p>
        ) : (
          <div>
            <Button type="button" variant="secondary" loading={busy === "welcome"} disabled={busy !== ""} onClick={() => void run("welcome", async () => {
              const sent = await dealCalls.welcome(deal.id);
              onPeople({ id: deal.id, advisor: deal.advisor ?? null, owner_client_id: deal.client?.id ?? null, empowered_client_id: deal.empowered_client_id ?? null, defunct_id: deal.defunct?.id ?? null, brand: deal.brand ?? null, welcome_sent_at: sent.welcome_sent_at });
              return null;
            }, t("welcomeQueued"))}>
              {t("welcome")}
            </Button>
            <p className="mt-1 text-sm text-stone-700">{t("welcomeHint")}</p>
            <WriteError codes={codes.welcome} />
          </div>
        )}
      </div>

      <div className="space-y-2">
        <Heading level={3} size="sm">
          {t("defunct")}
        </Heading>
        {deal.defunct ? (
          <p data-testid="deal-defunct">
            {[deal.defunct.civility, deal.defunct.firstname, deal.defunct.lastname].filter(Boolean).join(" ") || t("unknown")}
            {deal.defunct.death_date ? ` · ${t("deathOn", { date: date(deal.defunct.death_date) })}` : ""}
            {deal.defunct.death_city ? ` · ${deal.defunct.death_city.name}` : ""}
          </p>
        ) : (
          <Alert tone="warning">{t("noDefunct")}</Alert>
        )}
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run("defunct", () => dealCalls.defunct(deal.id, defunct?.id ?? null), t("defunctSaved"));
          }}
        >
          <PlaceCombobox
            label={t("linkDefunct")}
            value={defunct?.name ?? ""}
            search={async (q, signal) => (await dealCalls.autocomplete("defuncts", q, signal)).map((item) => ({ id: String(item.id), label: item.name, hint: typeof item.death_date === "string" ? date(item.death_date) : undefined }))}
            onPick={(option) => setDefunct({ id: Number(option.id), name: option.label })}
            emptyText={t("noMatch")}
            loadingText={t("searching")}
            failedText={t("searchFailed")}
          />
          <Button type="submit" variant="secondary" loading={busy === "defunct"} disabled={busy !== ""}>
            {t("saveDefunct")}
          </Button>
          <WriteError codes={codes.defunct} />
        </form>
      </div>

      <div className="space-y-3 lg:col-span-2">
        <div className="flex flex-wrap gap-6">
          <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => {
            event.preventDefault();
            if (owner) void run("owner", () => dealCalls.owner(deal.id, Number(owner)), t("ownerSaved"));
          }}>
            <Select label={t("owner")} value={owner} onChange={(event) => setOwner(event.target.value)} options={memberOptions} placeholder={t("choose")} />
            <Button type="submit" variant="secondary" loading={busy === "owner"} disabled={busy !== "" || !owner}>
              {t("saveOwner")}
            </Button>
          </form>
          <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => {
            event.preventDefault();
            void run("empowered", () => dealCalls.empowered(deal.id, empowered ? Number(empowered) : null), t("empoweredSaved"));
          }}>
            <Select label={t("empowered")} value={empowered} onChange={(event) => setEmpowered(event.target.value)} options={memberOptions} placeholder={t("nobody")} />
            <Button type="submit" variant="secondary" loading={busy === "empowered"} disabled={busy !== ""}>
              {t("saveEmpowered")}
            </Button>
          </form>
        </div>
        <WriteError codes={[...codes.owner, ...codes.empowered]} />
        <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">
          {saved}
        </p>
        {members}
      </div>
    </div>
  );
}
