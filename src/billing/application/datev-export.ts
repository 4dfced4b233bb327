/**
 * The DATEV Buchungsstapel downloads (issue 29): per calendar month (one file each, a ZIP when
 * there are several) or per summary, the invoices' postings and, when wanted, the payments'.
 * Every download is noted; a month or summary exported before is downloaded again as asked, and
 * the answer says it was (the screen shows it, and marks the months).
 */
import { berlinDatum } from '../../../common/kalender';
import { Injectable } from '@nestjs/common';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import { buchungsstapel, type DatevBuchung } from '../../shared/datev/buchungsstapel';
import { debitorenKreditoren } from '../../shared/datev/debitoren-kreditoren';
import {
  alsDatevRechnung,
  monate,
  monatsgrenzen,
  rechnungsbuchungen,
  zahlungsbuchung,
} from '../domain/datev-buchungen';
import { datevMandant, type DatevEinstellungen } from '../domain/datev-einstellungen';
import { DatevEinstellungenDienst } from './datev-einstellungen';
import { DatevQuellen, type DatevBereich, type DatevExportVermerk } from './ports/datev-quellen';
import { Uhr } from './ports/uhr';
import { nurAdministratoren } from './verwaltungsrecht';

export const DEBITOREN_NUR_ADMINISTRATOREN =
  'Die Debitoren mit Anschrift und Bankverbindung dürfen nur Administratoren exportieren.';

export interface DatevDatei {
  name: string;
  inhalt: Buffer;
}

/**
 * One file, or several to be sent as a ZIP named `name`: those are made one month at a time as
 * the ZIP takes them, so a year of postings is never in memory at once; the export is noted once
 * the last is made.
 */
export type DatevDownload = {
  name: string;
  /** The months (YYYY-MM) or the summary exported before, with when; empty when none was. */
  bereits: DatevExportVermerk[];
} & ({ datei: DatevDatei } | { dateien: AsyncIterable<DatevDatei> });

type Vermerk = Omit<DatevExportVermerk, 'createdAt'>;

/** What every month of one download is made with. */
interface Stapel {
  mitZahlungen: boolean;
  einstellungen: DatevEinstellungen;
  actor: Actor | null;
  jetzt: Date;
}

export interface DatevMonat {
  monat: string;
  rechnungen: number;
  exporte: DatevExportVermerk[];
}

@Injectable()
export class DatevExport {
  constructor(
    private readonly quellen: DatevQuellen,
    private readonly einstellungen: DatevEinstellungenDienst,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly uhr: Uhr,
  ) {}

  /** The twelve months of a year: how many invoices each has and when it was exported. */
  async monate(jahr: number): Promise<DatevMonat[]> {
    if (!Number.isInteger(jahr) || jahr < 2000 || jahr > 2100) {
      throw DomainError.invalid('DATEV_JAHR', 'Bitte ein Jahr zwischen 2000 und 2100 angeben.');
    }
    const liste = monate(`${jahr}-01`, `${jahr}-12`);
    const [anzahl, exporte] = await Promise.all([
      this.quellen.rechnungenJeMonat(liste),
      this.quellen.exporte({ monate: liste }),
    ]);
    return liste.map((monat) => ({
      monat,
      rechnungen: anzahl.get(monat) ?? 0,
      exporte: exporte.filter((e) => e.monat === monat),
    }));
  }

  /**
   * The months from `von` to `bis` (YYYY-MM): one file each, a ZIP of them when there are several
   * (or when one month needs more than one file). Settings and the earlier exports are read
   * before anything is made, so a refusal comes before the download starts.
   */
  async zeitraum(
    von: string,
    bis: string,
    mitZahlungen: boolean,
    actor: Actor | null,
  ): Promise<DatevDownload> {
    const liste = monate(von, bis);
    const einstellungen = await this.einstellungen.aktuell();
    // Refused now (409 without Berater- and Mandantennummer), not halfway through the ZIP.
    datevMandant(einstellungen, monatsgrenzen(liste[0]).von);
    const bereits = await this.quellen.exporte({ monate: liste });
    const stapel: Stapel = { mitZahlungen, einstellungen, actor, jetzt: this.uhr.jetzt() };
    const monat = (m: string) => this.monat(m, stapel);
    const zipName = `DATEV_Buchungsstapel_${von}_${bis}.zip`;
    if (liste.length === 1) {
      const { dateien, vermerk } = await monat(liste[0]);
      await this.quellen.vermerken([vermerk]);
      if (dateien.length === 1) return { name: dateien[0].name, datei: dateien[0], bereits };
      return { name: zipName, dateien: nacheinander(dateien), bereits };
    }
    const quellen = this.quellen;
    async function* alle(): AsyncGenerator<DatevDatei> {
      const vermerke: Vermerk[] = [];
      for (const m of liste) {
        const { dateien, vermerk } = await monat(m);
        vermerke.push(vermerk);
        yield* dateien;
      }
      await quellen.vermerken(vermerke);
    }
    return { name: zipName, dateien: alle(), bereits };
  }

