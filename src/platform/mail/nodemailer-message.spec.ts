import type { MailMessage } from './mailer';
import { quotedPrintable, simpleRawMessage } from './nodemailer-message';

const decodeQp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_m, b64: string) => Buffer.from(b64, 'base64').toString('latin1'))
    .replace(/[\x80-\xff]+/g, (bytes) => Buffer.from(bytes, 'latin1').toString('utf8'));

describe('quotedPrintable', () => {
  const text =
    '<p>Grüße aus Köln – 12,50 € = viel</p>\n<p>' +
    'Sehr lange Zeile ohne Umbruch '.repeat(12) +
    '</p>\nEnde mit Leerzeichen \n';

  it('decodes to the same text with CRLF line breaks', () => {
    expect(decodeQp(quotedPrintable(text))).toBe(text.replace(/\n/g, '\r\n'));
  });

  it('writes only printable ASCII in lines of at most 76 characters, = and umlauts escaped', () => {
    const encoded = quotedPrintable(text);
    for (const line of encoded.split('\r\n')) {
      expect(line.length).toBeLessThanOrEqual(76);
      expect(line).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(encoded).toContain('Gr=C3=BC=C3=9Fe');
    expect(encoded).toContain('=3D viel');
  });

  it('encodes whitespace at the end of a line, which transport would drop', () => {
    expect(quotedPrintable('Ende \nTab\t\nSchluss')).toBe('Ende=20\r\nTab=09\r\nSchluss');
  });
});

describe('simpleRawMessage', () => {
  const now = new Date('2026-11-25T13:00:00Z');
  const newsletter = {
    from: '"Steuerakademie" <news@akademie.test>',
    to: 'mueller@kanzlei.test',
    replyTo: 'antwort@akademie.test',
    subject: 'Neues im November',
    html: '<p>Grüße</p>',
    headers: { 'List-Unsubscribe': '<https://verwaltung.test/node/abmelden/abc>' },
    messageId: '<newsletter.7.12.ab@akademie.test>',
  };
  const head = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'));

  it('writes a newsletter-shaped message with its envelope, headers and quoted-printable body', () => {
    const result = simpleRawMessage(newsletter, 'Verband <noreply@verband.test>', now)!;
    expect(result.envelope).toEqual({ from: 'news@akademie.test', to: ['mueller@kanzlei.test'] });
    expect(result.messageId).toBe(newsletter.messageId);
    expect(head(result.raw).split('\r\n')).toEqual([
      'Content-Type: text/html; charset=utf-8',
      'From: Steuerakademie <news@akademie.test>',
      'To: mueller@kanzlei.test',
      'Reply-To: antwort@akademie.test',
      'Subject: Neues im November',
      'List-Unsubscribe: <https://verwaltung.test/node/abmelden/abc>',
      'Message-ID: <newsletter.7.12.ab@akademie.test>',
      'Date: Wed, 25 Nov 2026 13:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Transfer-Encoding: quoted-printable',
    ]);
    expect(decodeQp(result.raw.slice(result.raw.indexOf('\r\n\r\n') + 4))).toBe('<p>Grüße</p>\r\n');
  });

  it('encodes non-ASCII names and subjects as RFC 2047 words, quotes names with specials', () => {
    const result = simpleRawMessage(
      {
        ...newsletter,
        from: 'Geschäftsstelle des Verbands <info@verband.test>',
        to: 'Müller, Jürgen <mueller@kanzlei.test>',
        subject: 'Änderungen für Größe & Maß – eine recht lange Betreffzeile mit Umlauten äöü',
      },
      'x@y.test',
      now,
    )!;
    const headers = head(result.raw).replace(/\r\n /g, ' ');
    expect(decodeWords(/^From: (.*)$/m.exec(headers)![1])).toBe(
      'Geschäftsstelle des Verbands <info@verband.test>',
    );
    expect(decodeWords(/^To: (.*)$/m.exec(headers)![1])).toBe('Müller, Jürgen <mueller@kanzlei.test>');
    expect(decodeWords(/^Subject: (.*)$/m.exec(headers)![1])).toBe(
      'Änderungen für Größe & Maß – eine recht lange Betreffzeile mit Umlauten äöü',
    );
    for (const line of head(result.raw).split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(
      simpleRawMessage({ ...newsletter, from: 'Akademie (Köln-Bonn) e.V. <a@b.test>' }, 'x@y.test', now)!.raw,
    ).toMatch(/^From: =\?UTF-8\?B\?/m);
    expect(
      simpleRawMessage({ ...newsletter, from: 'Akademie, Koeln <a@b.test>' }, 'x@y.test', now)!.raw,
    ).toMatch(/^From: "Akademie, Koeln" <a@b\.test>$/m);
  });

  it('keeps a subject with line breaks on one header line (no header injection)', () => {
    const raw = simpleRawMessage(
      { ...newsletter, subject: 'Hallo\r\nBcc: alle@example.test' },
      'x@y.test',
      now,
    )!.raw;
    expect(head(raw)).toContain('Subject: Hallo Bcc: alle@example.test');
    expect(head(raw)).not.toMatch(/^Bcc:/m);
  });

  it('uses the default sender and makes a Message-ID at its domain when none is given', () => {
    const { from: _from, messageId: _id, ...ohne } = newsletter;
    const result = simpleRawMessage(ohne, 'Verband <noreply@verband.test>', now)!;
    expect(result.envelope.from).toBe('noreply@verband.test');
    expect(result.messageId).toMatch(/^<[0-9a-f-]{36}@verband\.test>$/);
  });

  it('leaves every other shape to nodemailer', () => {
    const andere: MailMessage[] = [
      { ...newsletter, to: ['a@b.test', 'c@d.test'] },
      { ...newsletter, cc: 'c@d.test' },
      { ...newsletter, bcc: 'c@d.test' },
      { ...newsletter, text: 'Hallo' },
      { ...newsletter, html: undefined, text: 'Hallo' },
      { ...newsletter, attachments: [{ filename: 'a.pdf', content: 'x' }] },
      { ...newsletter, to: 'keine Adresse' },
      { ...newsletter, headers: { 'Message-ID': '<x@y>' } },
      { ...newsletter, headers: { 'Kaputt Name': 'x' } },
    ];
    for (const message of andere) expect(simpleRawMessage(message, 'x@y.test', now)).toBeNull();
  });
});
