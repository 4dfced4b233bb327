import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { MailDeliveryError } from '../../platform/mail/mailer';
import { DomainError } from '../../shared/domain-error';
import type { NeueRechnung } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';
import { dokumentMitFakes, eingebettet, gerendert } from './rechnungs-dokument.testing';
import { EMAIL_VERSENDET, STANDARD_RECHNUNGSVORLAGE } from './rechnungs-dokument';
import { leereVerbandsdaten } from '../domain/verbandsdaten';

const ANNA = 10;
const SEMINARVORLAGE = 3;

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.vorlagen.push({
    id: SEMINARVORLAGE,
    titel: 'Seminarrechnung',
    rw_kreis_id: 1,
    datei: 'seminar.hbs',
    storno_datei: 'seminar-storno.hbs',
    einleitung: '<p>Vielen Dank f&uuml;r Ihre Teilnahme &amp; Ihr Vertrauen.</p>',
    schluss: '<p>Mit freundlichen Grüßen</p><p>Ihre Akademie</p>',
  });
  speicher.tabellen.objekte.set(`Benutzer:${ANNA}`, { email: 'anna@example.de' });
  const fakes = dokumentMitFakes(speicher);
  fakes.vorlagen.dateien.set('seminar.hbs', 'Seminar');
  fakes.vorlagen.dateien.set('seminar-storno.hbs', 'Seminar-Storno');
  const rechnung = (werte: Partial<NeueRechnung> = {}) =>
    speicher.transaktion(async (tx) => {
      const [id] = await tx.rechnungenAnlegen([
        {
          rechnungs_nr: 'RE-2026-001',
          benutzer_id: ANNA,
          betrag: 119,
          netto: 100,
          mwst: 19,
          data: { datum: '2026-03-10T09:00:00.000Z', positionen: [], steuern: [] },
          ...werte,
        },
      ]);
      return id;
    });
  const zeile = (id: number) => speicher.tabellen.rechnungen.find((r) => r.id === id)!;
  return { speicher, ...fakes, rechnung, zeile };
}

const sha256 = (pdf: Uint8Array) => createHash('sha256').update(pdf).digest('hex');

async function fehler(arbeit: Promise<unknown>): Promise<DomainError> {
  const error = await arbeit.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`kein DomainError: ${String(error)}`);
  return error;
}

