"use client";

import NextLink from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import type { DirectoryGroup } from "@/domain/directory/descriptor";
import { DIRECTORY_DESCRIPTORS } from "@/domain/directory/registry";
import { Heading } from "@/ui/heading";
import { listEntries } from "./directory-calls";
import { useDirectoryLabels } from "./labels";

const GROUPS: readonly DirectoryGroup[] = ["partners", "logistics", "reference"];

type Counts = Record<string, { total: number; disabled: number | null } | "failed">;

/** The directory's types by group, each with how many entries it holds (and how many are disabled). */
export function DirectoryIndex({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("Directory.index");
  const labels = useDirectoryLabels();
  const [counts, setCounts] = useState<Counts>({});

  useEffect(() => {
    const controller = new AbortController();
    for (const descriptor of DIRECTORY_DESCRIPTORS) {
      const total = listEntries(descriptor, { per_page: 1 }, controller.signal);
      const disabled = descriptor.disableable ? listEntries(descriptor, { per_page: 1, disabled: "true" }, controller.signal) : Promise.resolve(null);
      Promise.all([total, disabled])
        .then(([all, off]) => setCounts((current) => ({ ...current, [descriptor.type]: { total: all.meta.total_count, disabled: off ? off.meta.total_count : null } })))
        .catch(() => {
          if (!controller.signal.aborted) setCounts((current) => ({ ...current, [descriptor.type]: "failed" }));
        });
    }
    return () => controller.abort();
  }, []);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <Heading level={1}>{t("title")}</Heading>
        <p className="text-lg text-ink-soft">{canEdit ? t("lead") : t("leadPartner")}</p>
      </div>
      {GROUPS.map((group) => {
        const descriptors = DIRECTORY_DESCRIPTORS.filter((d) => d.group === group);
        if (descriptors.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`directory-group-${group}`} className="flex flex-col gap-3">
            <h2 id={`directory-group-${group}`} className="text-2xl font-semibold">
              {t(`groups.${group}`)}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {descriptors.map((descriptor) => {
                const count = counts[descriptor.type];
                return (
                  <li key={descriptor.type}>
                    <NextLink
                      href={paths.proDirectoryType(descriptor.type)}
                      className="flex min-h-20 flex-col justify-center gap-1 rounded-md border border-line bg-surface p-4 no-underline shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <span className="text-lg font-semibold text-primary underline">{labels.type(descriptor)}</span>
                      <span className="text-ink-soft" data-testid={`directory-count-${descriptor.type}`}>
                        {count === undefined
                          ? t("counting")
                          : count === "failed"
                            ? t("countFailed")
                            : count.disabled
                              ? t("countWithDisabled", { count: count.total, disabled: count.disabled })
                              : t("count", { count: count.total })}
                      </span>
                    </NextLink>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
