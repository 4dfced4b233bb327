/**
 * Seminar data: types, rooms, speakers, price labels, storno options, expert marks, and about
 * max(8, N/50) seminars spread over the year before the seed's today and the half year after it
 * (issue 32: the current year's evaluations have seminars), with 1–4 events each, their contents
 * and links.
 */
import {
  Fachberatermarke,
  Preisbezeichnung,
  StornoOption,
  VeranstaltungOrt,
  VeranstaltungReferent,
  VeranstaltungTyp,
} from '../seminars/adapters/persistence/veranstaltung-lookups.entity';
import {
  Veranstaltung,
  VeranstaltungEvent,
  VeranstaltungInhalt,
} from '../seminars/adapters/persistence/veranstaltung.entity';
import { seminarZeitraum } from '../seminars/domain/termin';
import { BERUFE, NACHNAMEN, VORNAMEN_M, VORNAMEN_W } from './german-data';
import type { SeedContext } from './seed-context';

const TYPEN: [string, string, boolean, boolean, number][] = [
  // bezeichnung, kategorie, ringseminar, multitermin, mwst
  ['Tagesseminar', 'Seminar', false, false, 0],
  ['Ringseminar', 'Seminar', true, true, 0],
  ['Lehrgang', 'Lehrgang', false, true, 19],
  ['Webinar', 'Online', false, false, 19],
  ['Arbeitskreis', 'Seminar', false, true, 0],
  ['Fachtagung', 'Tagung', false, false, 19],
];

const THEMEN: [string, string][] = [
  // titel (the year is appended to some), inhalt
  ['Umsatzsteuer aktuell', 'Aktuelle Rechtsprechung und BMF-Schreiben zur Umsatzsteuer'],
  ['Jahresabschluss nach HGB', 'Ansatz, Bewertung und Ausweis im Jahresabschluss'],
  ['Lohnsteuer und Sozialversicherung', 'Sachbezüge, Minijobs und Übungsleiterpauschale'],
  ['Erbschaft- und Schenkungsteuer in der Praxis', 'Bewertung von Betriebsvermögen und Immobilien'],
  ['Betriebsprüfung souverän begleiten', 'Ablauf, Mitwirkungspflichten und Verständigung'],
  ['Grundsteuerreform: Bewertung und Einspruch', 'Bundesmodell und Ländermodelle im Überblick'],
  ['E-Rechnung und GoBD', 'Pflichten ab 2025, Formate und Archivierung'],
  ['Personengesellschaften im Steuerrecht', 'Sonderbetriebsvermögen und Ergänzungsbilanzen'],
  ['Internationales Steuerrecht kompakt', 'Doppelbesteuerungsabkommen und Verrechnungspreise'],
  ['Kanzleiorganisation und Digitalisierung', 'Mandantenportal, DATEV und Workflow'],
  ['Körperschaftsteuer für Praktiker', 'Verdeckte Gewinnausschüttung und Organschaft'],
  ['Einkommensteuererklärung kompakt', 'Werbungskosten, Sonderausgaben und außergewöhnliche Belastungen'],
  ['Abgabenordnung: Fristen und Rechtsbehelfe', 'Einspruch, Änderung von Bescheiden, Verjährung'],
  ['Gemeinnützigkeitsrecht', 'Vereine, Stiftungen und Zweckbetriebe'],
];

const ORTE: [string, string, string, string][] = [
  // bezeichnung, strasse, plz, ort
  ['Hotel am Römerberg, Frankfurt', 'Römerberg 8', '60311', 'Frankfurt am Main'],
  ['Kongresshaus am Stadtpark, Hannover', 'Theodor-Heuss-Platz 1', '30175', 'Hannover'],
  ['Seminarzentrum Alte Börse, Leipzig', 'Naschmarkt 2', '04109', 'Leipzig'],
  ['Haus der Steuerberater, Düsseldorf', 'Grafenberger Allee 98', '40237', 'Düsseldorf'],
  ['Tagungshotel Isarblick, München', 'Zweibrückenstraße 6', '80331', 'München'],
  ['Handelskammer Hamburg, Börsensaal', 'Adolphsplatz 1', '20457', 'Hamburg'],
  ['Geschäftsstelle des Verbandes, Schulungsraum 1', 'Kaiserstraße 14', '55116', 'Mainz'],
  ['Online (Zoom)', '', '', ''],
];

