import { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import { DomainError } from '../../shared/domain-error';
import type { KategorieObjekt } from '../domain/kategorie';
import { target2Geschaeftstag } from '../domain/sepa';
import { Abrechnungen } from './abrechnungen';
import { Nummernvergabe } from './nummernvergabe';
import type { Rechnung, Zahlungsweg } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory, neueRechnung, neueZahlung } from './ports/abrechnungsspeicher.testing';
import { ZahlungsspeicherInMemory } from './ports/zahlungsspeicher.testing';
import { Uhr } from './ports/uhr';
import type { RechnungsDokument } from './rechnungs-dokument';
import { VerbandsdatenInMemory } from './rechnungs-dokument.testing';
import { Rechnungslauf } from './rechnungslauf';
import { Verbandsangaben } from './verbandsdaten';

const SEMINAR: KategorieObjekt = { category: 'seminare', feld: 'veranstaltung_id', id: 7 };
const ANNA = 10;
const BERT = 11;
const CARL = 12;
const ACTOR = { id: 1, name: 'Sachbearbeiterin' };
const GLAEUBIGER = {
  id: 'DE98ZZZ09999999999',
  name: 'Steuerberaterverband e. V.',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
};
const ADRESSE = { bezeichnung: null, strasse: 'Königsallee 1', plz: '40212', ort: 'Düsseldorf' };
const konto = (werte: Partial<NonNullable<Zahlungsweg['konto']>>): NonNullable<Zahlungsweg['konto']> => ({
  inhaber: 'Anna Muster',
  iban: 'DE89370400440532013000',
  bic: null,
  bank: null,
  sepa_referenz: 'MANDAT-1',
  sepa_datum: '2025-01-15',
  ...werte,
});

class StellbareUhr extends Uhr {
  zeit = new Date('2026-03-10T09:00:00Z');
  jetzt() {
    return this.zeit;
  }
}

/** `konfiguration`: the namespaces `sepa` and `sepaFormat` as src/config/env.ts reads them. */
function aufbau(
  konfiguration: Record<string, unknown> = {
    sepa: { creditor: GLAEUBIGER },
    sepaFormat: { version: '2019' },
  },
) {
  const speicher = new AbrechnungsspeicherInMemory();
  const t = speicher.tabellen;
  t.kreise.set(1, { template: 'RE-{YYYY}-{NR:3}', current_nr: 0, offset_nr: 0 });
  t.vorlagen.push({ id: 1, titel: 'Seminare', rw_kreis_id: 1, datei: null, storno_datei: null });
  const weg = (id: number, benutzer_id: number, typ: 'debit' | 'transfer', k: Zahlungsweg['konto']) =>
    t.zahlungswege.push({
      id,
      benutzer_id,
      typ,
      adresse: ADRESSE,
      konto: k,
      objekt: SEMINAR,
      skript_per_post: false,
    });
  weg(1, ANNA, 'debit', konto({ bic: 'COBADEFFXXX' }));
  // Bert's mandate is missing, Carl pays by transfer.
  weg(2, BERT, 'debit', konto({ inhaber: 'Bert Bach', sepa_referenz: null }));
  weg(3, CARL, 'transfer', null);
  t.naechsteId = 100;
  const uhr = new StellbareUhr();
  const gemailt: number[] = [];
  const ohneEmail = new Set<number>();
  const smtpGestoert = new Set<number>();
  const dokument = {
    archivieren: async () => [],
    email: async (id: number) => {
      if (ohneEmail.has(id)) throw DomainError.conflict('KEINE_EMAIL', 'keine primäre Email-Adresse');
      if (smtpGestoert.has(id)) throw new Error('SMTP gestört');
      gemailt.push(id);
    },
  } as unknown as RechnungsDokument;
  const lauf = new Rechnungslauf(
    speicher,
    new Nummernvergabe(),
    new Ereignisbus(),
    uhr,
    dokument,
    new ZahlungsspeicherInMemory(),
  );
  const config = new ConfigService(konfiguration);
  // Nothing saved as Verbandsdaten: the configured SEPA creditor stands in.
  const verband = new Verbandsangaben(new VerbandsdatenInMemory(), {} as MitgliederAuskunft, config);
  const abrechnungen = new Abrechnungen(speicher, lauf, dokument, uhr, verband, config);
  return {
    speicher,
    // Each unit of work puts a new copy of the tables in place.
    get t() {
      return speicher.tabellen;
    },
    uhr,
    abrechnungen,
    gemailt,
    ohneEmail,
    smtpGestoert,
  };
}

