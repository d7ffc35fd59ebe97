"use client";

import NextLink from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import type { DirectoryDependents, DirectoryEntry } from "@/domain/directory/schemas";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Dialog } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { getDependents, setDisabled } from "./directory-calls";
import { useDirectoryLabels } from "./labels";
import { codesOfError } from "./codes";

/**
 * Disabling (or enabling again) an entry: the dialog first says what depends on it
 * (deals, quotes, commune pages, other entries), asks for confirmation, then says what
 * changed. Nothing is sent before the confirmation.
 */

type State =
  | { kind: "loading" }
  | { kind: "ready"; dependents: DirectoryDependents | null; error?: string }
  | { kind: "sending"; dependents: DirectoryDependents | null }
  | { kind: "done"; entry: DirectoryEntry; dependents: DirectoryDependents | null };

export function DisableDialog({
  descriptor,
  entry,
  open,
  onClose,
  onChanged,
}: {
  descriptor: DirectoryDescriptor;
  entry: DirectoryEntry;
  open: boolean;
  onClose: () => void;
  onChanged: (entry: DirectoryEntry) => void;
}) {
  const t = useTranslations("Directory.disable");
  const labels = useDirectoryLabels();
  const [state, setState] = useState<State>({ kind: "loading" });
  // Once done, the entry passed in already carries the new flag: the dialog speaks of what it did.
  const disabling = state.kind === "done" ? state.entry.disabled === true : entry.disabled !== true;

  useEffect(() => {
    if (!open) return;
    let live = true;
    getDependents(descriptor, entry.id)
      .then((dependents) => live && setState({ kind: "ready", dependents }))
      // The confirmation is still possible without the list; the dialog says it could not be read.
      .catch(() => live && setState({ kind: "ready", dependents: null, error: t("dependentsFailed") }));
    return () => {
      live = false;
    };
  }, [open, descriptor, entry.id, t]);

  function close() {
    // The next opening starts from a fresh list of dependents.
    setState({ kind: "loading" });
    onClose();
  }

  async function confirm() {
    if (state.kind !== "ready") return;
    const dependents = state.dependents;
    setState({ kind: "sending", dependents });
    try {
      const changed = await setDisabled(descriptor, entry.id, disabling);
      setState({ kind: "done", entry: changed, dependents });
      onChanged(changed);
    } catch (error) {
      setState({ kind: "ready", dependents, error: codesOfError(error).map(labels.error).join(" ") });
    }
  }

  const dependents = state.kind === "loading" ? null : state.dependents;
  const subLabel = (key: string | undefined) => {
    const sub = descriptor.subItems.find((s) => s.key === key);
    return sub ? labels.sub(sub) : (key ?? "");
  };
  const groups = dependents?.groups.filter((group) => group.count > 0) ?? [];
  const title = disabling ? t("titleDisable", { name: entry.label }) : t("titleEnable", { name: entry.label });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      closeLabel={t("close")}
      size="lg"
      footer={
        state.kind === "done" ? (
          <Button type="button" variant="primary" onClick={close} autoFocus>
            {t("close")}
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            <Button type="button" variant={disabling ? "danger" : "primary"} loading={state.kind === "sending"} disabled={state.kind === "loading"} onClick={confirm}>
              {disabling ? t("confirmDisable") : t("confirmEnable")}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4" data-testid="disable-dialog">
        {state.kind === "loading" ? <Spinner label={t("loadingDependents")} /> : null}
        {state.kind === "done" ? (
          <Alert tone="success" title={disabling ? t("doneDisabled", { name: entry.label }) : t("doneEnabled", { name: entry.label })}>
            {groups.length > 0 ? (disabling ? t("doneDisabledEffects") : t("doneEnabledEffects")) : t("doneNoDependents")}
          </Alert>
        ) : state.kind !== "loading" ? (
          <p>{disabling ? t("explainDisable") : t("explainEnable")}</p>
        ) : null}
        {state.kind === "ready" && state.error ? <Alert tone="error">{state.error}</Alert> : null}
        {dependents ? (
          groups.length === 0 ? (
            <p className="text-ink-soft">{t("noDependents")}</p>
          ) : (
            <div className="flex flex-col gap-3">
              <h3 className="font-semibold">{t("dependentsTitle")}</h3>
              {groups.map((group) => (
                <section key={group.kind} aria-label={t(`kinds.${group.kind}`, { count: group.count })}>
                  <p className="font-medium">{t(`kinds.${group.kind}`, { count: group.count })}</p>
                  <ul className="ms-5 list-disc text-ink-soft">
                    {group.items.map((item) => (
                      <li key={`${group.kind}-${item.id}`}>
                        {group.kind === "sub_items" ? (
                          // One item per collection, its label the number of rows.
                          `${subLabel(item.type)} : ${item.label}`
                        ) : item.path ? (
                          <NextLink href={item.path} className="text-primary underline">
                            {item.label}
                          </NextLink>
                        ) : (
                          item.label
                        )}
                      </li>
                    ))}
                    {group.kind !== "sub_items" && group.count > group.items.length ? <li>{t("andMore", { count: group.count - group.items.length })}</li> : null}
                  </ul>
                </section>
              ))}
            </div>
          )
        ) : null}
      </div>
    </Dialog>
  );
}
