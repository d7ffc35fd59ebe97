/** An e-mail as the product writes it: both a plain-text and an HTML body, one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Language of the message (a locale of the product), kept for the outbox reader. */
  locale?: string;
  /** What the message is about, e.g. "password_reset"; lets tests and the outbox reader filter. */
  tag?: string;
  /** Copy recipients (a letter sent to a company copies the family). */
  cc?: string[];
  /** Where answers go, when not to the sender (a company answers the family, not the product). */
  replyTo?: string;
  /** Files sent with the message (a generated letter); the outbox keeps them base64-encoded. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64-encoded (so an outbox message stays plain JSON). */
  contentBase64: string;
}

/** A delivered message: where it went and under which id. */
export interface SentMail {
  id: string;
  transport: "outbox" | "smtp";
}

export interface SendOptions {
  /**
   * The same key never delivers twice: a transport that can tell (the outbox) keeps the
   * first message; SMTP derives the Message-ID from it so receivers can drop a repeat.
   */
  idempotencyKey?: string;
}

/** Every way of sending e-mail implements this (DESIGN "Integrations": an embedded default for each). */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<SentMail>;
}
