import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { funeralTeam } from "@/server/services/users/funeral-team";
import { Heading } from "@/ui/heading";
import { TeamTable, type TeamRow } from "./team-table";

const ROLE_KEYS = ["admin", "funeralDirector", "funeralAdvisor", "analyticsGuest", "pro"] as const;

export async function teamMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProTeam" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/** The funeral team (roles 0-2): who runs cases, how to write to them, how many open deals each has. */
export async function TeamPageView() {
  const t = await getTranslations("ProTeam");
  const roles = await getTranslations("Pro.roles");
  const team = await funeralTeam(await getDb());
  const rows: TeamRow[] = team.map((member) => ({
    id: member.id,
    name: `${member.firstname} ${member.lastname}`,
    sortName: `${member.lastname} ${member.firstname}`,
    role: roles(ROLE_KEYS[member.role as 0] ?? "pro"),
    email: member.email,
    openDeals: member.open_deals,
  }));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{t("intro")}</p>
      <div className="mt-6">
        {rows.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <ClientMessages namespaces={["ProTeam"]}>
            <TeamTable rows={rows} />
          </ClientMessages>
        )}
      </div>
    </div>
  );
}
