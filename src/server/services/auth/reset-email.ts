import { createTranslator } from "next-intl";
import { type Locale, localeOrDefault } from "@/domain/locales";
import type { MailMessage } from "@/server/integrations/mail/mail-message";
import { escapeHtml } from "@/domain/escape-html";
import { loadMessages } from "@/i18n/load-messages";

/** The reset e-mail, in the language of the site the family asked from. */

type Translate = (key: string, values?: Record<string, string>) => string;


export async function passwordResetEmail(input: {
  to: string;
  link: string;
  locale: string;
  professional: boolean;
}): Promise<MailMessage> {
  const locale: Locale = localeOrDefault(input.locale);
  const messages = await loadMessages(locale);
  // The messages are loaded at run time, so their keys are not known to the type checker.
  const t = createTranslator({ locale, messages, namespace: "Auth.resetEmail" }) as unknown as Translate;
  const subject = t(input.professional ? "subjectPro" : "subject");
  const paragraphs = [t("greeting"), t("body", { email: input.to }), t("expiry"), t("ignore")];
  const action = t("action");
  const signature = t("signature");
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";

  const text = [paragraphs[0], "", paragraphs[1], "", action, input.link, "", paragraphs[2], paragraphs[3], "", signature].join("\n");
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#faf8f5;color:#1f2b36;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d9d3ca;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;font-weight:bold">Paisible</p>
<p>${escapeHtml(paragraphs[0]!)}</p>
<p>${escapeHtml(paragraphs[1]!)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#2f4f5f;color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#4a5560;word-break:break-all">${escapeHtml(input.link)}</p>
<p>${escapeHtml(paragraphs[2]!)}</p>
<p>${escapeHtml(paragraphs[3]!)}</p>
<p>${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject, text, html, locale, tag: "password_reset" };
}
