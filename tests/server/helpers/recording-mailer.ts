import type { MailMessage, Mailer } from "@/server/integrations/mail/mail-message";

/** A mailer that keeps what it is asked to send, for tests that read the mail a family gets. */
export function recordingMailer(): { mailer: Mailer; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      async send(message) {
        sent.push(message);
        return { id: String(sent.length), transport: "outbox" };
      },
    },
  };
}
