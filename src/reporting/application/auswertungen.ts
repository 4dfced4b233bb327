/**
 * The evaluations of spec 003 §2-§4 (Auswertung, verband 3): revenue forecast, seminars,
 * newsletter clicks and Benutzer. Reads through the query adapter, computes in domain/, answers
 * money as euros with two decimals (net, spec 000 §9).
 */
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, type Cents } from '../../shared/money';
import { AuswertungAbfragen } from '../adapters/persistence/auswertung-abfragen';
import { NACHWIRKUNG_TAGE, newsletterWirkung, type Wirkung } from '../domain/newsletter-wirkung';
import { NewsletterWirkungDaten } from './ports/newsletter-wirkung-daten';
import { leseSeite } from '../../shared/seite';
import { leseBenutzerAuswahl, leseNewsletterAbfrage, leseSeminarAuswahl } from '../domain/auswahl';
import {
  besucherListe,
  besucherZahl,
  gesamtKennzahlen,
  gruppiere,
  kennzahlenJeSeminar,
  nettoSumme,
  seminarKosten,
  teilnehmenderBenutzer,
} from '../domain/seminare';
import { umsatzJahr, umsatzMonat, type Summen } from '../domain/umsatz';
import {
  berlinTagesbeginn,
  ersterTag,
  folgemonat,
  leseJahr,
  leseMonat,
  monateDesJahres,
  monatsTitel,
} from '../domain/zeit';

const euro = (cents: Cents) => centsToEuros(cents);

function summenInEuro(s: Summen) {
  return {
    seminare: euro(s.seminare),
    abos: euro(s.abos),
    bundle: euro(s.bundle),
    produkte: euro(s.produkte),
    gesamt: euro(s.gesamt),
    buchungen: s.buchungen,
  };
}

@Injectable()
export class Auswertungen {
  constructor(
    private readonly abfragen: AuswertungAbfragen,
    private readonly wirkungDaten: NewsletterWirkungDaten,
  ) {}

  /**
   * What the newsletters of a year achieved (issue 32): per dispatch, per month of dispatch (all
   * twelve, for the chart) and in sum; bookings are looked for until 30 days after the year.
   */
  async newsletterWirkung(jahrRoh: unknown) {
    const jahr = leseJahr(jahrRoh);
    const von = berlinTagesbeginn(`${jahr}-01-01`);
    const bis = berlinTagesbeginn(`${jahr + 1}-01-01`);
    const versande = await this.wirkungDaten.versande(von, bis);
    const klicks = await this.wirkungDaten.klicks(versande.map((v) => v.dispatcher_id));
    const klickende = klicks.flatMap((k) => (k.benutzer_id === null ? [] : [k.benutzer_id]));
    const buchungen = await this.wirkungDaten.buchungen(
      klickende,
      von,
      new Date(bis.getTime() + NACHWIRKUNG_TAGE * 24 * 60 * 60 * 1000),
    );
    const ergebnis = newsletterWirkung(versande, klicks, buchungen);
    // A rate as staff read it: a share with four decimals (12,34 %).
    const gerundet = <T extends Wirkung>(w: T): T => ({
      ...w,
      klickrate: Math.round(w.klickrate * 10000) / 10000,
    });
    const jeMonat = new Map(ergebnis.monate.map((m) => [m.monat, m]));
    const leer = {
      versande: 0,
      empfaenger: 0,
      klicks: 0,
      klickende: 0,
      klickrate: 0,
      abmeldungen: 0,
      buchungen: 0,
    };
    return {
      jahr,
      nachwirkung_tage: NACHWIRKUNG_TAGE,
      versande: ergebnis.versande.map(gerundet),
      monate: monateDesJahres(jahr).map((monat) => ({
        ...gerundet(jeMonat.get(monat) ?? leer),
        monat,
        titel: monatsTitel(monat),
      })),
      summe: gerundet(ergebnis.summe),
    };
  }

  /** Umsatzprognose: net revenue per month of a year. */
  async umsatzJahr(jahrRoh: unknown) {
    const jahr = leseJahr(jahrRoh);
    const buchungen = await this.abfragen.umsatzBuchungen(`${jahr}-01-01`, `${jahr + 1}-01-01`);
    const { monate, summe } = umsatzJahr(jahr, buchungen);
    return {
      jahr,
      monate: monate.map(({ monat, ...summen }) => ({
        monat,
        titel: monatsTitel(monat),
        ...summenInEuro(summen),
      })),
      summe: summenInEuro(summe),
    };
  }

  /** One month of the forecast: its seminars, Abo periods, bundles and products. */
  async umsatzMonat(monatRoh: unknown) {
    const monat = leseMonat(monatRoh);
    const buchungen = await this.abfragen.umsatzBuchungen(ersterTag(monat), ersterTag(folgemonat(monat)));
    const { posten, summe } = umsatzMonat(monat, buchungen);
    return {
      monat,
      titel: monatsTitel(monat),
      posten: posten.map((p) => ({
        kategorie: p.kategorie,
        id: p.posten.id,
        titel: p.posten.titel,
        turnus_id: p.posten.turnusId ?? null,
        von: p.posten.von ?? null,
        bis: p.posten.bis ?? null,
        datum: p.datum,
        mwst: p.mwstSatz,
        buchungen: p.buchungen,
        brutto: euro(p.bruttoCents),
        netto: euro(p.nettoCents),
      })),
      summe: summenInEuro(summe),
    };
  }

