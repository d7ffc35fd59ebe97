import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { ROLES, type Role } from "@/domain/roles";
import { ClientMessages } from "@/i18n/client-messages";
import { getDb } from "@/server/db/client";
import { listDeals, type DealReader } from "@/server/services/deals/read-deals";
import { funeralTeam } from "@/server/services/users/funeral-team";
import { Heading } from "@/ui/heading";
import { boardSearch, dealsApiQuery, parseBoardQuery } from "./board-query";
import { DealsBoard, type TeamOption } from "./deals-board";
import type { BoardPage } from "./board-calls";

export async function boardMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "ProBoard" });
  return { title: `${t("title")} | ${BRAND}`, robots: { index: false, follow: false } };
}

/**
 * The deals board (roles 0-2 and 4; the route sends the analytics guest to the statistics).
 * The first page is read here, as GET /api/v1/deals would answer this caller, so the board
 * shows at once; the browser asks the API for the next ones.
 */
export async function BoardPageView({ role, userId, search }: { role: Role; userId: number; search: Record<string, string | string[] | undefined> }) {
  const t = await getTranslations("ProBoard");
  const flat = new URLSearchParams(Object.entries(search).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));
  const query = parseBoardQuery(flat);
  const api = dealsApiQuery(query);
  const db = await getDb();
  const partner = role === ROLES.PRO;
  const reader: DealReader = partner ? { kind: "assigned", businessUserId: userId } : { kind: "business", role };
  const [initial, team] = await Promise.all([
    listDeals(db, reader, {
      page: Number(api.page),
      per_page: Number(api.per_page),
      q: query.q || undefined,
      kind: (api.kind as BoardPage["data"][number]["kind"] | undefined) ?? undefined,
      state: typeof api.state === "string" ? api.state : undefined,
      advisor_id: partner ? undefined : (query.advisor ?? undefined),
      created_from: query.from ?? undefined,
      created_to: query.to ?? undefined,
      sort: query.sort ?? undefined,
      direction: query.direction ?? undefined,
    }),
    partner ? Promise.resolve(null) : funeralTeam(db),
  ]);
  const options: TeamOption[] | null = team?.map(({ id, firstname, lastname }) => ({ id, firstname, lastname })) ?? null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-2 text-lg text-ink-soft">{partner ? t("introPartner") : t("intro")}</p>
      <div className="mt-6">
        <ClientMessages namespaces={["ProBoard"]}>
          <DealsBoard initial={initial} initialKey={boardSearch(query)} team={options} role={role} />
        </ClientMessages>
      </div>
    </div>
  );
}