type Aufbau = ReturnType<typeof aufbau>;

async function buche({ speicher }: Aufbau, benutzer_id: number, betrag: number, name: string) {
  const id = await speicher.transaktion(async (tx) => {
    const neu = await tx.vorgangEinfuegen({
      category: 'seminare',
      veranstaltung_id: SEMINAR.id,
      benutzer_id,
      titel: 'Steuerrecht aktuell',
      betrag,
      verifiziert: true,
    });
    await tx.vorgaengeAendern([neu], { first_id: neu });
    return neu;
  });
  speicher.tabellen.objektdaten.set(id, {
    benutzer_name: name,
    quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 19, rw_vorlage_id: 1 } },
  });
  return id;
}

const anfrage = { objekt: SEMINAR, nurVerifizierte: true };

async function exportiert(a: Aufbau) {
  await buche(a, ANNA, 119, 'Anna Muster');
  await buche(a, BERT, 238, 'Bert Bach');
  await buche(a, CARL, 59.5, 'Carl Christ');
  return a.abrechnungen.erstelle(anfrage, ACTOR);
}

const fehler = async (arbeit: Promise<unknown>) => {
  try {
    await arbeit;
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('keine Ablehnung');
};

const text = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);

describe('Abrechnungen: the export request', () => {
  it('takes category and object, verified only unless said otherwise', () => {
    const { abrechnungen } = aufbau();
    expect(abrechnungen.exportAnfrage({ category: 'seminare', category_id: 7 })).toEqual(anfrage);
    expect(
      abrechnungen.exportAnfrage({ category: 'seminare', category_id: 7, only_verified: false })
        .nurVerifizierte,
    ).toBe(false);
  });

  it('refuses the fields of a summary: summaries come from an export', () => {
    const { abrechnungen } = aufbau();
    let e: unknown;
    try {
      abrechnungen.exportAnfrage({ category: 'seminare', veranstaltung_id: 7, data: {} });
    } catch (x) {
      e = x;
    }
    expect(e).toMatchObject({
      code: 'OPERATION_REFUSED',
      message:
        'Abrechnungen entstehen beim Export und können nicht über die allgemeine Bearbeitung angelegt werden.',
    });
  });
});

/** Carl paid his transfer invoice: only what was received is refunded (issue 28). */
function bezahlt(a: ReturnType<typeof aufbau>, rechnungId: number, cents: number) {
  a.t.zahlungen.push(
    neueZahlung({
      id: 900 + a.t.zahlungen.length,
      rw_rechnung_id: rechnungId,
      datum: '2026-03-12',
      betrag: cents,
    }),
  );
}

