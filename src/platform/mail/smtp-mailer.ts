import { createTransport } from 'nodemailer';
import { Mailer, MailMessage } from './mailer';
import { deliveryError, simpleRawMessage, toNodemailer } from './nodemailer-message';

/**
 * MAIL_URL=smtp://user:pw@host:587 (STARTTLS when offered) or smtps://…:465. Options such as
 * `?ignoreTLS=true` or `?maxConnections=5` pass through the URL. Pooled, so a newsletter run
 * reuses a few connections instead of opening one per recipient.
 */
/** nodemailer's pool size when MAIL_URL does not set maxConnections. */
const POOL_VERBINDUNGEN = 5;

export class SmtpMailer extends Mailer {
  private readonly transport;
  readonly verbindungen: number;

  constructor(
    url: string,
    private readonly defaultFrom: string,
  ) {
    super();
    this.transport = createTransport({ url, pool: true });
    const angegeben = Number(new URL(url).searchParams.get('maxConnections'));
    this.verbindungen = Number.isSafeInteger(angegeben) && angegeben > 0 ? angegeben : POOL_VERBINDUNGEN;
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    try {
      const raw = simpleRawMessage(message, this.defaultFrom);
      const info = await this.transport.sendMail(
        raw ? { envelope: raw.envelope, raw: raw.raw } : toNodemailer(message, this.defaultFrom),
      );
      return { messageId: raw?.messageId ?? info.messageId };
    } catch (error) {
      throw deliveryError(message, error);
    }
  }

  async verify(): Promise<void> {
    await this.transport.verify();
  }

  override async close(): Promise<void> {
    this.transport.close();
  }
}
