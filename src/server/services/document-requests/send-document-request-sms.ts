import { eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { paths } from "@/config/paths";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";
import type { Db } from "@/server/db/client";
import { documentRequestItems, documentRequests } from "@/server/db/schema/document-requests";
import type { SmsSender } from "@/server/integrations/sms/sms-message";
import { sendSmsOnce, type Delivery } from "@/server/jobs/deliveries";
import { originForLocale } from "@/i18n/locale-host";
import { drawRequestCode, drawRequestToken, hashRequestCode, hashRequestToken } from "@/server/services/document-requests/secrets";
import { requestById } from "@/server/services/document-requests/request-views";

type Translate = (key: string, values?: Record<string, string | number>) => string;

async function translator(locale: Locale): Promise<Translate> {
  const messages = (await import(`../../../../messages/${locale}.json`)).default as Record<string, unknown>;
  return createTranslator({ locale, messages, namespace: "DocumentRequests.sms" }) as unknown as Translate;
}

export type SmsOutcome = Delivery["status"] | "gone" | "expired" | "locked";

/**
 * The request's SMS. The token and the code are drawn here, inside `build`, which runs
 * only when nothing was delivered yet: a retried job that already sent keeps the link and
 * code the family received; one that failed before sending replaces them (never seen).
 */
export async function sendDocumentRequestSms(db: Db, requestId: number, idempotencyKey: string, ctx: { siteUrl: string; sms: SmsSender; now: Date }): Promise<SmsOutcome> {
  const request = await requestById(db, requestId);
  if (!request) return "gone";
  if (request.lockedAt) return "locked";
  if (request.expiresAt <= ctx.now) return "expired";
  const delivery = await sendSmsOnce(db, ctx.sms, idempotencyKey, async () => {
    const token = drawRequestToken();
    const code = drawRequestCode();
    await db.update(documentRequests).set({ tokenHash: hashRequestToken(token), codeHash: hashRequestCode(token, code), sentAt: ctx.now }).where(eq(documentRequests.id, requestId));
    const count = (await db.select({ id: documentRequestItems.id }).from(documentRequestItems).where(eq(documentRequestItems.documentRequestId, requestId))).length;
    const locale = (isLocale(request.locale) ? request.locale : DEFAULT_LOCALE) as Locale;
    const t = await translator(locale);
    const link = `${originForLocale(ctx.siteUrl, locale)}${paths.smsDocuments(token)}`;
    const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "Europe/Paris" }).format(request.expiresAt);
    const who = request.senderFirstname ? t("fromName", { name: request.senderFirstname, count }) : t("fromTeam", { brand: BRAND, count });
    return {
      to: request.phone,
      text: `${BRAND} – ${t("greeting", { name: request.recipientFirstname })} ${who} ${link} ${t("code", { code })} ${t("until", { date })}`,
      locale,
      tag: "document_request",
    };
  });
  return delivery.status;
}
