import { BRAND } from "@/config/brand";
import { escapeHtml } from "@/domain/escape-html";
import type { Locale } from "@/domain/locales";

/**
 * The frame of the product's HTML e-mails: inline styles only (mail clients drop style
 * sheets), the brand on top, right-to-left for Arabic and Hebrew.
 */

export function emailButton(href: string, label: string, primary: boolean): string {
  return `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;${primary ? "background:#2f4f5f;color:#ffffff" : "background:#ffffff;color:#2f4f5f;border:1px solid #2f4f5f"};padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** A whole e-mail around `inner` (HTML the caller escaped). */
export function emailPage(locale: Locale, inner: string): string {
  const dir = locale === "ar" || locale === "he" ? "rtl" : "ltr";
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#faf8f5;color:#1f2b36;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d9d3ca;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;font-weight:bold">${escapeHtml(BRAND)}</p>
${inner}
</div>
</body>
</html>
`;
}
