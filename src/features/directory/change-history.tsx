"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { DirectoryDescriptor, FieldDescriptor } from "@/domain/directory/descriptor";
import type { DirectoryChange } from "@/domain/directory/schemas";
import { formatMoney } from "@/domain/quote/money";
import { useDirectoryLabels } from "./labels";

/**
 * Who changed the entry, when, and what changed: each field before → after, and for
 * the sub-items the rows added, removed or changed. Newest first, as the API answers.
 */

export interface ChangeLine {
  /** Field label, or "collection – row" for a sub-item. */
  what: string;
  before: string | null;
  after: string | null;
}

type Row = Record<string, unknown>;

const IGNORED = new Set(["id", "label", "created_at", "updated_at", "demo"]);

function show(field: FieldDescriptor | undefined, value: unknown, locale: string, yes: string, no: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (field?.kind === "money" && typeof value === "number") return formatMoney(value, locale);
  if (typeof value === "boolean") return value ? yes : no;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The lines of one change, in the descriptor's order. */
export function changeLines(
  descriptor: DirectoryDescriptor,
  change: Pick<DirectoryChange, "before" | "after">,
  words: { field: (f: FieldDescriptor) => string; sub: (key: string) => string; row: (id: unknown) => string; yes: string; no: string; locale: string },
): ChangeLine[] {
  const before: Row = change.before ?? {};
  const after: Row = change.after ?? {};
  const lines: ChangeLine[] = [];
  for (const field of descriptor.fields) {
    if (IGNORED.has(field.key) || same(before[field.key], after[field.key])) continue;
    lines.push({ what: words.field(field), before: show(field, before[field.key], words.locale, words.yes, words.no), after: show(field, after[field.key], words.locale, words.yes, words.no) });
  }
  for (const sub of descriptor.subItems) {
    const old = (Array.isArray(before[sub.key]) ? before[sub.key] : []) as Row[];
    const next = (Array.isArray(after[sub.key]) ? after[sub.key] : []) as Row[];
    const ids = [...new Set([...old, ...next].map((row) => String(row.id)))];
    for (const id of ids) {
      const was = old.find((row) => String(row.id) === id);
      const is = next.find((row) => String(row.id) === id);
      const first = sub.fields[0];
      const firstValue = first ? (is ?? was)?.[first.key] : undefined;
      const named = is?.name ?? is?.label ?? was?.name ?? was?.label;
      const name = typeof named === "string" ? named : first && firstValue !== undefined && firstValue !== null ? `${words.field(first)} ${String(firstValue)}` : words.row(id);
      for (const field of sub.fields) {
        if (IGNORED.has(field.key) || same(was?.[field.key], is?.[field.key])) continue;
        if (was && is) {
          lines.push({ what: `${words.sub(sub.key)} – ${name} – ${words.field(field)}`, before: show(field, was[field.key], words.locale, words.yes, words.no), after: show(field, is[field.key], words.locale, words.yes, words.no) });
        }
      }
      if (!was || !is) {
        const summary = sub.fields.map((f) => show(f, (is ?? was)?.[f.key], words.locale, words.yes, words.no)).filter(Boolean).join(" · ");
        lines.push({ what: `${words.sub(sub.key)} – ${name}`, before: was ? summary : null, after: is ? summary : null });
      }
    }
  }
  return lines;
}

export function ChangeHistory({ descriptor, changes }: { descriptor: DirectoryDescriptor; changes: readonly DirectoryChange[] }) {
  const t = useTranslations("Directory.history");
  const labels = useDirectoryLabels();
  const format = useFormatter();
  const locale = useLocale();
  const words = {
    field: labels.field,
    sub: (key: string) => {
      const sub = descriptor.subItems.find((s) => s.key === key);
      return sub ? labels.sub(sub) : key;
    },
    row: (id: unknown) => t("row", { id: String(id) }),
    yes: t("yes"),
    no: t("no"),
    locale,
  };
  return (
    <section aria-labelledby="directory-history" className="flex flex-col gap-3">
      <h2 id="directory-history" className="text-2xl font-semibold">
        {t("title")}
      </h2>
      {changes.length === 0 ? (
        <p className="text-ink-soft">{t("empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {changes.map((change) => {
            const lines = changeLines(descriptor, change, words);
            return (
              <li key={change.id} className="rounded-md border border-line bg-surface p-4">
                <p>
                  <span className="font-semibold">{t(`actions.${change.action}`)}</span>
                  {" – "}
                  {t("by", { who: change.actor?.name ?? t("someone"), when: format.dateTime(new Date(change.at * 1000), { dateStyle: "medium", timeStyle: "short" }) })}
                </p>
                {lines.length > 0 ? (
                  <ul className="mt-2 flex flex-col gap-1 text-ink-soft">
                    {lines.map((line, index) => (
                      <li key={`${line.what}-${index}`}>
                        <span className="font-medium text-ink">{line.what}</span>
                        {": "}
                        <span>{line.before ?? t("nothing")}</span>
                        <span aria-hidden="true" className="mx-1 rtl:rotate-180 inline-block">→</span>
                        <span className="sr-only">{t("becomes")}</span>
                        <span className="text-ink">{line.after ?? t("nothing")}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