describe('RechnungsDokument: archived originals', () => {
  it('renders an invoice once, stores it with its hash, and serves those bytes on every later download', async () => {
    const a = aufbau();
    const id = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE });

    const lesen = jest.spyOn(a.archiv, 'lesen');
    const erste = await a.dokument.render(id);
    expect(lesen).not.toHaveBeenCalled();
    a.vorlagen.dateien.set('seminar.hbs', 'Seminar, neu gestaltet');
    a.speicher.tabellen.vorlagen[0].schluss = '<p>Ein anderer Gruß</p>';
    const zweite = await a.dokument.render(id);

    expect(a.pdf.gerendert).toBe(1);
    expect(Buffer.from(zweite.pdf).equals(Buffer.from(erste.pdf))).toBe(true);
    expect(gerendert(zweite.pdf).vorlage).toBe('Seminar');
    expect(zweite.name).toBe('RE-2026-001.pdf');
    const { original_datei, original_sha256 } = a.zeile(id);
    expect(original_sha256).toBe(sha256(erste.pdf));
    expect(Buffer.from(a.archiv.dateien.get(original_datei!)!).equals(Buffer.from(erste.pdf))).toBe(true);
  });

  it('audits the archiving with file and hash', async () => {
    const a = aufbau();
    const id = await a.rechnung();

    const { pdf } = await a.dokument.render(id);

    expect(a.speicher.tabellen.audit).toEqual([
      {
        actor: null,
        resource: 'rw-rechnung',
        recordId: id,
        action: 'archive',
        changes: {
          original_datei: { before: null, after: a.zeile(id).original_datei },
          original_sha256: { before: null, after: sha256(pdf) },
        },
      },
    ]);
  });

  it('refuses a stored original whose hash no longer matches, in German, and logs it', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    await a.dokument.render(id);
    a.archiv.dateien.set(a.zeile(id).original_datei!, Buffer.from('nachträglich geändert'));
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    const error = await fehler(a.dokument.render(id));

    expect(error.code).toBe('ORIGINAL_VERAENDERT');
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'Das archivierte Original der Rechnung RE-2026-001 wurde nach der Ausstellung verändert (die Prüfsumme stimmt nicht); es wird nicht ausgegeben. Bitte wenden Sie sich an die Administration.',
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`Rechnung ${id} (RE-2026-001`));
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`statt ${a.zeile(id).original_sha256}`));
    expect(a.pdf.gerendert).toBe(1);
    log.mockRestore();
  });

  it('refuses a recorded original missing from the archive instead of rendering it anew', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    await a.dokument.render(id);
    a.archiv.dateien.clear();
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    const error = await fehler(a.dokument.render(id));

    expect(error.code).toBe('ORIGINAL_VERAENDERT');
    expect(error.message).toBe(
      'Das archivierte Original der Rechnung RE-2026-001 fehlt im Archiv; es wird nicht neu erzeugt. Bitte wenden Sie sich an die Administration.',
    );
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Datei fehlt'));
    expect(a.pdf.gerendert).toBe(1);
    log.mockRestore();
  });

  it('refuses a hash recorded without its file name as a missing original', async () => {
    const a = aufbau();
    const id = await a.rechnung({ original_sha256: 'a'.repeat(64) });
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    const error = await fehler(a.dokument.render(id));

    expect(error.message).toContain('fehlt im Archiv');
    expect(a.pdf.gerendert).toBe(0);
    log.mockRestore();
  });

  it('serves the original another request archived first', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    const zuvor = Buffer.from('das Original der anderen Anfrage');
    const ablegen = a.archiv.ablegen.bind(a.archiv);
    a.archiv.ablegen = async (hash, pdf) => {
      // The other download records its original while this one renders.
      a.archiv.dateien.set('zuvor.pdf', zuvor);
      Object.assign(a.zeile(id), { original_datei: 'zuvor.pdf', original_sha256: sha256(zuvor) });
      return ablegen(hash, pdf);
    };

    const { pdf } = await a.dokument.render(id);

    expect(Buffer.from(pdf).equals(zuvor)).toBe(true);
    expect(a.zeile(id).original_datei).toBe('zuvor.pdf');
    expect(a.speicher.tabellen.audit).toEqual([]);
  });

  it('answers 404 for an unknown invoice', async () => {
    const error = await fehler(aufbau().dokument.render(999));
    expect(error.kind).toBe('not_found');
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Rechnung 999 wurde nicht gefunden.');
  });

  it('names the file after the invoice number, without characters file systems refuse', async () => {
    const a = aufbau();
    const id = await a.rechnung({ rechnungs_nr: 'RE//2026:01*' });
    expect((await a.dokument.render(id)).name).toBe('RE-2026-01-.pdf');
  });
});

describe('RechnungsDokument: archiving issued invoices', () => {
  it('renders each invoice without original once, reporting progress, and skips archived ones', async () => {
    const a = aufbau();
    const schon = await a.rechnung();
    await a.dokument.render(schon);
    const neu = await a.rechnung({ rechnungs_nr: 'RE-2026-002' });
    const gemeldet: unknown[] = [];

    const fehlerliste = await a.dokument.archivieren([schon, neu], async (...schritt) => {
      gemeldet.push(schritt);
    });

    expect(fehlerliste).toEqual([]);
    expect(a.pdf.gerendert).toBe(2);
    expect(a.zeile(neu).original_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(gemeldet).toEqual([
      [1, 2, 'Rechnungs-PDFs werden archiviert'],
      [2, 2, 'Rechnungs-PDFs werden archiviert'],
    ]);
  });

  it('leaves an invoice it cannot render without original and says why', async () => {
    const a = aufbau();
    a.vorlagen.dateien.delete('seminar.hbs');
    const id = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE });

    const fehlerliste = await a.dokument.archivieren([id]);

    expect(fehlerliste).toEqual([
      'Das PDF der Rechnung RE-2026-001 wurde nicht archiviert: Die Vorlage „Seminarrechnung“ kann nicht gefüllt werden: Feld „Datei“ – die Datei „seminar.hbs“ gibt es nicht.',
    ]);
    expect(a.zeile(id).original_sha256).toBeNull();
    expect(a.archiv.dateien.size).toBe(0);
  });

  it('lets other faults through', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    a.pdf.render = () => Promise.reject(new Error('Platte voll'));
    await expect(a.dokument.archivieren([id])).rejects.toThrow('Platte voll');
  });
});

