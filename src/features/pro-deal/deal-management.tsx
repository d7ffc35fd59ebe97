"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { paths } from "@/config/paths";
import { businessMay } from "@/domain/business-deal-access";
import { ROLES, type Role } from "@/domain/roles";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { codesOf } from "./deal-errors";
import { dealCalls, type DealDetail, type DealPeople } from "./pro-deal-api";
import { WriteError } from "./section-frame";
import { useResource } from "./use-resource";

/**
 * Who runs the deal: the advisor in charge (chosen from the funeral team), the brand it is
 * run under and duplicating it (both roles 0-1). Each control has its own error line; a
 * refused write leaves the choice or the typed brand in place.
 */
export function DealManagement({ deal, role, onPeople }: { deal: DealDetail; role: Role; onPeople: (people: DealPeople) => void }) {
  const t = useTranslations("ProDeal.manage");
  const router = useRouter();
  const team = useResource("team", () => dealCalls.team());
  const [advisor, setAdvisor] = useState(deal.advisor ? String(deal.advisor.id) : "");
  const [brand, setBrand] = useState(deal.brand ?? "");
  const [busy, setBusy] = useState<"" | "assign" | "brand" | "duplicate">("");
  const [codes, setCodes] = useState<{ assign: string[]; brand: string[]; duplicate: string[] }>({ assign: [], brand: [], duplicate: [] });
  const [saved, setSaved] = useState("");

  async function run(what: "assign" | "brand" | "duplicate", action: () => Promise<void>) {
    setBusy(what);
    setSaved("");
    setCodes((current) => ({ ...current, [what]: [] }));
    try {
      await action();
    } catch (error) {
      setCodes((current) => ({ ...current, [what]: codesOf(error) }));
    } finally {
      setBusy("");
    }
  }

  const members = team.resource.state === "ready" ? team.resource.data : [];
  // The team first, then the partner professionals (role 4), named as such: giving them a deal opens it to them.
  const ordered = [...members.filter((member) => member.role !== ROLES.PRO), ...members.filter((member) => member.role === ROLES.PRO)];
  const options = [
    ...ordered.map((member) => {
      const name = `${member.firstname} ${member.lastname}`;
      return { value: String(member.id), label: member.role === ROLES.PRO ? t("partner", { name }) : name };
    }),
    ...(deal.advisor && !members.some((member) => member.id === deal.advisor!.id) ? [{ value: String(deal.advisor.id), label: `${deal.advisor.firstname} ${deal.advisor.lastname}` }] : []),
  ];

  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run("assign", async () => {
            onPeople(await dealCalls.assign(deal.id, advisor ? Number(advisor) : null));
            setSaved(t("assigned"));
          });
        }}
      >
        <Select label={t("advisor")} value={advisor} onChange={(event) => setAdvisor(event.target.value)} placeholder={t("nobody")} options={options} hint={team.resource.state === "failed" ? t("teamFailed") : undefined} />
        <Button type="submit" variant="secondary" loading={busy === "assign"} disabled={busy !== ""}>
          {t("assign")}
        </Button>
      </form>
      <WriteError codes={codes.assign} />

      {businessMay(role, "brand") && (
        <>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void run("brand", async () => {
                onPeople(await dealCalls.brand(deal.id, brand.trim() === "" ? null : brand));
                setSaved(t("brandSaved"));
              });
            }}
          >
            <Input label={t("brand")} value={brand} maxLength={120} onChange={(event) => setBrand(event.target.value)} />
            <Button type="submit" variant="secondary" loading={busy === "brand"} disabled={busy !== ""}>
              {t("saveBrand")}
            </Button>
          </form>
          <WriteError codes={codes.brand} />
        </>
      )}

      {businessMay(role, "duplicate") && (
        <div>
          <Button
            type="button"
            variant="neutral"
            loading={busy === "duplicate"}
            disabled={busy !== ""}
            onClick={() =>
              void run("duplicate", async () => {
                const copy = await dealCalls.duplicate(deal.id);
                router.push(paths.proDeal(copy.id));
              })
            }
          >
            {t("duplicate")}
          </Button>
          <p className="mt-1 text-sm text-stone-700">{t("duplicateHint")}</p>
          <WriteError codes={codes.duplicate} />
        </div>
      )}
      <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">
        {saved}
      </p>
    </div>
  );
}