describe('Abrechnungen: creating a summary', () => {
  it('runs the invoice run and gathers its invoices with their sums, audit and log', async () => {
    const a = aufbau();
    const ergebnis = await exportiert(a);
    expect(ergebnis).toEqual({
      all: 3,
      created: 3,
      storno: 0,
      fehler: [],
      id: expect.any(Number),
      betrag: 416.5,
    });
    const [abrechnung] = a.t.abrechnungen;
    expect(abrechnung).toMatchObject({
      id: ergebnis.id,
      category: 'seminare',
      veranstaltung_id: 7,
      data: {
        betrag: 416.5,
        all: 3,
        created: 3,
        storno: 0,
        sepa_debit: { anzahl: 2, betrag: 357 },
        sepa_transfer: null,
        rechnungenEmail: 0,
      },
    });
    expect(a.t.rechnungen.map((r) => r.rw_abrechnung_id)).toEqual([ergebnis.id, ergebnis.id, ergebnis.id]);
    expect(a.t.abrechnungsLog).toEqual([
      { rw_abrechnung_id: ergebnis.id, type: 'create', admin_name: 'Sachbearbeiterin' },
    ]);
    const eintraege = a.t.audit.filter((e) => e.resource === 'rw-abrechnung' || e.action === 'update');
    expect(eintraege.map((e) => [e.resource, e.action])).toEqual([
      ['rw-abrechnung', 'create'],
      ['rw-rechnung', 'update'],
      ['rw-rechnung', 'update'],
      ['rw-rechnung', 'update'],
    ]);
    expect(eintraege[1].changes).toEqual({ rw_abrechnung_id: { before: null, after: ergebnis.id } });
  });

  it('reports its progress per invoice', async () => {
    const a = aufbau();
    await buche(a, ANNA, 119, 'Anna Muster');
    const meldungen: string[] = [];
    await a.abrechnungen.erstelle(anfrage, ACTOR, async (fertig, gesamt, text) => {
      meldungen.push(`${fertig}/${gesamt} ${text}`);
    });
    expect(meldungen).toContain('0/0 Die Abrechnung wird zusammengestellt');
    expect(meldungen).toContain('1/1 Rechnungen werden der Abrechnung zugeordnet');
  });

  it('writes nothing when nothing is left to export, naming the run’s reasons', async () => {
    const a = aufbau();
    await exportiert(a);
    // Dora has no payment option: the run issues nothing and says why.
    await buche(a, 13, 50, 'Dora Dietz');
    const vorher = structuredClone(a.t);
    const e = await fehler(a.abrechnungen.erstelle(anfrage, ACTOR));
    expect(e.code).toBe('NICHTS_ZU_EXPORTIEREN');
    expect(e.message).toMatch(
      /^Es gibt keine Rechnungen, die noch in keiner Abrechnung enthalten sind\. \S.*Dora Dietz/,
    );
    expect(a.t).toEqual(vorher);
  });

  it('refunds the storno of an invoice of an earlier summary', async () => {
    const a = aufbau();
    const erste = await exportiert(a);
    const carl = a.t.vorgaenge.find((v) => v.benutzer_id === CARL)!;
    bezahlt(a, carl.rw_rechnung_id!, 5950);
    await a.speicher.transaktion((tx) => tx.vorgaengeAendern([carl.id], { storno: true }));
    const zweite = await a.abrechnungen.erstelle(anfrage, ACTOR);
    expect(zweite).toMatchObject({ all: 1, created: 0, storno: 1, betrag: -59.5 });
    const data = a.t.abrechnungen.find((x) => x.id === zweite.id)!.data;
    expect(data).toMatchObject({ sepa_debit: null, sepa_transfer: { anzahl: 1, betrag: 59.5 } });
    expect(zweite.id).not.toBe(erste.id);
  });
});

