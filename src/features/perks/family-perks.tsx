"use client";

import { useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { personName } from "@/domain/person-name";
import type { FamilyPerks as FamilyPerksAnswer, FamilyPerkView } from "@/domain/schemas/perk";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { Link } from "@/ui/link";
import { Select } from "@/ui/select";
import { calendarDay, failureCodes, instantDay, perkCalls, useFailureText, useLoading, type FamilyDeal } from "./perk-calls";
import { LoadFailed, LoadingLine } from "./load-states";
import { groupByCategory } from "./perk-groups";

/**
 * The perks open to the family (issue 16), for one of its deals: grouped by category, each
 * with what it gives and how to use it. "Use this perk" asks for a confirmation, records the
 * use once (a double tap, or a relative who used it meanwhile, ends the same way: the perk
 * shows as used, with its code and contact), and a refusal is said in words with a retry.
 */
export function FamilyPerks({ initialDealId }: { initialDealId: number | null }) {
  const t = useTranslations("Perks.family");
  const locale = useLocale();
  const [deals] = useLoading("deals", perkCalls.familyDeals);
  const [chosen, setChosen] = useState<number | null>(initialDealId);

  if (deals.kind === "loading") return <LoadingLine label={t("loading")} />;
  if (deals.kind === "failed") return <Alert tone="error">{deals.message}</Alert>;
  if (deals.value.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <p>{t("noDeal")}</p>
        <Link href={paths.clientSpace()} variant="standalone">
          {t("back")}
        </Link>
      </div>
    );
  }
  const dealId = chosen !== null && deals.value.some((d) => d.id === chosen) ? chosen : deals.value[0]!.id;
  return (
    <div className="flex flex-col gap-6">
      {deals.value.length > 1 ? (
        <Select
          label={t("dealLabel")}
          value={String(dealId)}
          onChange={(event) => {
            const id = Number(event.target.value);
            setChosen(id);
            window.history.replaceState(null, "", paths.perks(id));
          }}
          options={deals.value.map((deal) => ({ value: String(deal.id), label: dealLabel(deal, t, locale) }))}
        />
      ) : null}
      <DealPerks key={dealId} dealId={dealId} />
    </div>
  );
}

function dealLabel(deal: FamilyDeal, t: ReturnType<typeof useTranslations<"Perks.family">>, locale: string): string {
  const name = personName(deal.defunct);
  const created = instantDay(deal.created_at, locale);
  return name ? t("dealOption", { name, date: created }) : t("dealOptionUnnamed", { date: created });
}

function DealPerks({ dealId }: { dealId: number }) {
  const t = useTranslations("Perks.family");
  const [loaded, reload] = useLoading(`perks-${dealId}`, () => perkCalls.familyPerks(dealId));
  if (loaded.kind === "loading") return <LoadingLine label={t("loading")} />;
  if (loaded.kind === "failed") return <LoadFailed message={loaded.message} retry={() => void reload()} />;
  return <PerkGroups answer={loaded.value} reload={reload} />;
}

