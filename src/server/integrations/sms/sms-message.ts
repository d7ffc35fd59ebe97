/** A text message as the product writes it: one recipient, plain text. */
export interface SmsMessage {
  /** Phone number as the family typed it. */
  to: string;
  text: string;
  locale?: string;
  /** What the message is about, e.g. "deadline_reminder". */
  tag?: string;
}

export interface SentSms {
  id: string;
  transport: "outbox" | "gateway";
}

/** Every way of sending SMS implements this; a repeated idempotency key never sends twice. */
export interface SmsSender {
  send(message: SmsMessage, options?: { idempotencyKey?: string }): Promise<SentSms>;
}