const STORNO: [string, number, number, string][] = [
  // titel, hours_to, betrag, titel_rechnung
  ['Kostenfrei bis 14 Tage vorher', 336, 0, 'Stornierung (kostenfrei)'],
  ['Bearbeitungsgebühr bis 7 Tage vorher', 168, 25, 'Stornogebühr'],
  ['50 % bis 48 Stunden vorher', 48, 95, 'Stornogebühr 50 %'],
  ['Volle Gebühr bei späterer Absage', 0, 190, 'Stornogebühr 100 %'],
];

const MARKEN: [string, string][] = [
  ['Fachberater für Internationales Steuerrecht', 'IStR'],
  ['Fachberater für Unternehmensnachfolge', 'UN'],
  ['Fachberater für Sanierung und Insolvenzverwaltung', 'SI'],
  ['Fachberater für den Heilberufebereich', 'HB'],
];

const PREISBEZEICHNUNGEN = [
  'Mitglieder',
  'Nichtmitglieder',
  'Mitarbeiter von Mitgliedern',
  'Auszubildende',
  'Frühbucher',
];

const ZEITEN: [string, string][] = [
  ['09:00', '16:30'],
  ['09:30', '17:00'],
  ['10:00', '13:15'],
  ['14:00', '17:30'],
];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86400000;

