import type { SendMailOptions } from 'nodemailer';
import { MailDeliveryError, MailMessage } from './mailer';

/** Both adapters let nodemailer build the MIME message, so the .eml files match what SMTP sends. */
export function toNodemailer(message: MailMessage, defaultFrom: string): SendMailOptions {
  return {
    from: message.from ?? defaultFrom,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map(({ filename, content, contentType }) => ({
      filename,
      content,
      contentType,
    })),
    headers: message.headers,
    messageId: message.messageId,
  };
}

export function deliveryError(message: MailMessage, error: unknown): MailDeliveryError {
  const reason = error instanceof Error ? error.message : String(error);
  const to = ([] as string[]).concat(message.to).join(', ');
  const permanent = (error as { permanent?: unknown }).permanent === true;
  return new MailDeliveryError(`E-Mail an ${to} konnte nicht versendet werden: ${reason}`, permanent, {
    cause: error,
  });
}