describe('Abrechnungen: the SEPA files', () => {
  it('debits as pain.008.001.08 with stable ids, leaving out and naming the member without mandate', async () => {
    const a = aufbau();
    const { id } = await exportiert(a);
    const erste = await a.abrechnungen.sepa(id, 'sepaDebit', ACTOR);
    expect(erste.name).toBe(`SEPA-Lastschrift-Abrechnung-${id}.xml`);
    expect(erste.xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"');
    const [bert] = a.t.rechnungen.filter((r) => r.benutzer_id === BERT);
    expect(erste.ausgelassen).toEqual([
      { name: 'Bert Bach', rechnung: bert.rechnungs_nr, gruende: ['kein SEPA-Lastschriftmandat mit Datum'] },
    ]);
    const [anna] = a.t.rechnungen.filter((r) => r.benutzer_id === ANNA);
    expect(text(erste.xml, 'EndToEndId')).toEqual([anna.rechnungs_nr]);
    expect(text(erste.xml, 'CtrlSum')).toEqual(['119.00', '119.00']);
    expect(text(erste.xml, 'Nm')).toEqual([
      'Steuerberaterverband e. V.',
      'Steuerberaterverband e. V.',
      'Anna Muster',
    ]);
    expect(text(erste.xml, 'StrtNm')).toEqual(['Koenigsallee']);
    expect(text(erste.xml, 'BICFI')).toEqual(['BYLADEM1001', 'COBADEFFXXX']);
    expect(text(erste.xml, 'Ustrd')).toEqual([`Rechnung ${anna.rechnungs_nr}`]);

    // A day later: another creation time, the same ids.
    a.uhr.zeit = new Date('2026-03-11T09:00:00Z');
    const zweite = await a.abrechnungen.sepa(id, 'sepaDebit', null);
    for (const element of ['MsgId', 'PmtInfId', 'EndToEndId'])
      expect(text(zweite.xml, element)).toEqual(text(erste.xml, element));
    expect(text(zweite.xml, 'CreDtTm')).toEqual(['2026-03-11T09:00:00']);
    const [nachricht] = text(erste.xml, 'MsgId');
    expect(nachricht).toMatch(new RegExp(`^A${id}-\\d{14}-LS$`));
    expect(text(erste.xml, 'PmtInfId')).toEqual([`${nachricht}-1`]);
    expect(a.t.abrechnungsLog.map((l) => [l.type, l.admin_name])).toEqual([
      ['create', 'Sachbearbeiterin'],
      ['sepaDebit', 'Sachbearbeiterin'],
      ['sepaDebit', null],
    ]);
  });

  it('collects on a TARGET2 business day after the pre-notification period', async () => {
    const a = aufbau();
    // Issued Friday 20 March 2026: 14 days on is Good Friday, then Easter Monday.
    a.uhr.zeit = new Date('2026-03-20T09:00:00Z');
    const { id } = await exportiert(a);
    expect(text((await a.abrechnungen.sepa(id, 'sepaDebit', ACTOR)).xml, 'ReqdColltnDt')).toEqual([
      '2026-04-07',
    ]);
    // Downloaded late, the date is the first business day after the next one.
    a.uhr.zeit = new Date('2026-04-24T09:00:00Z');
    const [datum] = text((await a.abrechnungen.sepa(id, 'sepaDebit', ACTOR)).xml, 'ReqdColltnDt');
    expect(datum).toBe('2026-04-27');
    expect(target2Geschaeftstag(datum)).toBe(true);
  });

  it('refunds as pain.001.001.09 on the next business day, with ids of its own', async () => {
    const a = aufbau();
    const erste = await exportiert(a);
    const carl = a.t.vorgaenge.find((v) => v.benutzer_id === CARL)!;
    a.t.zahlungswege[2].konto = konto({ inhaber: 'Carl Christ', sepa_referenz: null, sepa_datum: null });
    bezahlt(a, carl.rw_rechnung_id!, 5950);
    await a.speicher.transaktion((tx) => tx.vorgaengeAendern([carl.id], { storno: true }));
    const { id } = await a.abrechnungen.erstelle(anfrage, ACTOR);
    // Carl's invoice was issued without an account: the refund has none either.
    const ohne = await fehler(a.abrechnungen.sepa(id, 'sepaTransfer', ACTOR));
    expect(ohne.code).toBe('SEPA_DATEN');
    expect(ohne.message).toMatch(
      /^Die SEPA-Überweisung kann nicht erstellt werden, keine Zahlung hat vollständige Daten: Carl Christ \(RE-2026-004\): keine gültige IBAN, kein Kontoinhaber\.$/,
    );
    const storno = a.t.rechnungen.find((r) => r.rw_abrechnung_id === id)!;
    storno.data = {
      ...storno.data,
      bezahlung: { typ: 'transfer', konto: konto({ inhaber: 'Carl Christ' }) },
    };
    a.uhr.zeit = new Date('2026-04-02T09:00:00Z');
    const datei = await a.abrechnungen.sepa(id, 'sepaTransfer', ACTOR);
    expect(datei.name).toBe(`SEPA-Ueberweisung-Abrechnung-${id}.xml`);
    expect(datei.xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect(datei.ausgelassen).toEqual([]);
    expect(datei.xml).toContain('<InstdAmt Ccy="EUR">59.50</InstdAmt>');
    expect(text(datei.xml, 'Ustrd')).toEqual([`Erstattung Stornorechnung ${storno.rechnungs_nr}`]);
    // Thursday 2 April: Good Friday and Easter Monday closed.
    expect(text(datei.xml, 'Dt')).toEqual(['2026-04-07']);
    expect(text(datei.xml, 'MsgId')).toEqual([expect.stringMatching(new RegExp(`^A${id}-\\d{14}-UE$`))]);
    expect(id).not.toBe(erste.id);
    const keineLastschrift = await fehler(a.abrechnungen.sepa(id, 'sepaDebit', ACTOR));
    expect(keineLastschrift.code).toBe('SEPA_LEER');
  });

  it('names an invoice issued without recipient or payment data by its member, and writes 2019 by default', async () => {
    const a = aufbau({ sepa: { creditor: GLAEUBIGER } });
    const { id } = await exportiert(a);
    const anna = a.t.rechnungen.find((r) => r.benutzer_id === ANNA)!;
    anna.data = {};
    const bert = a.t.rechnungen.find((r) => r.benutzer_id === BERT)!;
    bert.data = { ...bert.data, bezahlung: { typ: 'debit', konto: konto({ inhaber: 'Bert Bach' }) } };
    const { xml, ausgelassen } = await a.abrechnungen.sepa(id, 'sepaDebit', ACTOR);
    expect(xml).toContain('pain.008.001.08');
    expect(ausgelassen[0]).toEqual({
      name: `Mitglied ${ANNA}`,
      rechnung: anna.rechnungs_nr,
      gruende: ['keine gültige IBAN', 'kein Kontoinhaber', 'kein SEPA-Lastschriftmandat mit Datum'],
    });
  });

  it('writes the 2009 versions when SEPA_FORMAT says so', async () => {
    const a = aufbau({ sepa: { creditor: GLAEUBIGER }, sepaFormat: { version: '2009' } });
    const { id } = await exportiert(a);
    const { xml } = await a.abrechnungen.sepa(id, 'sepaDebit', ACTOR);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');
    expect(text(xml, 'BIC')).toEqual(['BYLADEM1001', 'COBADEFFXXX']);
  });

  it('refuses without a creditor, and an unknown summary, logging nothing', async () => {
    const ohne = aufbau({ sepaFormat: { version: '2019' } });
    const { id } = await exportiert(ohne);
    const e = await fehler(ohne.abrechnungen.sepa(id, 'sepaDebit', ACTOR));
    expect(e.code).toBe('SEPA_NICHT_EINGERICHTET');
    expect(e.message).toBe(
      'SEPA ist nicht eingerichtet: in den Verbandsdaten fehlen Name, IBAN oder Gläubiger-ID.',
    );
    const a = aufbau();
    const unbekannt = await fehler(a.abrechnungen.sepa(999, 'sepaDebit', ACTOR));
    expect([unbekannt.code, unbekannt.message]).toEqual([
      'NOT_FOUND',
      'Abrechnung 999 wurde nicht gefunden.',
    ]);
    expect([...ohne.t.abrechnungsLog, ...a.t.abrechnungsLog].map((l) => l.type)).toEqual(['create']);
  });
});

describe('Abrechnungen: the invoices by e-mail', () => {
  it('mails every invoice, counts them in the summary, audits and logs it', async () => {
    const a = aufbau();
    const { id } = await exportiert(a);
    const meldungen: string[] = [];
    const ergebnis = await a.abrechnungen.rechnungenEmail(id, ACTOR, async (fertig, gesamt, schritt) => {
      meldungen.push(`${fertig}/${gesamt} ${schritt}`);
    });
    expect(ergebnis).toEqual({ message: 'Email erfolgreich versendet', versendet: 3, bereits: 0 });
    expect(a.gemailt).toEqual(a.t.rechnungen.map((r) => r.id));
    expect(meldungen).toEqual([1, 2, 3].map((n) => `${n}/3 Rechnungen werden versendet`));
    const abrechnung = a.t.abrechnungen.find((x) => x.id === id)!;
    expect(abrechnung.data).toMatchObject({ rechnungenEmail: 3, all: 3 });
    expect(a.t.abrechnungsLog.map((l) => l.type)).toEqual(['create', 'rechnungenEmail']);
    const [eintrag] = a.t.audit.filter((e) => e.resource === 'rw-abrechnung' && e.action === 'update');
    expect(eintrag.changes).toEqual({
      data: { before: expect.objectContaining({ rechnungenEmail: 0 }), after: abrechnung.data },
    });
  });

  it('names the invoices that could not go after sending the others', async () => {
    const a = aufbau();
    const { id } = await exportiert(a);
    const [erste, zweite, dritte] = a.t.rechnungen;
    a.ohneEmail.add(zweite.id);
    const e = await fehler(a.abrechnungen.rechnungenEmail(id, ACTOR));
    expect(e.code).toBe('EMAIL_FEHLER');
    expect(e.message).toBe(
      `2 von 3 Rechnungen versendet; nicht versendet: ${zweite.rechnungs_nr}: keine primäre Email-Adresse`,
    );
    expect(a.gemailt).toEqual([erste.id, dritte.id]);
    expect(a.t.abrechnungen[0].data).toMatchObject({ rechnungenEmail: 2 });
  });

  it('changes nothing when none could go, and refuses an unknown summary', async () => {
    const a = aufbau();
    const { id } = await exportiert(a);
    for (const r of a.t.rechnungen) a.ohneEmail.add(r.id);
    expect((await fehler(a.abrechnungen.rechnungenEmail(id, ACTOR))).message).toBe(
      `0 von 3 Rechnungen versendet; nicht versendet: ${a.t.rechnungen
        .map((r) => `${r.rechnungs_nr}: keine primäre Email-Adresse`)
        .join(' ')}`,
    );
    expect(a.t.abrechnungen[0].data).toMatchObject({ rechnungenEmail: 0 });
    expect(a.t.abrechnungsLog.map((l) => l.type)).toEqual(['create']);
    await expect(a.abrechnungen.pruefeRechnungenEmail(id)).resolves.toBeUndefined();
    expect((await fehler(a.abrechnungen.pruefeRechnungenEmail(id + 1))).code).toBe('NOT_FOUND');
    expect((await fehler(a.abrechnungen.rechnungenEmail(id + 1, ACTOR))).code).toBe('NOT_FOUND');
  });

  it('stops at a fault that is no refusal, recording nothing', async () => {
    const a = aufbau();
    const { id } = await exportiert(a);
    a.smtpGestoert.add(a.t.rechnungen[1].id);
    await expect(a.abrechnungen.rechnungenEmail(id, ACTOR)).rejects.toThrow('SMTP gestört');
    expect(a.gemailt).toEqual([a.t.rechnungen[0].id]);
    expect(a.t.abrechnungen[0].data).toMatchObject({ rechnungenEmail: 0 });
  });
});

const JETZT = new Date('2026-03-10T09:00:00Z');

class FesteUhr extends Uhr {
  jetzt() {
    return JETZT;
  }
}

const gemailteRechnung = (id: number, rw_abrechnung_id: number): Rechnung =>
  neueRechnung({
    id,
    rechnungs_nr: `RE-${id}`,
    benutzer_id: id,
    rw_abrechnung_id,
    zahlstatus: undefined,
    createdAt: JETZT,
  });

/** A summary of `anzahl` invoices; the mailer records each mail, and refuses members in `ohneEmail`. */
function mailAufbau(anzahl: number) {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.abrechnungen.push({ id: 1, data: { all: anzahl, rechnungenEmail: 0 }, createdAt: JETZT });
  for (let i = 1; i <= anzahl; i++) speicher.tabellen.rechnungen.push(gemailteRechnung(10 + i, 1));
  const gesendet: number[] = [];
  const ohneEmail = new Set<number>();
  const dokument = {
    async email(id: number) {
      if (ohneEmail.has(id)) throw DomainError.conflict('KEINE_EMAIL', 'keine primäre Email-Adresse');
      gesendet.push(id);
      return { message: 'Email erfolgreich versendet' };
    },
  } as unknown as RechnungsDokument;
  const abrechnungen = new Abrechnungen(
    speicher,
    {} as Rechnungslauf,
    dokument,
    new FesteUhr(),
    {} as Verbandsangaben,
    {} as ConfigService,
  );
  return { speicher, abrechnungen, gesendet, ohneEmail };
}

describe('Abrechnungen.rechnungenEmail (against the in-memory Abrechnungsspeicher)', () => {
  it('mails each invoice once: a second click sends only the ones not yet sent, and says so', async () => {
    const a = mailAufbau(9);
    for (const id of [14, 15, 16]) a.ohneEmail.add(id);
    await expect(a.abrechnungen.rechnungenEmail(1, null)).rejects.toThrow(
      '6 von 9 Rechnungen versendet; nicht versendet: RE-14: keine primäre Email-Adresse',
    );
    expect(a.gesendet).toEqual([11, 12, 13, 17, 18, 19]);
    a.ohneEmail.clear();
    const zweiter = await a.abrechnungen.rechnungenEmail(1, null);
    expect(zweiter).toEqual({
      message: '3 Rechnungen versendet, 6 waren bereits versendet',
      versendet: 3,
      bereits: 6,
    });
    expect([...a.gesendet].sort()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(a.speicher.tabellen.abrechnungen[0].data).toMatchObject({ rechnungenEmail: 9 });
    expect(a.speicher.tabellen.rechnungen.map((r) => r.email_versendet_am)).toEqual(Array(9).fill(JETZT));
    const dritter = await a.abrechnungen.rechnungenEmail(1, null);
    expect(dritter.message).toBe('0 Rechnungen versendet, 9 waren bereits versendet');
    expect(a.gesendet).toHaveLength(9);
  });

  it('keeps the spec message on the first complete batch and logs it', async () => {
    const a = mailAufbau(2);
    expect(await a.abrechnungen.rechnungenEmail(1, { id: 1, name: 'Erika' })).toEqual({
      message: 'Email erfolgreich versendet',
      versendet: 2,
      bereits: 0,
    });
    expect(a.speicher.tabellen.abrechnungsLog).toEqual([
      { rw_abrechnung_id: 1, type: 'rechnungenEmail', admin_name: 'Erika' },
    ]);
  });

  it('skips an invoice another run claimed after the list was read', async () => {
    const a = mailAufbau(3);
    const lesen = a.speicher.lesen();
    const liste = await lesen.rechnungenDerAbrechnung(1);
    // The other run's claim lands between reading the list and claiming: the guarded claim decides.
    await lesen.rechnungEmailBeanspruchen(12, JETZT);
    jest.spyOn(lesen, 'rechnungenDerAbrechnung').mockResolvedValue(liste);
    jest.spyOn(a.speicher, 'lesen').mockReturnValue(lesen);
    const ergebnis = await a.abrechnungen.rechnungenEmail(1, null);
    expect(a.gesendet).toEqual([11, 13]);
    expect(ergebnis).toMatchObject({ versendet: 2, bereits: 1 });
  });
});
