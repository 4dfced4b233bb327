/**
 * The mail port. MAIL_URL picks the adapter (DESIGN.md §1): `file:dir` writes one .eml per message
 * (embedded setup, tests), `smtp://` / `smtps://` sends through a pooled SMTP connection.
 */

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  /** Defaults to the configured MAIL_FROM. */
  from?: string;
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
  /** A Message-ID of the caller's (e.g. one per newsletter recipient); generated when absent. */
  messageId?: string;
}

export abstract class Mailer {
  /** Messages the transport delivers at the same time (the SMTP pool's connections): bulk senders size their batches by it. */
  abstract readonly verbindungen: number;

  abstract send(message: MailMessage): Promise<{ messageId: string }>;
  /** Resolves when mail can be delivered (the health check): the server answers, the outbox is writable. */
  abstract verify(): Promise<void>;

  /** Releases connections; the default has none to release. */
  async close(): Promise<void> {}
}

/**
 * A message that could not be delivered or stored. `permanent` is true when the SMTP server refused
 * it for good (5xx), so that a job does not retry a recipient that will never accept it.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