  /**
   * The seminar evaluation (GET rw-auswertung/calc): the chosen seminars with participants and net
   * revenue, the Abo periods that include them, their newsletters and clicks; with `details` also
   * every participant.
   */
  async seminare(whereRoh: unknown, detailsRoh: unknown) {
    const auswahl = leseSeminarAuswahl(whereRoh);
    const details = detailsRoh === true || detailsRoh === 'true';
    const [seminare, buchungen, turni, newsletters, klicks] = await Promise.all([
      this.abfragen.seminare(auswahl),
      this.abfragen.seminarBuchungen(auswahl),
      this.abfragen.turni(auswahl),
      this.abfragen.newsletters(auswahl),
      this.abfragen.klicksDerSeminareJeMonat(auswahl),
    ]);
    const aboBuchungen = await this.abfragen.aboBuchungen(turni);
    const kostenJeSeminar = await this.abfragen.eventKosten(seminare.map((s) => s.id));
    const jeSeminar = kennzahlenJeSeminar(buchungen);
    const klicksJeSeminar = new Map<number, number>();
    for (const n of newsletters) {
      if (n.veranstaltung_id !== null)
        klicksJeSeminar.set(n.veranstaltung_id, (klicksJeSeminar.get(n.veranstaltung_id) ?? 0) + n.klicks);
    }
    const gesamt = gesamtKennzahlen(buchungen);
    const aboJeTurnus = gruppiere(aboBuchungen, (b) => b.turnusId);
    let kostenGesamt = 0;
    return {
      seminare: seminare.map((s) => {
        const k = jeSeminar.get(s.id);
        const kosten = seminarKosten(kostenJeSeminar.get(s.id) ?? []);
        kostenGesamt += kosten;
        return {
          ...s,
          besucher: k?.besucher ?? 0,
          buchungen: k?.buchungen ?? 0,
          netto: euro(k?.nettoCents ?? 0),
          // Issue 32: what the seminar cost (its events' cost data) and what is left of the net revenue.
          kosten: euro(kosten),
          marge: euro((k?.nettoCents ?? 0) - kosten),
          newsletter_klicks: klicksJeSeminar.get(s.id) ?? 0,
        };
      }),
      turni: turni.map((t) => {
        const eigene = aboJeTurnus.get(t.id) ?? [];
        return {
          ...t,
          besucher: besucherZahl(eigene),
          buchungen: eigene.length,
          netto: euro(nettoSumme(eigene)),
        };
      }),
      newsletters,
      besucher: details
        ? besucherListe(buchungen).map((b) => ({
            benutzer_id: teilnehmenderBenutzer(b.beispiel),
            name: b.beispiel.name,
            kennnummer: b.beispiel.kennnummer,
            seminare: b.seminare,
            buchungen: b.buchungen,
            netto: euro(b.nettoCents),
          }))
        : [],
      newsletter_clicks: klicks,
      summe: {
        seminare: seminare.length,
        besucher: gesamt.besucher,
        buchungen: gesamt.buchungen,
        netto: euro(gesamt.nettoCents),
        kosten: euro(kostenGesamt),
        marge: euro(gesamt.nettoCents - kostenGesamt),
        turni: turni.length,
        newsletters: newsletters.length,
        klicks: klicks.reduce((summe, k) => summe + k.klicks, 0),
      },
    };
  }

  /** The newsletter evaluation's four levels (see leseNewsletterAbfrage); each answers a table. */
  async newsletter(query: Record<string, unknown>) {
    const abfrage = leseNewsletterAbfrage(query);
    switch (abfrage.ebene) {
      case 'jahr': {
        const gezaehlt = new Map((await this.abfragen.klicksJeMonat(abfrage.jahr)).map((z) => [z.monat, z]));
        return monateDesJahres(abfrage.jahr).map((monat) => ({
          monat,
          titel: monatsTitel(monat),
          klicks: 0,
          newsletter: 0,
          dispatcher: 0,
          benutzer: 0,
          ...gezaehlt.get(monat),
        }));
      }
      case 'seminare':
        return this.abfragen.klicksJeSeminar(abfrage.monate);
      case 'dispatcher':
        return this.abfragen.klicksJeDispatcher(abfrage.monate, abfrage.veranstaltungId);
      case 'benutzer':
        if (!(await this.abfragen.dispatcherGibtEs(abfrage.dispatcherId))) {
          // Spec 003 §8 words this message.
          throw DomainError.notFound('DISPATCHER_FEHLT', `dispatcher ${abfrage.dispatcherId} was not found`);
        }
        return this.abfragen.klicksJeBenutzer(abfrage.dispatcherId, abfrage.monate);
    }
  }

  /** Benutzer with, without or regardless of bookings of seminar types in a period; paged. */
  benutzer(whereRoh: unknown, limit: unknown, offset: unknown) {
    return this.abfragen.benutzer(leseBenutzerAuswahl(whereRoh), leseSeite(limit, offset));
  }
}
