import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { MailMessage, Mailer, SendOptions, SentMail } from "@/server/integrations/mail/mail-message";

/** Production e-mail through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage, options: SendOptions = {}): Promise<SentMail> {
      const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "paisible.invalid";
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        cc: message.cc,
        replyTo: message.replyTo,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64") })),
        // A retried send after a crash carries the same Message-ID as the first one.
        messageId: options.idempotencyKey ? `<${createHash("sha256").update(options.idempotencyKey).digest("hex").slice(0, 32)}@${domain}>` : undefined,
        headers: message.locale ? { "Content-Language": message.locale } : undefined,
      });
      return { id: String(info.messageId ?? ""), transport: "smtp" };
    },
  };
}
