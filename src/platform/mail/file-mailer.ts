import { constants } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { Mailer, MailMessage } from './mailer';
import { deliveryError, simpleRawMessage, toNodemailer } from './nodemailer-message';

/**
 * MAIL_URL=file:dir — one RFC 822 message per .eml file, named `<UTC timestamp>-<message id>.eml`
 * so that files sort by time and never collide. Bcc stays in the file: there is no envelope.
 */
export class FileMailer extends Mailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  /** Files are written side by side; a few at a time keep the disk busy without a queue of open files. */
  readonly verbindungen = 4;

  constructor(
    private readonly dir: string,
    private readonly defaultFrom: string,
  ) {
    super();
  }

  async verify(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    try {
      const raw = simpleRawMessage(message, this.defaultFrom);
      const info = await this.transport.sendMail(
        raw ? { envelope: raw.envelope, raw: raw.raw } : toNodemailer(message, this.defaultFrom),
      );
      const messageId: string = raw?.messageId ?? info.messageId;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]+/g, '_');
      const file = join(this.dir, `${stamp}-${id}.eml`);
      await mkdir(this.dir, { recursive: true });
      // Written under a temporary name first, so a reader of the outbox never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer, { flag: 'wx' });
      await rename(`${file}.tmp`, file);
      return { messageId };
    } catch (error) {
      throw deliveryError(message, error);
    }
  }
}