function PerkGroups({ answer, reload }: { answer: FamilyPerksAnswer; reload: () => Promise<void> }) {
  const t = useTranslations("Perks.family");
  if (answer.perks.length === 0) return <p data-testid="perks-empty">{t("empty")}</p>;
  return (
    <div className="flex flex-col gap-8">
      {!answer.can_use ? <Alert tone="info" announce={false}>{t("readOnly")}</Alert> : null}
      {groupByCategory(answer.perks).map((group) => (
        <section key={group.category.id} aria-labelledby={`perk-category-${group.category.id}`} className="flex flex-col gap-4">
          <h2 id={`perk-category-${group.category.id}`} className="text-xl font-semibold text-ink sm:text-2xl">
            <span dir="auto">{group.category.name}</span>
          </h2>
          <ul className="flex flex-col gap-4">
            {group.perks.map((perk) => (
              <li key={perk.id}>
                <PerkCard perk={perk} dealId={answer.deal_id} canUse={answer.can_use} reload={reload} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PerkCard({ perk, dealId, canUse, reload }: { perk: FamilyPerkView; dealId: number; canUse: boolean; reload: () => Promise<void> }) {
  const t = useTranslations("Perks.family");
  const locale = useLocale();
  const failureText = useFailureText();
  // The answer of this page's own use; otherwise the list's copy (reloaded when a relative used it meanwhile).
  const [usedHere, setUsedHere] = useState<FamilyPerkView | null>(null);
  const shown = usedHere ?? perk;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [error, setError] = useState("");
  const titleId = `perk-${perk.id}-title`;

  async function use() {
    // A double tap lands before React re-renders the disabled button: the ref sends once.
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError("");
    try {
      setUsedHere(await perkCalls.usePerk(perk.id, dealId));
      setConfirming(false);
    } catch (caught) {
      // Already used (a double tap, a relative meanwhile): the list shows it used, with its code.
      if (failureCodes(caught).includes("perk_usage__already_recorded")) {
        setConfirming(false);
        await reload();
      } else setError(failureText(caught));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6" data-testid={`perk-${perk.id}`}>
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="text-lg font-semibold text-ink" dir="auto">
          {shown.name}
        </h3>
        <p className="text-ink-soft" dir="auto">
          {shown.partner_name}
        </p>
        {shown.benefit ? (
          <p className="font-semibold text-primary" dir="auto">
            {shown.benefit}
          </p>
        ) : null}
      </div>
      {shown.demo ? (
        <p className="rounded-md border border-warning bg-warning-soft px-3 py-2 text-ink" data-testid="perk-demo">
          <strong>{t("demoTitle")}</strong> {t("demoText")}
        </p>
      ) : null}
      {shown.description ? (
        <p className="whitespace-pre-line" dir="auto">
          {shown.description}
        </p>
      ) : null}
      <dl className="flex flex-col gap-2">
        {shown.how_to_use ? <Detail term={t("howToUse")} text={shown.how_to_use} /> : null}
        {shown.conditions ? <Detail term={t("conditions")} text={shown.conditions} /> : null}
        {shown.valid_until ? <Detail term={t("validUntil")} text={calendarDay(shown.valid_until, locale)} /> : null}
        {shown.department_code ? <Detail term={t("area")} text={t("areaValue", { code: shown.department_code })} /> : null}
      </dl>
      {shown.used_at !== null ? (
        <UsedPerk perk={shown} />
      ) : canUse ? (
        <div className="flex flex-col gap-2">
          <Button type="button" onClick={() => setConfirming(true)} aria-describedby={titleId} data-testid="perk-use">
            {t("use")}
          </Button>
          {error && !confirming ? <p role="alert" className="font-semibold text-danger">{error}</p> : null}
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("confirmTitle")}
        closeLabel={t("cancel")}
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" onClick={() => void use()} disabled={busy} aria-busy={busy} data-testid="perk-confirm">
              {busy ? t("using") : t("confirm")}
            </Button>
          </div>
        }
      >
        {/* The offer's name keeps its own direction inside a right-to-left sentence. */}
        <p>{t("confirmText", { name: `\u2068${shown.name}\u2069` })}</p>
        {error ? <p role="alert" className="mt-3 font-semibold text-danger">{error}</p> : null}
      </Dialog>
    </article>
  );
}

function Detail({ term, text }: { term: string; text: string }) {
  return (
    <div className="flex flex-col">
      <dt className="font-semibold text-ink">{term}</dt>
      <dd className="whitespace-pre-line" dir="auto">
        {text}
      </dd>
    </div>
  );
}

function UsedPerk({ perk }: { perk: FamilyPerkView }) {
  const t = useTranslations("Perks.family");
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-2 rounded-md bg-success-soft p-3" data-testid="perk-used">
      <p className="font-semibold text-ink">{t("usedOn", { date: instantDay(perk.used_at!, locale) })}</p>
      {perk.code ? (
        <p>
          {t("code")}{" "}
          <code className="rounded bg-surface px-2 py-0.5 font-mono text-lg font-semibold" dir="ltr" data-testid="perk-code">
            {perk.code}
          </code>
        </p>
      ) : null}
      {perk.phone ? (
        <p>
          {t("phone")}{" "}
          <a href={`tel:${perk.phone.replace(/[^+\d]/g, "")}`} className="font-semibold text-primary underline" dir="ltr">
            {perk.phone}
          </a>
        </p>
      ) : null}
      {perk.url ? (
        <p>
          <Link href={perk.url} external newWindowHint={t("newWindow")}>
            {t("website")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
