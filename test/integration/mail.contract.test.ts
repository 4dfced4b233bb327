/**
 * One contract for both mail adapters: SmtpMailer against a real SMTP server (smtp-server) and
 * FileMailer by reading its .eml file back. The MIME message is decoded with the small helpers
 * below (no mail parser is installed): RFC 2047 words, RFC 2231 parameters, QP and base64.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailer } from '../../src/platform/mail/file-mailer';
import { MailDeliveryError, Mailer, MailMessage } from '../../src/platform/mail/mailer';
import { SmtpMailer } from '../../src/platform/mail/smtp-mailer';
import { startSmtpSink } from '../support/smtp-sink';

interface Received {
  raw: string;
  /** SMTP envelope recipients; a file has none, its Bcc header stands in. */
  envelopeTo?: string[];
  /** Whom the SMTP server authenticated (credentials from the URL). */
  user?: string;
}

interface Harness {
  mailer: Mailer;
  expectedUser?: string;
  last(): Promise<Received>;
  stop(): Promise<void>;
}

const DEFAULT_FROM = 'Testverband <noreply@verband.test>';

async function smtpHarness(): Promise<Harness> {
  const received: Received[] = [];
  const sink = await startSmtpSink({
    credentials: { user: 'verband', password: 'geheim' },
    refuse: (address) =>
      address.startsWith('unbekannt@') ? { code: 550, text: 'Postfach unbekannt' } : undefined,
    onMessage({ raw, to, user }, answer) {
      received.push({ raw: raw.toString('latin1'), envelopeTo: to, user });
      answer();
    },
  });
  const mailer = new SmtpMailer(`smtp://verband:geheim@127.0.0.1:${sink.port}?ignoreTLS=true`, DEFAULT_FROM);
  return {
    mailer,
    expectedUser: 'verband',
    last: async () => received[received.length - 1],
    stop: async () => {
      await mailer.close();
      await sink.stop();
    },
  };
}

async function fileHarness(): Promise<Harness> {
  const dir = join(await mkdtemp(join(tmpdir(), 'vv-mail-')), 'outbox');
  const mailer = new FileMailer(dir, DEFAULT_FROM);
  return {
    mailer,
    last: async () => {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
      return { raw: (await readFile(join(dir, files[files.length - 1]))).toString('latin1') };
    },
    stop: () => rm(join(dir, '..'), { recursive: true, force: true }),
  };
}

// --- small MIME reader ------------------------------------------------------------------------

/** Everything is handled as latin1 ("binary") strings and turned into UTF-8 at the end. */
const utf8 = (binary: string) => Buffer.from(binary, 'latin1').toString('utf8');

function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  const binary = joined.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('latin1')
      : text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
  return utf8(binary);
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

