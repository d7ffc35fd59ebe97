"use client";

import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { PERK_CATEGORY_KINDS, perkCategoryCreateSchema, type PerkCategoryKind, type PerkCategoryView, type PerkUsageView, type PerkView } from "@/domain/schemas/perk";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { Select } from "@/ui/select";
import { Spinner } from "@/ui/spinner";
import { calendarDay, instantDay, perkCalls, useFailureText, useLoading } from "./perk-calls";
import { LoadFailed, LoadingLine } from "./load-states";
import { PerkForm } from "./perk-form";

interface Catalogue {
  categories: PerkCategoryView[];
  perks: PerkView[];
}

const loadCatalogue = async (): Promise<Catalogue> => {
  const [categories, perks] = await Promise.all([perkCalls.categories(), perkCalls.perks()]);
  return { categories, perks };
};

/**
 * The funeral home's perks (/pro/avantages): the categories and the perks with their state,
 * dates, area and how many families used each. Admins and funeral directors create, change,
 * enable or disable and delete (the API refuses what would lose a record, said in words);
 * advisors read.
 */
export function ProPerks({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("Perks.pro");
  const [loaded, reload] = useLoading("catalogue", loadCatalogue);
  if (loaded.kind === "loading") return <LoadingLine label={t("loading")} />;
  if (loaded.kind === "failed") return <LoadFailed message={loaded.message} retry={() => void reload()} />;
  return (
    <div className="flex flex-col gap-10">
      {!canEdit ? <Alert tone="info" announce={false}>{t("readOnly")}</Alert> : null}
      <PerksSection catalogue={loaded.value} canEdit={canEdit} reload={reload} />
      <CategoriesSection categories={loaded.value.categories} canEdit={canEdit} reload={reload} />
    </div>
  );
}

type Editing = { kind: "closed" } | { kind: "new" } | { kind: "edit"; perk: PerkView };

function PerksSection({ catalogue, canEdit, reload }: { catalogue: Catalogue; canEdit: boolean; reload: () => Promise<void> }) {
  const t = useTranslations("Perks.pro");
  const locale = useLocale();
  const failureText = useFailureText();
  const [editing, setEditing] = useState<Editing>({ kind: "closed" });
  const [usagesOf, setUsagesOf] = useState<PerkView | null>(null);
  const [deleting, setDeleting] = useState<PerkView | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(0);

  async function act(perk: PerkView, action: () => Promise<unknown>) {
    setBusy(perk.id);
    setError("");
    try {
      await action();
      await reload();
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(0);
    }
  }

  const period = (perk: PerkView) =>
    perk.valid_from && perk.valid_until
      ? t("period", { from: calendarDay(perk.valid_from, locale), until: calendarDay(perk.valid_until, locale) })
      : perk.valid_until
        ? t("until", { until: calendarDay(perk.valid_until, locale) })
        : perk.valid_from
          ? t("from", { from: calendarDay(perk.valid_from, locale) })
          : t("always");

  return (
    <section aria-labelledby="pro-perks-title" className="flex flex-col gap-4" data-testid="pro-perks">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pro-perks-title" className="text-2xl font-semibold text-ink">
          {t("perksTitle")}
        </h2>
        {canEdit && catalogue.categories.length > 0 ? (
          <Button type="button" onClick={() => setEditing({ kind: "new" })}>
            {t("newPerk")}
          </Button>
        ) : null}
      </div>
      <p role="alert" className="font-semibold text-danger empty:hidden">
        {error}
      </p>
      {catalogue.perks.length === 0 ? (
        <p>{t("noPerk")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line" role="region" aria-labelledby="pro-perks-title" tabIndex={0}>
          <table className="w-full min-w-[48rem] border-collapse text-start">
            <thead className="bg-sand-50">
              <tr>
                <th scope="col" className="p-3 text-start">{t("columns.perk")}</th>
                <th scope="col" className="p-3 text-start">{t("columns.category")}</th>
                <th scope="col" className="p-3 text-start">{t("columns.validity")}</th>
                <th scope="col" className="p-3 text-start">{t("columns.state")}</th>
                <th scope="col" className="p-3 text-end">{t("columns.usages")}</th>
                {canEdit ? <th scope="col" className="p-3 text-start">{t("columns.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {catalogue.perks.map((perk) => (
                <tr key={perk.id} className="border-t border-line align-top" data-testid={`pro-perk-${perk.id}`}>
                  <th scope="row" className="p-3 text-start font-normal">
                    <span className="block font-semibold" dir="auto">{perk.name}</span>
                    <span className="block text-ink-soft" dir="auto">{perk.partner_name}</span>
                    {perk.benefit ? <span className="block" dir="auto">{perk.benefit}</span> : null}
                    {perk.demo ? <span className="mt-1 inline-block rounded bg-warning-soft px-2 text-sm text-ink">{t("demoTag")}</span> : null}
                  </th>
                  <td className="p-3" dir="auto">{perk.category.name}</td>
                  <td className="p-3">
                    {period(perk)}
                    {perk.department_code ? <span className="block text-ink-soft">{t("areaValue", { code: perk.department_code })}</span> : null}
                  </td>
                  <td className="p-3">{perk.enabled ? t("enabled") : t("disabled")}</td>
                  <td className="p-3 text-end tabular-nums">
                    {canEdit && perk.usages_count > 0 ? (
                      <button type="button" className="font-semibold text-primary underline" onClick={() => setUsagesOf(perk)} aria-label={t("usagesOf", { count: perk.usages_count, name: perk.name })}>
                        {perk.usages_count}
                      </button>
                    ) : (
                      perk.usages_count
                    )}
                  </td>
                  {canEdit ? (
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        <Button type="button" variant="secondary" onClick={() => setEditing({ kind: "edit", perk })} aria-label={t("editNamed", { name: perk.name })}>
                          {t("edit")}
                        </Button>
                        <Button
                          type="button"
                          variant="secondary"
                          disabled={busy === perk.id}
                          onClick={() => void act(perk, () => perkCalls.updatePerk(perk.id, { enabled: !perk.enabled }))}
                          aria-label={perk.enabled ? t("disableNamed", { name: perk.name }) : t("enableNamed", { name: perk.name })}
                        >
                          {perk.enabled ? t("disable") : t("enable")}
                        </Button>
                        {perk.usages_count === 0 ? (
                          <Button type="button" variant="ghost" disabled={busy === perk.id} onClick={() => setDeleting(perk)} aria-label={t("deleteNamed", { name: perk.name })}>
                            {t("delete")}
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={editing.kind !== "closed"} onClose={() => setEditing({ kind: "closed" })} title={editing.kind === "edit" ? t("editTitle") : t("newTitle")} closeLabel={t("close")} size="lg">
        {editing.kind !== "closed" ? (
          <PerkForm
            key={editing.kind === "edit" ? editing.perk.id : "new"}
            perk={editing.kind === "edit" ? editing.perk : null}
            categories={catalogue.categories}
            onCancel={() => setEditing({ kind: "closed" })}
            onSaved={() => {
              setEditing({ kind: "closed" });
              void reload();
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDelete
        name={deleting?.name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const perk = deleting!;
          setDeleting(null);
          void act(perk, () => perkCalls.deletePerk(perk.id));
        }}
      />
      <Dialog open={usagesOf !== null} onClose={() => setUsagesOf(null)} title={t("usagesTitle", { name: usagesOf?.name ?? "" })} closeLabel={t("close")}>
        {usagesOf ? <UsagesList perkId={usagesOf.id} /> : null}
      </Dialog>
    </section>
  );
}

function UsagesList({ perkId }: { perkId: number }) {
  const t = useTranslations("Perks.pro");
  const locale = useLocale();
  const [loaded] = useLoading(`usages-${perkId}`, () => perkCalls.usages(perkId));
  if (loaded.kind === "loading") return <Spinner />;
  if (loaded.kind === "failed") return <p role="alert">{loaded.message}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {loaded.value.map((usage: PerkUsageView) => (
        <li key={usage.id} className="py-2">
          <Link href={paths.proDeal(usage.deal_id)}>{t("dealNumber", { id: usage.deal_id })}</Link>
          {" · "}
          {usage.client_name ?? t("formerMember")}
          {" · "}
          {instantDay(usage.created_at, locale)}
        </li>
      ))}
    </ul>
  );
}

function CategoriesSection({ categories, canEdit, reload }: { categories: PerkCategoryView[]; canEdit: boolean; reload: () => Promise<void> }) {
  const t = useTranslations("Perks.pro");
  const kinds = useTranslations("Perks.family.kinds");
  const failureText = useFailureText();
  const [error, setError] = useState("");
  const [editing, setEditing] = useState<PerkCategoryView | null>(null);
  const [deleting, setDeleting] = useState<PerkCategoryView | null>(null);

  async function remove(category: PerkCategoryView) {
    setError("");
    try {
      await perkCalls.deleteCategory(category.id);
      await reload();
    } catch (caught) {
      setError(failureText(caught));
    }
  }

  return (
    <section aria-labelledby="perk-categories-title" className="flex flex-col gap-4" data-testid="perk-categories">
      <h2 id="perk-categories-title" className="text-2xl font-semibold text-ink">
        {t("categoriesTitle")}
      </h2>
      <p role="alert" className="font-semibold text-danger empty:hidden">
        {error}
      </p>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
        {categories.map((category) => (
          <li key={category.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <span className="font-semibold" dir="auto">{category.name}</span>
              <span className="text-ink-soft"> · {kinds(category.kind)} · {t("position", { position: category.position })} · {t("perksCount", { count: category.perks_count })}</span>
            </p>
            {canEdit ? (
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="secondary" onClick={() => setEditing(category)} aria-label={t("editNamed", { name: category.name })}>
                  {t("edit")}
                </Button>
                {category.perks_count === 0 ? (
                  <Button type="button" variant="ghost" onClick={() => setDeleting(category)} aria-label={t("deleteNamed", { name: category.name })}>
                    {t("delete")}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? <CategoryForm key="new" category={null} onSaved={() => void reload()} /> : null}
      <ConfirmDelete
        name={deleting?.name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const category = deleting!;
          setDeleting(null);
          void remove(category);
        }}
      />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={t("editCategoryTitle")} closeLabel={t("close")}>
        {editing ? (
          <CategoryForm
            key={editing.id}
            category={editing}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

/** A deletion asked again: what goes, and nothing until confirmed. */
function ConfirmDelete({ name, onCancel, onConfirm }: { name: string | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations("Perks.pro");
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      title={t("deleteTitle")}
      closeLabel={t("close")}
      footer={
        <div className="flex justify-end">
          <Button type="button" variant="danger" onClick={onConfirm}>
            {t("delete")}
          </Button>
        </div>
      }
    >
      <p>{t("deleteText", { name: `\u2068${name ?? ""}\u2069` })}</p>
    </Dialog>
  );
}

/** A category's name, kind and position; checked by the API's schema as typed, what was typed kept on a refusal. */
function CategoryForm({ category, onSaved }: { category: PerkCategoryView | null; onSaved: () => void }) {
  const t = useTranslations("Perks.pro");
  const kinds = useTranslations("Perks.family.kinds");
  const failureText = useFailureText();
  const [name, setName] = useState(category?.name ?? "");
  const [kind, setKind] = useState<PerkCategoryKind>(category?.kind ?? "perks");
  const [position, setPosition] = useState(String(category?.position ?? 0));
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = perkCategoryCreateSchema.safeParse({ name, kind, position: Number(position) });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message === "perk_category__name__blank" ? "problems.categoryName" : "problems.categoryPosition"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      if (category) await perkCalls.updateCategory(category.id, parsed.data);
      else await perkCalls.createCategory(parsed.data);
      if (!category) setName("");
      onSaved();
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-lg border border-line p-4" aria-label={category ? t("editCategoryTitle") : t("newCategory")}>
      {!category ? <h3 className="text-lg font-semibold">{t("newCategory")}</h3> : null}
      <p role="alert" className="font-semibold text-danger empty:hidden">
        {error}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Input label={t("categoryName")} required value={name} onChange={(event) => setName(event.target.value)} />
        <Select label={t("categoryKind")} value={kind} onChange={(event) => setKind(event.target.value as PerkCategoryKind)} options={PERK_CATEGORY_KINDS.map((k) => ({ value: k, label: kinds(k) }))} />
        <Input label={t("categoryPosition")} type="number" inputMode="numeric" min={0} value={position} onChange={(event) => setPosition(event.target.value)} />
      </div>
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {category ? t("save") : t("addCategory")}
        </Button>
      </div>
    </form>
  );
}
