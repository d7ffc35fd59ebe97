import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { escapeHtml } from "@/domain/escape-html";
import { DEFAULT_LOCALE, directionOf, localeOrDefault, type Locale } from "@/domain/locales";
import { originForLocale } from "@/i18n/locale-host";
import { loadMessages } from "@/i18n/load-messages";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings } from "@/server/db/schema/deals";
import { memorialCondolences, memorials } from "@/server/db/schema/memorials";
import { clients } from "@/server/db/schema/users";
import type { Mailer } from "@/server/integrations/mail/mail-message";
import { PermanentJobError } from "@/server/jobs/worker";
import { sendDealEmailOnce } from "@/server/services/deals/deal-communications";
import { FUNNEL_SETTING_KEY } from "@/server/services/deals/setting-keys";
import { readSetting } from "@/server/services/funeral-quote/funnel-setting";

/**
 * The job telling a family of a new condolence: one e-mail to each owner and editor of the
 * deal who has an address (those who moderate), in the deal's language (the funnel's),
 * with the author's name and the message as plain text (escaped in the HTML part), and
 * the link to the family's memorial page. Each recipient has its own delivery key, so a
 * retried job never writes twice to anyone.
 */

type Translate = (key: string, values?: Record<string, string>) => string;

export async function deliverCondolenceEmail(db: Db, payload: Record<string, unknown>, key: string, ctx: { mailer: Mailer; siteUrl: string; now: Date }): Promise<number> {
  const condolenceId = payload.condolence_id;
  if (typeof condolenceId !== "number" || !Number.isInteger(condolenceId)) throw new PermanentJobError("payload_invalid");
  const [row] = await db
    .select({ condolence: memorialCondolences, dealId: memorials.dealId, displayName: memorials.displayName })
    .from(memorialCondolences)
    .innerJoin(memorials, eq(memorials.id, memorialCondolences.memorialId))
    .where(eq(memorialCondolences.id, condolenceId))
    .limit(1);
  // Deleted before the job ran (the family removed it, or the memorial): nothing to tell.
  if (!row) return 0;
  const { condolence, dealId, displayName } = row;
  const recipients = await db
    .select({ id: clients.id, email: clients.email, firstname: clients.firstname })
    .from(dealAbilities)
    .innerJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(and(eq(dealAbilities.dealId, dealId), inArray(dealAbilities.role, ["owner", "editor"]), isNotNull(clients.email)));
  const [setting] = await db
    .select({ value: dealSettings.value })
    .from(dealSettings)
    .where(and(eq(dealSettings.dealId, dealId), eq(dealSettings.key, FUNNEL_SETTING_KEY)))
    .limit(1);
  const locale: Locale = localeOrDefault(readSetting(setting?.value)?.locale ?? DEFAULT_LOCALE);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "MemorialCondolenceMail" }) as unknown as Translate;
  const link = `${originForLocale(ctx.siteUrl, locale)}${paths.memorial(dealId)}`;
  let sent = 0;
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    const delivery = await sendDealEmailOnce(db, ctx.mailer, `${key}:${recipient.id}`, { dealId, kind: "memorial_condolence", now: ctx.now }, async () => {
      const greeting = recipient.firstname ? t("greetingName", { name: recipient.firstname }) : t("greeting");
      const intro = t("intro", { author: condolence.authorName, name: displayName });
      const state = condolence.status === "pending" ? t("pending") : t("published");
      const signature = t("signature", { brand: BRAND });
      const quoted = condolence.message.length > 600 ? `${condolence.message.slice(0, 600)}…` : condolence.message;
      return {
        to: recipient.email!,
        subject: t("subject", { name: displayName }),
        text: `${greeting}\n\n${intro}\n\n« ${quoted} »\n\n${state}\n${link}\n\n${signature}`,
        html: `<div lang="${locale}" dir="${directionOf(locale)}"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><blockquote>${escapeHtml(quoted).replace(/\n/g, "<br>")}</blockquote><p>${escapeHtml(state)}<br><a href="${escapeHtml(link)}">${escapeHtml(t("cta"))}</a></p><p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p></div>`,
        locale,
        tag: "memorial_condolence",
      };
    });
    if (delivery.status === "sent") sent += 1;
  }
  return sent;
}
