import { randomUUID } from 'node:crypto';
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

/** The finished message and its envelope, for nodemailer's `raw` (no MIME building). */
export interface RawMessage {
  envelope: { from: string; to: string[] };
  raw: string;
  messageId: string;
}

const ASCII = /^[\x20-\x7e]*$/;
/** A display name that needs neither quotes nor encoding (RFC 5322 atoms and spaces). */
const ATOMS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/;
const MAILBOX = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s@]+@[^<>\s@]+)>\s*$/;
const HEADER_NAME = /^[!-9;-~]+$/;
/** Written here; a caller's header of the same name goes the nodemailer way. */
const OWN_HEADERS = new Set([
  'content-type',
  'content-transfer-encoding',
  'date',
  'from',
  'message-id',
  'mime-version',
  'reply-to',
  'subject',
  'to',
]);
const BARE_ADDRESS = /^\s*([^<>\s"@,]+@[^<>\s"@,]+)\s*$/;

function parseMailbox(value: string): { name: string; address: string } | null {
  const bare = BARE_ADDRESS.exec(value);
  if (bare) return { name: '', address: bare[1] };
  const mailbox = MAILBOX.exec(value);
  return mailbox ? { name: mailbox[1]?.trim() ?? '', address: mailbox[2] } : null;
}

/** RFC 2047 B-words of at most 36 bytes each (60 characters), never splitting a character. */
function encodedWords(text: string): string {
  const words: string[] = [];
  let word = '';
  for (const character of text) {
    if (Buffer.byteLength(word + character) > 36) {
      words.push(word);
      word = '';
    }
    word += character;
  }
  if (word) words.push(word);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

/** A header value: line breaks (header injection) become spaces; non-ASCII as encoded words; long lines folded. */
function headerValue(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  if (!ASCII.test(flat)) return encodedWords(flat);
  return flat.replace(/(.{1,76})(?: |$)/g, (line, text: string, at: number) =>
    at + line.length < flat.length ? `${text}\r\n ` : line,
  );
}

function formatMailbox({ name, address }: { name: string; address: string }): string {
  if (!name) return address;
  if (!ASCII.test(name)) {
    const words = encodedWords(name);
    // The address on a line of its own where the last word leaves no room for it.
    const room = 70 - (words.length - words.lastIndexOf('\n'));
    return `${words}${address.length + 3 > room ? '\r\n ' : ' '}<${address}>`;
  }
  return ATOMS.test(name) ? `${name} <${address}>` : `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/** Quoted-printable (RFC 2045) of UTF-8 text: lines of at most 76 characters, line breaks as CRLF. */
export function quotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/\r\n|\r/g, '\n'), 'utf8');
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    // Whitespace at the end of a line would be lost in transport: encoded.
    const last = line.charCodeAt(line.length - 1);
    if (last === 0x20 || last === 0x09) line = `${line.slice(0, -1)}=${last === 0x20 ? '20' : '09'}`;
    if (line.length > 76) {
      lines.push(`${line.slice(0, 73)}=`);
      line = line.slice(73);
    }
    lines.push(line);
    line = '';
  };
  for (const byte of bytes) {
    if (byte === 0x0a) {
      endLine();
      continue;
    }
    const token =
      (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d) || byte === 0x20 || byte === 0x09
        ? String.fromCharCode(byte)
        : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    if (line.length + token.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += token;
  }
  endLine();
  return lines.join('\r\n');
}

/**
 * A message of the newsletter's shape — one recipient, HTML only, no text part, copies or
 * attachments — as its finished text, or null for any other shape (nodemailer builds those).
 * nodemailer's MIME builder costs about 2 ms a message, most of a dispatch worker's time for
 * thousands of mails of one newsletter; this shape is simple enough to write directly, in the form
 * nodemailer gives it (quoted-printable HTML, RFC 2047 words in headers).
 */
export function simpleRawMessage(
  message: MailMessage,
  defaultFrom: string,
  now = new Date(),
): RawMessage | null {
  const to = ([] as string[]).concat(message.to);
  if (to.length !== 1 || message.cc || message.bcc || message.text !== undefined) return null;
  if (message.html === undefined || message.attachments?.length) return null;
  const from = parseMailbox(message.from ?? defaultFrom);
  const recipient = parseMailbox(to[0]);
  const replyTo = message.replyTo === undefined ? undefined : parseMailbox(message.replyTo);
  if (!from || !recipient || replyTo === null) return null;
  const extra = Object.entries(message.headers ?? {});
  if (extra.some(([name]) => !HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase()))) return null;
  const messageId = message.messageId ?? `<${randomUUID()}@${from.address.split('@')[1]}>`;
  const headers: [string, string][] = [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['From', formatMailbox(from)],
    ['To', formatMailbox(recipient)],
    ...(replyTo ? [['Reply-To', formatMailbox(replyTo)] as [string, string]] : []),
    ['Subject', headerValue(message.subject)],
    ...extra.map(([name, value]): [string, string] => [name, headerValue(value)]),
    ['Message-ID', messageId],
    ['Date', now.toUTCString().replace(/GMT$/, '+0000')],
    ['MIME-Version', '1.0'],
    ['Content-Transfer-Encoding', 'quoted-printable'],
  ];
  const head = headers.map(([name, value]) => `${name}: ${value}`).join('\r\n');
  return {
    envelope: { from: from.address, to: [recipient.address] },
    raw: `${head}\r\n\r\n${quotedPrintable(message.html)}\r\n`,
    messageId,
  };
}
