import { createTranslator } from "next-intl";
import { BRAND } from "@/config/brand";
import { escapeHtml } from "@/domain/escape-html";
import type { InvitableRole } from "@/domain/family-roles";
import { type Locale, localeOrDefault } from "@/domain/locales";
import type { FamilyTargetType } from "@/domain/schemas/family";
import { loadMessages } from "@/i18n/load-messages";
import type { MailMessage } from "@/server/integrations/mail/mail-message";

/**
 * The invitation e-mail: who invites (first name only), to what (a funeral file or the
 * paperwork after a death, with the deceased's first name), with which role, and the
 * link. Nothing else about the family: the mail may sit in a shared mailbox or be
 * forwarded, and the link's page shows no more until the invitee signs in.
 */

type Translate = (key: string, values?: Record<string, string>) => string;

export interface InvitationEmailInput {
  to: string;
  locale: string;
  inviterFirstname: string | null;
  defunctFirstname: string | null;
  targetType: FamilyTargetType;
  role: InvitableRole;
  acceptUrl: string;
  validityDays: number;
}

export async function invitationEmail(input: InvitationEmailInput): Promise<MailMessage> {
  const locale: Locale = localeOrDefault(input.locale);
  const messages = await loadMessages(locale);
  // Messages are loaded at run time, so their keys are unknown to the type checker.
  const t = createTranslator({ locale, messages, namespace: "Family.email" }) as unknown as Translate;
  const inviter = input.inviterFirstname?.trim() || t("someone");
  const defunct = input.defunctFirstname?.trim() || t("yourRelative");

  const subject = t("subject", { inviter, brand: BRAND });
  const paragraphs = [
    t(`intro.${input.targetType}`, { inviter, defunct }),
    t(`role.${input.role}`),
    t("howTo"),
  ];
  const action = t("action");
  const expiry = t("expiry", { days: String(input.validityDays) });
  const ignore = t("ignore");
  const signature = t("signature", { brand: BRAND });

  const text = [t("greeting"), "", ...paragraphs.flatMap((p) => [p, ""]), `${action}: ${input.acceptUrl}`, "", expiry, ignore, "", signature].join("\n");
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#faf8f5;color:#1f2b36;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d9d3ca;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;font-weight:bold">${escapeHtml(BRAND)}</p>
<p>${escapeHtml(t("greeting"))}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p style="margin:16px 0"><a href="${escapeHtml(input.acceptUrl)}" style="display:inline-block;background:#2f4f5f;color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#4a5560">${escapeHtml(expiry)}</p>
<p style="font-size:14px;color:#4a5560">${escapeHtml(ignore)}</p>
<p>${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject, text, html, locale, tag: "family_invitation" };
}