function params(header: string | undefined): Map<string, string> {
  const result = new Map<string, string>();
  for (const [, key, value] of (header ?? '').matchAll(/;\s*([^=\s;]+)\s*=\s*("[^"]*"|[^;]*)/g)) {
    result.set(key.toLowerCase(), value.trim().replace(/^"|"$/g, ''));
  }
  return result;
}

/** A parameter either plain (maybe with RFC 2047 words) or split and encoded after RFC 2231. */
function param(header: string | undefined, name: string): string | undefined {
  const all = params(header);
  if (all.has(name)) return decodeWords(all.get(name)!);
  const pieces = [...all.entries()]
    .map(([key, value]) => ({ match: key.match(new RegExp(`^${name}\\*(\\d*)(\\*?)$`)), value }))
    .filter((p) => p.match)
    .sort((a, b) => Number(a.match![1] || 0) - Number(b.match![1] || 0));
  if (!pieces.length) return undefined;
  const text = pieces.map((p) => (p.match![2] ? p.value : encodeURIComponent(p.value))).join('');
  return decodeURIComponent(text.replace(/^[^']*'[^']*'/, ''));
}

function leaves(part: Part): Part[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  if (!contentType.toLowerCase().startsWith('multipart/')) return [part];
  const boundary = `\r\n--${param(contentType, 'boundary')}`;
  // Before the first boundary is the preamble; the closing one ends in "--", then the epilogue.
  return `\r\n${part.body}`
    .split(boundary)
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(parsePart(section.replace(/^[ \t]*\r\n/, ''))));
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const binary = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(binary, 'latin1');
  }
  return Buffer.from(part.body, 'latin1');
}

const addresses = (header: string | undefined) =>
  [...(header ?? '').matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());

// --- the contract -----------------------------------------------------------------------------

const pdf = Buffer.from('%PDF-1.4\n% Tagesordnung – nur ein Test\n', 'utf8');
const message: MailMessage = {
  from: 'Geschäftsstelle des Verbands <info@verband.test>',
  to: ['Jürgen Müller <mueller@example.test>', 'schulz@example.test'],
  cc: 'Vorstand <vorstand@verband.test>',
  bcc: 'archiv@verband.test',
  replyTo: 'antwort@verband.test',
  subject: 'Einladung zur Mitgliederversammlung – Änderungen für Größe & Maß',
  text: 'Sehr geehrter Herr Müller,\r\nbitte beachten Sie die geänderte Tagesordnung.\r\nGrüße aus Köln – äöüÄÖÜß 12,50 €',
  html: '<p>Sehr geehrter Herr Müller,</p><p>Grüße aus Köln – äöüß</p>',
  attachments: [{ filename: 'Tagesordnung März 2026.pdf', content: pdf, contentType: 'application/pdf' }],
  headers: { 'X-Verband-Versand': 'einladung-7' },
};

describe.each([
  ['SmtpMailer', smtpHarness, false],
  ['FileMailer', fileHarness, true],
] as const)('Mailer contract: %s', (_label, harness, bccInMessage) => {
  let h: Harness;

  beforeAll(async () => {
    h = await harness();
  });

  afterAll(async () => {
    await h.stop();
  });

  test('delivers subject, recipients, body and attachment as a MIME message', async () => {
    const { messageId } = await h.mailer.send(message);
    const received = await h.last();
    const mail = parsePart(received.raw);

    expect(received.user).toBe(h.expectedUser);
    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(mail.headers.get('message-id')).toBe(messageId);
    expect(decodeWords(mail.headers.get('subject')!)).toBe(message.subject);
    expect(decodeWords(mail.headers.get('from')!)).toBe('Geschäftsstelle des Verbands <info@verband.test>');
    expect(decodeWords(mail.headers.get('to')!)).toBe(
      'Jürgen Müller <mueller@example.test>, schulz@example.test',
    );
    expect(addresses(mail.headers.get('cc'))).toEqual(['vorstand@verband.test']);
    expect(addresses(mail.headers.get('reply-to'))).toEqual(['antwort@verband.test']);
    expect(mail.headers.get('x-verband-versand')).toBe('einladung-7');

    const recipients = received.envelopeTo ?? [
      ...addresses(mail.headers.get('to')),
      ...addresses(mail.headers.get('cc')),
      ...addresses(mail.headers.get('bcc')),
    ];
    expect([...recipients].sort()).toEqual([
      'archiv@verband.test',
      'mueller@example.test',
      'schulz@example.test',
      'vorstand@verband.test',
    ]);
    expect(mail.headers.has('bcc')).toBe(bccInMessage);

    const parts = leaves(mail);
    const byType = (type: string) => parts.find((p) => p.headers.get('content-type')?.startsWith(type));
    expect(decodeBody(byType('text/plain')!).toString('utf8')).toBe(message.text);
    expect(decodeBody(byType('text/html')!).toString('utf8')).toBe(message.html);
    const attachment = byType('application/pdf')!;
    expect(param(attachment.headers.get('content-disposition'), 'filename')).toBe(
      'Tagesordnung März 2026.pdf',
    );
    expect(decodeBody(attachment)).toEqual(pdf);
  });

  test("writes a newsletter's shape (one recipient, HTML only) itself, readable as nodemailer's", async () => {
    const html = `<p>Guten Tag Herr Müller,</p>\n<p>${'die Frist endet bald. '.repeat(10)}= 12,50 €</p>`;
    const einzeln: MailMessage = {
      from: '"Steuerakademie Köln" <news@akademie.test>',
      to: 'Jürgen Müller <mueller@example.test>',
      replyTo: 'antwort@akademie.test',
      subject: 'Neues im November – Fristen für Größe & Maß',
      html,
      headers: { 'List-Unsubscribe': '<https://verwaltung.test/node/abmelden/abc.def>' },
      messageId: '<newsletter.7.12.ab@akademie.test>',
    };
    expect(await h.mailer.send(einzeln)).toEqual({ messageId: einzeln.messageId });
    const received = await h.last();
    const mail = parsePart(received.raw);
    expect(mail.headers.get('message-id')).toBe(einzeln.messageId);
    expect(decodeWords(mail.headers.get('subject')!)).toBe(einzeln.subject);
    expect(decodeWords(mail.headers.get('from')!)).toBe('Steuerakademie Köln <news@akademie.test>');
    expect(decodeWords(mail.headers.get('to')!)).toBe('Jürgen Müller <mueller@example.test>');
    expect(addresses(mail.headers.get('reply-to'))).toEqual(['antwort@akademie.test']);
    expect(mail.headers.get('list-unsubscribe')).toBe('<https://verwaltung.test/node/abmelden/abc.def>');
    expect(mail.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(decodeBody(mail).toString('utf8')).toBe(`${html.replace(/\n/g, '\r\n')}\r\n`);
    if (received.envelopeTo) expect(received.envelopeTo).toEqual(['mueller@example.test']);
  });

  test('uses the default sender when the message names none', async () => {
    await h.mailer.send({ to: 'mueller@example.test', subject: 'Ohne Absender', text: 'Hallo' });
    const mail = parsePart((await h.last()).raw);

    expect(decodeWords(mail.headers.get('from')!)).toBe(DEFAULT_FROM);
    expect(decodeWords(mail.headers.get('subject')!)).toBe('Ohne Absender');
    // A single-part message ends with the line break after its last line.
    expect(decodeBody(mail).toString('utf8')).toBe('Hallo\r\n');
  });
});

describe('SmtpMailer refusals', () => {
  test('a recipient the server refuses for good is a permanent MailDeliveryError in German', async () => {
    const h = await smtpHarness();
    try {
      const sending = h.mailer.send({ to: 'unbekannt@example.test', subject: 'Test', text: 'Test' });
      await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(sending).rejects.toMatchObject({
        permanent: true,
        message: expect.stringContaining('E-Mail an unbekannt@example.test konnte nicht versendet werden'),
      });
    } finally {
      await h.stop();
    }
  });
});
