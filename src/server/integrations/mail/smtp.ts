import nodemailer from "nodemailer";
import type { MailMessage, Mailer, SentMail } from "@/server/integrations/mail/mail-message";

/** Production e-mail through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.locale ? { "Content-Language": message.locale } : undefined,
      });
      return { id: String(info.messageId ?? ""), transport: "smtp" };
    },
  };
}
