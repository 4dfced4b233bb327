import iconv from 'iconv-lite';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor } from '../../platform/audit/audit-trail';
import { DatevEinstellungenDienst, DATEV_NUR_ADMINISTRATOREN } from './datev-einstellungen';
import { DatevExport, type DatevDatei, type DatevDownload } from './datev-export';
import {
  DatevQuellen,
  type DatevBereich,
  type DatevExportVermerk,
  type DatevRechnungsquelle,
  type DatevZahlungsquelle,
} from './ports/datev-quellen';
import { EinstellungenSpeicher } from './ports/einstellungen-speicher';
import { Uhr } from './ports/uhr';
import { monatsZeitraum } from '../domain/datev-buchungen';

/** The download's files, made as a ZIP writer would take them. */
async function dateienVon(download: DatevDownload): Promise<DatevDatei[]> {
  if ('datei' in download) return [download.datei];
  const dateien: DatevDatei[] = [];
  for await (const datei of download.dateien) dateien.push(datei);
  return dateien;
}

class EinstellungenImSpeicher extends EinstellungenSpeicher {
  werte = new Map<string, object>();
  async lesen<T extends object>(schluessel: string) {
    return (this.werte.get(schluessel) as T | undefined) ?? null;
  }
  async speichern<T extends object>(schluessel: string, wert: T) {
    this.werte.set(schluessel, wert);
  }
}

class QuellenImSpeicher extends DatevQuellen {
  rechnungsliste: (DatevRechnungsquelle & { rw_abrechnung_id: number })[] = [];
  zahlungsliste: DatevZahlungsquelle[] = [];
  vermerkt: DatevExportVermerk[] = [];
  async rechnungen(bereich: DatevBereich) {
    return this.rechnungsliste.filter((r) =>
      'monat' in bereich ? true : r.rw_abrechnung_id === bereich.abrechnungId,
    );
  }
  async zahlungen(bereich: DatevBereich) {
    return 'monat' in bereich ? this.zahlungsliste.filter((z) => z.datum.startsWith(bereich.monat)) : [];
  }
  async abrechnungVorhanden(id: number) {
    return this.rechnungsliste.some((r) => r.rw_abrechnung_id === id);
  }
  async rechnungenJeMonat(monate: string[]) {
    return new Map(
      monate.map((monat) => {
        const { ab, vor } = monatsZeitraum(monat);
        return [monat, this.rechnungsliste.filter((r) => r.createdAt >= ab && r.createdAt < vor).length];
      }),
    );
  }
  async exporte(bereich: { monate: string[] } | { abrechnungId: number }) {
    return this.vermerkt.filter((v) =>
      'monate' in bereich
        ? v.monat != null && bereich.monate.includes(v.monat)
        : v.rw_abrechnung_id === bereich.abrechnungId,
    );
  }
  async vermerken(vermerke: Omit<DatevExportVermerk, 'createdAt'>[]) {
    this.vermerkt.push(...vermerke.map((v) => ({ ...v, createdAt: new Date('2026-03-20T10:00:00Z') })));
  }
}

const ADMIN: Actor = { id: 1, name: 'Admin' };
const MIA: Actor = { id: 2, name: 'Mia' };

function aufbau() {
  const speicher = new EinstellungenImSpeicher();
  const quellen = new QuellenImSpeicher();
  const mitglieder = {
    istAdministrator: async (id: number) => id === ADMIN.id,
    debitorNummern: async (ids: number[]) => new Map(ids.filter((id) => id === 7).map((id) => [id, 10007])),
  } as unknown as MitgliederAuskunft;
  const einstellungen = new DatevEinstellungenDienst(speicher, mitglieder);
  const uhr = { jetzt: () => new Date('2026-03-20T10:00:00Z') } as Uhr;
  return { quellen, einstellungen, datev: new DatevExport(quellen, einstellungen, mitglieder, uhr) };
}

const rechnung = (nr: string, tag: string, benutzer_id: number, brutto: number) => ({
  rechnungs_nr: nr,
  category: 'seminare',
  betrag: brutto,
  netto: null,
  mwst: null,
  createdAt: new Date(`${tag}T09:00:00Z`),
  data: { steuern: [{ satz: 19, brutto }], empfaenger: { name: `Mitglied ${benutzer_id}` } },
  benutzer_id,
  rw_abrechnung_id: 5,
});

async function eingerichtet() {
  const a = aufbau();
  const werte = { ...(await a.einstellungen.aktuell()), beraternummer: 29098, mandantennummer: 55003 };
  await a.einstellungen.speichere(werte, ADMIN);
  return a;
}