  /** One month's Buchungsstapel (more than one file beyond 99 999 postings) and its note. */
  private async monat(
    monat: string,
    { mitZahlungen, einstellungen, actor, jetzt }: Stapel,
  ): Promise<{ dateien: DatevDatei[]; vermerk: Vermerk }> {
    const { von: erster, bis: letzter } = monatsgrenzen(monat);
    const buchungen = (await this.buchungen({ monat }, mitZahlungen, einstellungen)).filter(
      (b) => b.belegdatum >= erster && b.belegdatum <= letzter,
    );
    const teile = buchungsstapel(
      {
        ...datevMandant(einstellungen, erster),
        erzeugtAm: jetzt,
        exportiertVon: actor?.name,
        datumVon: erster,
        datumBis: letzter,
        bezeichnung: `Rechnungen ${monat}`,
      },
      buchungen,
    );
    return {
      dateien: teile.map((inhalt, i) => ({
        name: `EXTF_Buchungsstapel_${monat}${teile.length > 1 ? `_${i + 1}` : ''}.csv`,
        inhalt,
      })),
      vermerk: {
        monat,
        rw_abrechnung_id: null,
        buchungen: buchungen.length,
        admin_name: actor?.name ?? null,
      },
    };
  }

  /**
   * The Debitoren/Kreditoren master data for the Steuerberater (category 16): every member with a
   * debtor number, with invoice address and account. Bank data of all members: administrators only.
   */
  async debitoren(actor: Actor | null): Promise<DatevDownload> {
    await nurAdministratoren(this.mitglieder, actor, DEBITOREN_NUR_ADMINISTRATOREN);
    const einstellungen = await this.einstellungen.aktuell();
    const jetzt = this.uhr.jetzt();
    const heute = berlinDatum(jetzt);
    const inhalt = debitorenKreditoren(
      { ...datevMandant(einstellungen, heute), erzeugtAm: jetzt, exportiertVon: actor?.name },
      await this.mitglieder.personenkonten(),
    );
    const name = `EXTF_DebKred_${heute}.csv`;
    return { name, datei: { name, inhalt }, bereits: [] };
  }

  /** The postings of one summary in one file, its period from its first to its last Belegdatum. */
  async abrechnung(id: number, mitZahlungen: boolean, actor: Actor | null): Promise<DatevDownload> {
    if (!(await this.quellen.abrechnungVorhanden(id))) {
      throw DomainError.notFound('ABRECHNUNG_FEHLT', `Die Abrechnung ${id} gibt es nicht.`);
    }
    const einstellungen = await this.einstellungen.aktuell();
    const buchungen = await this.buchungen({ abrechnungId: id }, mitZahlungen, einstellungen);
    const jetzt = this.uhr.jetzt();
    const tage = buchungen.map((b) => b.belegdatum);
    const erster = tage[0] ?? berlinDatum(jetzt);
    const letzter = tage[tage.length - 1] ?? erster;
    const mandant = datevMandant(einstellungen, erster);
    if (datevMandant(einstellungen, letzter).wjBeginn !== mandant.wjBeginn) {
      throw DomainError.conflict(
        'DATEV_WIRTSCHAFTSJAHR',
        'Die Buchungen dieser Abrechnung fallen in zwei Wirtschaftsjahre; bitte nach Zeitraum (Monat) exportieren.',
      );
    }
    const [inhalt, ...weitere] = buchungsstapel(
      {
        ...mandant,
        erzeugtAm: jetzt,
        exportiertVon: actor?.name,
        datumVon: erster,
        datumBis: letzter,
        bezeichnung: `Abrechnung ${id}`,
      },
      buchungen,
    );
    if (weitere.length > 0) {
      throw DomainError.conflict(
        'DATEV_ZU_GROSS',
        'Die Abrechnung hat mehr als 99 999 Buchungen; bitte nach Zeitraum (Monat) exportieren.',
      );
    }
    const bereits = await this.quellen.exporte({ abrechnungId: id });
    await this.quellen.vermerken([
      { monat: null, rw_abrechnung_id: id, buchungen: buchungen.length, admin_name: actor?.name ?? null },
    ]);
    const name = `EXTF_Buchungsstapel_Abrechnung_${id}.csv`;
    return { name, datei: { name, inhalt }, bereits };
  }

  /** The postings of the invoices and (when wanted) the payments, in Belegdatum order. */
  private async buchungen(
    bereich: DatevBereich,
    mitZahlungen: boolean,
    einstellungen: DatevEinstellungen,
  ): Promise<DatevBuchung[]> {
    const [rechnungen, zahlungen] = await Promise.all([
      this.quellen.rechnungen(bereich),
      mitZahlungen ? this.quellen.zahlungen(bereich) : Promise.resolve([]),
    ]);
    const ids = [...rechnungen, ...zahlungen]
      .map((r) => r.benutzer_id)
      .filter((id): id is number => id != null);
    const debitoren = await this.mitglieder.debitorNummern([...new Set(ids)]);
    const debitor = (id: number | null) => (id == null ? null : (debitoren.get(id) ?? null));
    const buchungen = [
      ...rechnungen.flatMap((r) =>
        rechnungsbuchungen(alsDatevRechnung(r, debitor(r.benutzer_id)), einstellungen),
      ),
      ...zahlungen.flatMap(
        (z) => zahlungsbuchung({ ...z, debitor: debitor(z.benutzer_id) }, einstellungen) ?? [],
      ),
    ];
    return buchungen.sort((a, b) => a.belegdatum.localeCompare(b.belegdatum));
  }
}

async function* nacheinander(dateien: DatevDatei[]): AsyncGenerator<DatevDatei> {
  yield* dateien;
}