export async function seedSeminars(ctx: SeedContext): Promise<void> {
  const { rng } = ctx;

  const typStart = await ctx.nextId(VeranstaltungTyp);
  const typen = TYPEN.map(([bezeichnung, kategorie, ringseminar, multitermin, mwst], i) => ({
    id: typStart + i,
    bezeichnung,
    kategorie,
    beschreibung: `${bezeichnung} des Verbandes`,
    ringseminar,
    multitermin,
    mwst,
    url: `https://www.steuerberaterverband.example/seminare/${bezeichnung.toLowerCase()}`,
  }));
  await ctx.insert(VeranstaltungTyp, typen);

  const ortStart = await ctx.nextId(VeranstaltungOrt);
  const orte = ORTE.map(([bezeichnung, strasse, plz, ort], i) => ({
    id: ortStart + i,
    raum_id: `R${String(i + 1).padStart(3, '0')}`,
    bezeichnung,
    strasse: strasse || null,
    plz: plz || null,
    ort: ort || null,
  }));
  await ctx.insert(VeranstaltungOrt, orte);

  const stornoStart = await ctx.nextId(StornoOption);
  const storno = STORNO.map(([titel, hours_to, betrag, titel_rechnung], i) => ({
    id: stornoStart + i,
    titel,
    hours_to,
    betrag,
    titel_rechnung,
  }));
  await ctx.insert(StornoOption, storno);

  const markeStart = await ctx.nextId(Fachberatermarke);
  const marken = MARKEN.map(([bezeichnung, kennzeichen], i) => ({
    id: markeStart + i,
    bezeichnung,
    kennzeichen,
  }));
  await ctx.insert(Fachberatermarke, marken);

  const preisStart = await ctx.nextId(Preisbezeichnung);
  await ctx.insert(
    Preisbezeichnung,
    PREISBEZEICHNUNGEN.map((titel, i) => ({ id: preisStart + i, titel })),
  );

  let referentId = await ctx.nextId(VeranstaltungReferent);
  const referenten: Partial<VeranstaltungReferent>[] = [];
  const referentCount = Math.max(6, Math.round(ctx.scale / 100));
  for (let i = 0; i < referentCount; i++) {
    const weiblich = rng.chance(0.5);
    const vorname = rng.pick(weiblich ? VORNAMEN_W : VORNAMEN_M);
    const nachname = rng.pick(NACHNAMEN);
    const titel = rng.chance(0.35) ? rng.pick(['Dr.', 'Prof. Dr.']) : null;
    referenten.push({
      id: referentId++,
      kennnummer: `R-${1000 + i}`,
      titel,
      vorname,
      nachname,
      berufsbezeichnung: rng.pick(BERUFE.slice(0, 6)),
      arbeitsstaette: `${nachname} ${rng.pick(['Steuerberatung', '& Kollegen', 'Treuhand GmbH'])}`,
      anrede_name: `${weiblich ? 'Frau' : 'Herr'} ${titel ? `${titel} ` : ''}${nachname}`,
    });
  }
  await ctx.insert(VeranstaltungReferent, referenten);

  let veranstaltungId = await ctx.nextId(Veranstaltung);
  let eventId = await ctx.nextId(VeranstaltungEvent);
  let inhaltId = await ctx.nextId(VeranstaltungInhalt);
  const seminare: Partial<Veranstaltung>[] = [];
  const events: Partial<VeranstaltungEvent>[] = [];
  const inhalte: Partial<VeranstaltungInhalt>[] = [];
  const seminarStorno: { veranstaltung_id: number; storno_option_id: number }[] = [];
  const eventStorno: { veranstaltung_event_id: number; storno_option_id: number }[] = [];
  const eventReferenten: { veranstaltung_event_id: number; veranstaltung_referent_id: number }[] = [];
  const proJahr = new Map<number, number>();

  const count = Math.max(8, Math.round(ctx.scale / 50));
  const von = ctx.tage(-365).getTime();
  const bis = ctx.tage(183).getTime();
  for (let i = 0; i < count; i++) {
    const typ = typen[i % typen.length];
    const [thema, inhaltTitel] = rng.pick(THEMEN);
    // Spread evenly over the years, on a weekday.
    let start = von + Math.floor(((i + rng.next()) / count) * (bis - von));
    start -= start % DAY;
    while ([0, 6].includes(new Date(start).getUTCDay())) start += DAY;
    const jahr = new Date(start).getUTCFullYear();
    const nummer = (proJahr.get(jahr) ?? 0) + 1;
    proJahr.set(jahr, nummer);
    const lgId = `${jahr}-${String(nummer).padStart(3, '0')}`;
    const titel = rng.chance(0.5) ? `${thema} ${jahr}` : thema;
    const marke = rng.chance(0.25) ? rng.pick(marken) : null;
    const id = veranstaltungId++;

    const inhaltIds: number[] = [];
    const inhaltCount = rng.int(1, 2);
    for (let k = 0; k < inhaltCount; k++) {
      inhaltIds.push(inhaltId);
      inhalte.push({
        id: inhaltId++,
        veranstaltung_id: id,
        isKorpus: false,
        titel: k === 0 ? inhaltTitel : `${thema}: Vertiefung und Fallstudien`,
        einfuehrung: `Das Seminar „${titel}“ vermittelt praxisnah den aktuellen Stand.`,
        themenuebersicht: `<ul><li>${inhaltTitel}</li><li>Aktuelle Rechtsprechung</li><li>Fallbeispiele aus der Kanzlei</li></ul>`,
      });
    }

    const anzahl = typ.multitermin ? rng.int(2, 4) : rng.chance(0.2) ? 2 : 1;
    const ort = rng.pick(orte);
    const [beginn, ende] = rng.pick(ZEITEN);
    const termine: { datum: string; beginn: string; ende: string }[] = [];
    for (let e = 0; e < anzahl; e++) {
      const datum = isoDate(start + e * (typ.multitermin ? 7 : 1) * DAY);
      termine.push({ datum, beginn, ende });
      const erster = rng.pick(referenten).id!;
      eventReferenten.push({ veranstaltung_event_id: eventId, veranstaltung_referent_id: erster });
      if (rng.chance(0.3)) {
        const zweiter = rng.pick(referenten).id!;
        if (zweiter !== erster)
          eventReferenten.push({ veranstaltung_event_id: eventId, veranstaltung_referent_id: zweiter });
      }
      if (typ.multitermin && rng.chance(0.5))
        eventStorno.push({ veranstaltung_event_id: eventId, storno_option_id: storno[1].id });
      events.push({
        id: eventId++,
        veranstaltung_id: id,
        lg_id: anzahl > 1 ? `${lgId}/${e + 1}` : lgId,
        veranstaltung_inhalt_id: rng.pick(inhaltIds),
        titel: anzahl > 1 ? `${thema} – Teil ${e + 1}` : titel,
        einzeln_buchbar: typ.multitermin && !typ.ringseminar,
        datum,
        beginn,
        ende,
        veranstaltung_ort_id: ort.id,
        platzzahl: rng.pick([20, 25, 30, 40, 60, 120]),
        fachberatermarke_id: marke?.id ?? null,
        fachberater_stunden: marke ? 3.5 : 0,
        fortbildungspass_stunden: 6.5,
        ausgebucht: rng.chance(0.08),
        preis1: typ.multitermin ? 120 : null,
        preis1_beschreibung: typ.multitermin ? 'Mitglieder' : null,
        teilnehmer_count: 0,
        kosten: {
          sollbuchung: 10,
          referenz_preis: 290,
          referenten: rng.int(4, 12) * 100,
          raum: ort.strasse ? rng.int(3, 9) * 100 : 0,
          catering: ort.strasse ? rng.int(15, 45) * 10 : 0,
          sonstige: rng.int(0, 10) * 10,
        },
        data: ort.strasse
          ? {}
          : { webinar_url: `https://zoom.example/j/${rng.digits(10)}`, webinar_titel: titel },
      });
    }
    const zeitraum = seminarZeitraum(termine)!;
    for (const option of storno) {
      if (option.hours_to > 0 || rng.chance(0.5))
        seminarStorno.push({ veranstaltung_id: id, storno_option_id: option.id });
    }
    const grundpreis = rng.pick([190, 240, 290, 340, 390]);
    const mitarbeiterPreis = rng.chance(0.4) ? grundpreis - 40 : null;
    seminare.push({
      id,
      veranstaltung_typ_id: typ.id,
      lg_id: lgId,
      titel,
      beschreibung: `${inhaltTitel}. Für Steuerberaterinnen, Steuerberater und ihre Mitarbeitenden.`,
      variant: typ.kategorie === 'Lehrgang' ? 'lehrgang' : typ.kategorie === 'Online' ? 'webinar' : 'seminar',
      beginn: zeitraum.beginn,
      ende: zeitraum.ende,
      anmeldeschluss: isoDate(start - 7 * DAY),
      ringseminar: typ.ringseminar,
      nicht_gesamt_buchbar: typ.multitermin && !typ.ringseminar,
      teilnahmebedingungen: 'Es gelten die Allgemeinen Teilnahmebedingungen des Verbandes.',
      ausgebucht: rng.chance(0.05),
      fachberater: marke !== null,
      fachberatermarke_id: marke?.id ?? null,
      fachberater_stunden: marke ? 3.5 * anzahl : 0,
      fortbildungspass_stunden: 6.5 * anzahl,
      // Released up to five months ahead; certificates for the seminars already held.
      freigabe: start < ctx.tage(150).getTime(),
      freigabe_teilnahme_bescheinigung: start < ctx.heute.getTime(),
      mwst: typ.mwst,
      preis1: grundpreis,
      preis1_beschreibung: 'Mitglieder',
      preis2: grundpreis + 100,
      preis2_beschreibung: 'Nichtmitglieder',
      preis3: mitarbeiterPreis,
      preis3_beschreibung: mitarbeiterPreis === null ? null : 'Mitarbeiter von Mitgliedern',
      atr_in_seminaruebersicht: true,
      teilnehmer_count: 0,
      data: { textfeld1: null, rw_feld1: lgId },
    });
  }
  // A reusable content block without seminar.
  inhalte.push({
    id: inhaltId,
    veranstaltung_id: null,
    isKorpus: true,
    titel: 'Allgemeine Hinweise zur Fortbildungspflicht',
    einfuehrung: 'Nach § 57 Abs. 2a StBerG sind Steuerberater zur Fortbildung verpflichtet.',
    themenuebersicht: null,
  });

  await ctx.insert(Veranstaltung, seminare);
  await ctx.insert(VeranstaltungInhalt, inhalte);
  await ctx.insert(VeranstaltungEvent, events);
  await ctx.insert('veranstaltung_storno_option', seminarStorno);
  await ctx.insert('veranstaltung_event_storno_option', eventStorno);
  await ctx.insert('veranstaltung_event_referent', eventReferenten);
}