describe('DATEV settings and export (issue 29)', () => {
  it('are changed by administrators only and checked', async () => {
    const { einstellungen } = aufbau();
    const werte = { ...(await einstellungen.aktuell()), beraternummer: 29098, mandantennummer: 55003 };
    await expect(einstellungen.speichere(werte, MIA)).rejects.toMatchObject({
      message: DATEV_NUR_ADMINISTRATOREN,
    });
    await expect(einstellungen.speichere({ ...werte, mandantennummer: 0 }, ADMIN)).rejects.toMatchObject({
      kind: 'invalid',
    });
    await einstellungen.speichere(werte, ADMIN);
    expect((await einstellungen.ansicht(MIA)).bearbeitbar).toBe(false);
    expect((await einstellungen.aktuell()).beraternummer).toBe(29098);
  });

  it('refuses to export before the numbers are set', async () => {
    const { datev, quellen } = aufbau();
    quellen.rechnungsliste.push(rechnung('R1', '2026-03-05', 7, 119));
    await expect(datev.zeitraum('2026-03', '2026-03', false, ADMIN)).rejects.toMatchObject({
      code: 'DATEV_EINSTELLUNGEN_FEHLEN',
    });
    // Several months too: refused before the ZIP starts, not when its first month is made.
    await expect(datev.zeitraum('2026-01', '2026-03', false, ADMIN)).rejects.toMatchObject({
      code: 'DATEV_EINSTELLUNGEN_FEHLEN',
    });
    expect(quellen.vermerkt).toEqual([]);
  });

  it('writes a month with the invoices dated in it, the debtor numbers and, when wanted, the payments', async () => {
    const { datev, quellen } = await eingerichtet();
    quellen.rechnungsliste.push(rechnung('R1', '2026-03-05', 7, 119), rechnung('R2', '2026-02-28', 8, 238));
    quellen.zahlungsliste.push({
      rechnungs_nr: 'R1',
      datum: '2026-03-10',
      betrag: 11900,
      art: 'eingang',
      benutzer_id: 7,
      name: 'M7',
    });
    const download = await datev.zeitraum('2026-03', '2026-03', true, ADMIN);
    expect(download.name).toBe('EXTF_Buchungsstapel_2026-03.csv');
    const [datei] = await dateienVon(download);
    const zeilen = iconv.decode(datei.inhalt, 'win1252').split('\r\n');
    expect(zeilen[0]).toContain(';29098;55003;20260101;4;20260301;20260331;"Rechnungen 2026-03";');
    expect(zeilen.slice(2, 4).map((z) => z.split(';').slice(0, 11).join(';'))).toEqual([
      '119,00;"S";"EUR";;;"";10007;8400;"";0503;"R1"',
      '119,00;"S";"EUR";;;"";1200;10007;"";1003;"R1"',
    ]);
    expect(download.bereits).toEqual([]);
    expect((await datev.zeitraum('2026-03', '2026-03', false, ADMIN)).bereits).toHaveLength(1);
  });

  it('gives several months as several files and marks the months exported', async () => {
    const { datev, quellen } = await eingerichtet();
    quellen.rechnungsliste.push(rechnung('R1', '2026-03-05', 7, 119));
    const download = await datev.zeitraum('2026-02', '2026-03', false, ADMIN);
    expect(download.name).toBe('DATEV_Buchungsstapel_2026-02_2026-03.zip');
    expect((await dateienVon(download)).map((d) => d.name)).toEqual([
      'EXTF_Buchungsstapel_2026-02.csv',
      'EXTF_Buchungsstapel_2026-03.csv',
    ]);
    const monate = await datev.monate(2026);
    expect(monate.filter((m) => m.exporte.length).map((m) => m.monat)).toEqual(['2026-02', '2026-03']);
    expect(monate.find((m) => m.monat === '2026-03')?.rechnungen).toBe(1);
  });

  it('makes a ZIP’s months one at a time as it is written, and notes the export after the last', async () => {
    const { datev, quellen } = await eingerichtet();
    quellen.rechnungsliste.push(rechnung('R1', '2026-03-05', 7, 119));
    const gelesen = jest.spyOn(quellen, 'rechnungen');
    const download = await datev.zeitraum('2026-01', '2026-03', false, ADMIN);
    if ('datei' in download) throw new Error('drei Monate sind ein ZIP');
    expect(gelesen).not.toHaveBeenCalled();
    const monate = download.dateien[Symbol.asyncIterator]();
    expect((await monate.next()).value?.name).toBe('EXTF_Buchungsstapel_2026-01.csv');
    expect(gelesen.mock.calls).toEqual([[{ monat: '2026-01' }]]);
    await monate.next();
    await monate.next();
    expect(quellen.vermerkt).toEqual([]);
    expect((await monate.next()).done).toBe(true);
    expect(quellen.vermerkt.map((v) => [v.monat, v.buchungen])).toEqual([
      ['2026-01', 0],
      ['2026-02', 0],
      ['2026-03', 1],
    ]);
  });

  it('writes a summary from its first to its last Belegdatum, the collective debtor for a member without number', async () => {
    const { datev, quellen } = await eingerichtet();
    quellen.rechnungsliste.push(rechnung('R1', '2026-03-05', 8, 119), rechnung('R2', '2026-03-07', 8, 119));
    const download = await datev.abrechnung(5, false, ADMIN);
    const [datei] = await dateienVon(download);
    const zeilen = iconv.decode(datei.inhalt, 'win1252').split('\r\n');
    expect(zeilen[0]).toContain(';20260305;20260307;"Abrechnung 5";');
    expect(zeilen[2].split(';')[6]).toBe('10000');
    await expect(datev.abrechnung(99, false, ADMIN)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