describe('RechnungsDokument: the template that renders an invoice', () => {
  it("uses the invoice's template file and its opening and closing text blocks as plain text", async () => {
    const a = aufbau();
    const id = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE });

    const pdf = gerendert((await a.dokument.render(id)).pdf);

    expect(pdf.datei).toBe('seminar.hbs');
    expect(pdf.data.texte).toEqual({
      einleitung: 'Vielen Dank für Ihre Teilnahme & Ihr Vertrauen.',
      schluss: 'Mit freundlichen Grüßen\nIhre Akademie',
    });
    expect(pdf.data).toMatchObject({ titel: 'Rechnung', nr: 'RE-2026-001' });
  });

  it('uses the shipped default without a template, with no text blocks', async () => {
    const a = aufbau();
    const id = await a.rechnung();

    const pdf = gerendert((await a.dokument.render(id)).pdf);

    expect(pdf.datei).toBe(STANDARD_RECHNUNGSVORLAGE);
    expect(pdf.data.texte).toEqual({ einleitung: null, schluss: null });
    expect(a.vorlagen.angefragt).toEqual([
      { area: 'rw-vorlage', file: STANDARD_RECHNUNGSVORLAGE, title: 'Rechnung', field: 'Datei' },
    ]);
  });

  it('uses the default file for a template without a file, and no text for an empty block', async () => {
    const a = aufbau();
    Object.assign(a.speicher.tabellen.vorlagen[0], { datei: null, einleitung: '<p> </p>' });
    const id = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE });

    const pdf = gerendert((await a.dokument.render(id)).pdf);

    expect(pdf.datei).toBe(STANDARD_RECHNUNGSVORLAGE);
    expect(pdf.data.texte.einleitung).toBeNull();
  });

  it("renders a storno with the template's storno file", async () => {
    const a = aufbau();
    const original = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE });
    const storno = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE, storno_parent_id: original });

    const pdf = gerendert((await a.dokument.render(storno)).pdf);

    expect(pdf.datei).toBe('seminar-storno.hbs');
    expect(pdf.data.titel).toBe('Stornorechnung');
  });

  it('renders a storno with the invoice file when the template has no storno file', async () => {
    const a = aufbau();
    a.speicher.tabellen.vorlagen[0].storno_datei = null;
    const storno = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE, storno_parent_id: 1 });

    expect(gerendert((await a.dokument.render(storno)).pdf).datei).toBe('seminar.hbs');
  });

  it('names the storno file field when the storno file is missing', async () => {
    const a = aufbau();
    a.vorlagen.dateien.delete('seminar-storno.hbs');
    const storno = await a.rechnung({ rw_vorlage_id: SEMINARVORLAGE, storno_parent_id: 1 });

    const error = await fehler(a.dokument.render(storno));

    expect(error.message).toBe(
      'Die Vorlage „Seminarrechnung“ kann nicht gefüllt werden: Feld „Storno-Datei“ – die Datei „seminar-storno.hbs“ gibt es nicht.',
    );
  });
});

describe('RechnungsDokument: the invoice by e-mail', () => {
  it('attaches the archived original to the member', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    const { pdf } = await a.dokument.render(id);

    expect(await a.dokument.email(id)).toEqual({ message: EMAIL_VERSENDET });

    expect(a.pdf.gerendert).toBe(1);
    const [mail] = a.mailer.gesendet;
    expect(mail).toMatchObject({ to: 'anna@example.de', subject: 'Ihre Rechnung RE-2026-001' });
    expect(mail.text).toContain('anbei erhalten Sie unsere Rechnung RE-2026-001 als PDF.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({
      filename: 'RE-2026-001.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(mail.attachments![0].content).equals(Buffer.from(pdf))).toBe(true);
  });

  it('archives an invoice without original before sending it, and calls a storno so', async () => {
    const a = aufbau();
    const id = await a.rechnung({ rechnungs_nr: 'RE-2026-009', storno_parent_id: 1 });

    await a.dokument.email(id);

    expect(a.mailer.gesendet[0].subject).toBe('Ihre Stornorechnung RE-2026-009');
    const archiviert = a.archiv.dateien.get(a.zeile(id).original_datei!)!;
    expect(Buffer.from(a.mailer.gesendet[0].attachments![0].content).equals(Buffer.from(archiviert))).toBe(
      true,
    );
  });

  it("records the invoice as mailed, so the summary's batch does not mail it again; a second mail by hand keeps the first date", async () => {
    const a = aufbau();
    const id = await a.rechnung();

    await a.dokument.email(id);
    expect(a.zeile(id).email_versendet_am).toEqual(new Date('2026-03-12T08:00:00Z'));

    a.uhr.zeit = new Date('2026-03-20T08:00:00Z');
    await a.dokument.email(id);

    expect(a.mailer.gesendet).toHaveLength(2);
    expect(a.zeile(id).email_versendet_am).toEqual(new Date('2026-03-12T08:00:00Z'));
  });

  it('leaves the invoice unmailed when the mail could not be sent, and a claim made before (by the batch) in place', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    const vorher = await a.rechnung({ rechnungs_nr: 'RE-2026-002' });
    await a.speicher.transaktion((tx) =>
      tx.rechnungEmailBeanspruchen(vorher, new Date('2026-03-01T08:00:00Z')),
    );
    a.mailer.fehler = new MailDeliveryError('Postfach voll', true);

    await fehler(a.dokument.email(id));
    await fehler(a.dokument.email(vorher));

    expect(a.zeile(id).email_versendet_am).toBeNull();
    expect(a.zeile(vorher).email_versendet_am).toEqual(new Date('2026-03-01T08:00:00Z'));
  });

  it('refuses a member without primary e-mail', async () => {
    const a = aufbau();
    a.speicher.tabellen.objekte.clear();
    const id = await a.rechnung();

    const error = await fehler(a.dokument.email(id));

    expect(error.code).toBe('KEINE_EMAIL');
    expect(error.message).toBe(
      'Das Mitglied der Rechnung hat keine primäre Email-Adresse; die Rechnung wurde nicht versendet.',
    );
    expect(a.mailer.gesendet).toEqual([]);
    expect(a.zeile(id).email_versendet_am ?? null).toBeNull();
  });

  it('says in German when the mail cannot be delivered', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    a.mailer.fehler = new MailDeliveryError('Postfach voll', true);

    const error = await fehler(a.dokument.email(id));

    expect(error.code).toBe('EMAIL_FEHLER');
    expect(error.message).toBe('Die Email konnte nicht versendet werden: Postfach voll');
  });

  it('lets other mail faults through', async () => {
    const a = aufbau();
    const id = await a.rechnung();
    const kaputt = new Error('kaputt');
    a.mailer.fehler = kaputt;
    await expect(a.dokument.email(id)).rejects.toBe(kaputt);
  });
});

