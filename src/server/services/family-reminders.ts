import { and, eq } from "drizzle-orm";
import { createTranslator } from "next-intl";
import { ADVISOR_PHONE, BRAND } from "@/config/brand";
import { familyReminders, FAMILY_REMINDER_IDS, reminderInstant, type FamilyReminderId } from "@/domain/family-reminders";
import { todayInFrance } from "@/domain/time";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/domain/locales";
import type { Db } from "@/server/db/client";
import { dealAbilities, dealSettings, deals } from "@/server/db/schema/deals";
import { defuncts } from "@/server/db/schema/procedures";
import { clients } from "@/server/db/schema/users";
import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";
import type { SmsSender } from "@/server/integrations/sms/sms-message";
import { enqueue, notifyEnqueued } from "@/server/jobs/queue";
import { sendDealEmailOnce, sendDealSmsOnce } from "@/server/services/deals/deal-communications";

/**
 * Deadline reminders of the client space: after a funnel submission with a date of death,
 * one job per deadline runs on its reminder day and writes to the family by the channel
 * they chose (e-mail, or SMS), unless they opted out by then.
 */
export const DEADLINE_REMINDER_JOB = "reminders.deadline";

export type ReminderPayload = { deal_id: number; reminder: FamilyReminderId; deadline: string };

async function dealFacts(db: Db, dealId: number) {
  const [row] = await db
    .select({ deathDate: defuncts.deathDate, setting: dealSettings.value, client: clients })
    .from(deals)
    .leftJoin(defuncts, eq(defuncts.id, deals.defunctId))
    .leftJoin(dealSettings, and(eq(dealSettings.dealId, deals.id), eq(dealSettings.key, "funnel")))
    .leftJoin(dealAbilities, and(eq(dealAbilities.dealId, deals.id), eq(dealAbilities.role, "owner")))
    .leftJoin(clients, eq(clients.id, dealAbilities.clientId))
    .where(eq(deals.id, dealId))
    .limit(1);
  if (!row) return null;
  const setting = (row.setting ?? {}) as { locale?: unknown; contact_channel?: unknown };
  return {
    deathDate: row.deathDate,
    client: row.client,
    locale: (isLocale(setting.locale) ? setting.locale : DEFAULT_LOCALE) as Locale,
    channel: setting.contact_channel === "sms" ? ("sms" as const) : ("email" as const),
  };
}

/** Queues the reminders of a deal's deadlines (idempotent: one job per deal, deadline and date). */
export async function scheduleDealReminders(db: Db, dealId: number, now: Date): Promise<number> {
  const facts = await dealFacts(db, dealId);
  if (!facts?.deathDate || !facts.client || facts.client.optOut) return 0;
  const reminders = familyReminders(facts.deathDate, todayInFrance(now));
  await enqueue(
    db,
    reminders.map((r) => ({
      kind: DEADLINE_REMINDER_JOB,
      payload: { deal_id: dealId, reminder: r.id, deadline: r.deadline } satisfies ReminderPayload,
      runAt: reminderInstant(r.remindOn),
      idempotencyKey: `${DEADLINE_REMINDER_JOB}:${dealId}:${r.id}:${r.deadline}`,
    })),
    now,
  );
  notifyEnqueued();
  return reminders.length;
}

type Translate = (key: string, values?: Record<string, string>) => string;

async function translator(locale: Locale): Promise<Translate> {
  const messages = (await import(`../../../messages/${locale}.json`)).default as Record<string, unknown>;
  return createTranslator({ locale, messages, namespace: "Reminders" }) as unknown as Translate;
}

function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export type ReminderOutcome = "sent" | "already_sent" | "opted_out" | "outdated" | "no_recipient";

/**
 * The reminder job. Checked again when it runs: the family may have opted out, or the
 * date of death may have changed since it was queued (the job of the new date replaces it).
 */
export async function sendDealReminder(
  db: Db,
  payload: ReminderPayload,
  idempotencyKey: string,
  senders: { mailer: Mailer; sms: SmsSender },
): Promise<ReminderOutcome> {
  if (!(FAMILY_REMINDER_IDS as readonly string[]).includes(payload.reminder)) return "outdated";
  const facts = await dealFacts(db, payload.deal_id);
  if (!facts?.client) return "no_recipient";
  if (facts.client.optOut) return "opted_out";
  const current = facts.deathDate ? familyReminders(facts.deathDate, "0000-01-01").find((r) => r.id === payload.reminder) : undefined;
  if (!current || current.deadline !== payload.deadline) return "outdated";

  const { client, locale } = facts;
  const t = await translator(locale);
  const line = t(payload.reminder, { date: formatDate(payload.deadline, locale) });
  const stop = t("stop", { phone: ADVISOR_PHONE });
  if (facts.channel === "sms" && client.phone) {
    const delivery = await sendDealSmsOnce(db, senders.sms, idempotencyKey, { dealId: payload.deal_id, kind: "deadline_reminder" }, async () => ({
      to: client.phone!,
      text: `${BRAND} – ${line} ${stop}`,
      locale,
      tag: "deadline_reminder",
    }));
    return delivery.status;
  }
  if (!client.email) return "no_recipient";
  const greeting = client.firstname ? t("greetingName", { name: client.firstname }) : t("greeting");
  const signature = t("signature", { brand: BRAND });
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  const message: MailMessage = {
    to: client.email,
    subject: t("subject", { brand: BRAND }),
    text: [greeting, "", line, "", stop, "", signature].join("\n"),
    html: `<!doctype html>
<html lang="${locale}" dir="${dir}"><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6;color:#1f2b36">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p style="font-size:14px;color:#4a5560">${escapeHtml(stop)}</p><p>${escapeHtml(signature)}</p>
</body></html>
`,
    locale,
    tag: "deadline_reminder",
  };
  const delivery = await sendDealEmailOnce(db, senders.mailer, idempotencyKey, { dealId: payload.deal_id, kind: "deadline_reminder" }, async () => message);
  return delivery.status;
}