describe('RechnungsDokument: e-invoices (issue 29)', () => {
  const anDieFirma = {
    datum: '2026-03-10T09:00:00.000Z',
    positionen: [{ vorgang_id: 1, titel: 'Seminar', teilnehmer: null, betrag: 119, mwst: 19 }],
    steuern: [{ satz: 19, brutto: 119, netto: 100, mwst: 19 }],
    empfaenger: { name: 'Anna Schmidt', firma: 'Schmidt GmbH', leitweg_id: '991-33333-57', adresse: null },
    e_rechnung: true,
  };

  it('archives the invoice to a business with its e-invoice embedded, built from the stored invoice', async () => {
    const a = aufbau();
    const id = await a.rechnung({ data: anDieFirma });

    const { pdf } = await a.dokument.render(id);

    const e = eingebettet(pdf);
    expect(e).toMatchObject({ art: '380', nr: 'RE-2026-001', kaeufer: { name: 'Schmidt GmbH' } });
    expect(e!.positionen).toEqual([{ nr: 1, titel: 'Seminar', netto: 10000, kategorie: 'S', satz: 19 }]);
    expect(Buffer.from(a.archiv.dateien.get(a.zeile(id).original_datei!)!).equals(Buffer.from(pdf))).toBe(
      true,
    );
  });

  it('archives an invoice to a private person as plain PDF', async () => {
    const a = aufbau();
    const id = await a.rechnung({ data: { ...anDieFirma, e_rechnung: false } });

    expect(eingebettet((await a.dokument.render(id)).pdf)).toBeNull();
  });

  it('answers the XML alone with the Leitweg-ID, named after the invoice', async () => {
    const a = aufbau();
    a.verbandsdaten.daten = {
      ...leereVerbandsdaten({
        name: 'Verband',
        iban: 'DE89370400440532013000',
        bic: null,
        id: 'DE98ZZZ09999999999',
      }),
      kontakt_name: 'Birgit Buchhaltung',
      kontakt_telefon: '+49 211 669070',
      kontakt_email: 'rechnungen@verband.example',
    };
    const id = await a.rechnung({ rechnungs_nr: 'RE/2026/001', data: anDieFirma });

    const { name, xml } = await a.dokument.xrechnung(id);

    expect(name).toBe('RE-2026-001.xml');
    expect(JSON.parse(xml)).toMatchObject({
      nr: 'RE/2026/001',
      leitweg_id: '991-33333-57',
      verkaeufer: { kontakt: { name: 'Birgit Buchhaltung' } },
    });
  });

  it('refuses the XRechnung while the association names no contact for invoices (BR-DE-2)', async () => {
    const a = aufbau();
    const id = await a.rechnung({ rechnungs_nr: 'RE/2026/002', data: anDieFirma });
    await expect(a.dokument.xrechnung(id)).rejects.toMatchObject({
      code: 'XRECHNUNG_UNVOLLSTAENDIG',
      message: expect.stringContaining(
        'fehlt beim Ansprechpartner für Rechnungen: Ansprechpartner, Telefon, E-Mail.',
      ),
    });
  });
});
