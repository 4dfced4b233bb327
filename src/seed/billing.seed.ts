/**
 * Billing demo data. Configuration is inserted: number circles, invoice templates and texts (and
 * which seminar types, Abos, bundles and products use them), payment options (one per payer and
 * object, with the payer's billing address) and guest registrations. Everything with money is
 * played through billing's use cases in date order (abrechnung-durch-produkt.ts): bookings of
 * seminars and events, Abo periods, bundles and shop orders at their booking dates — some later
 * discounted (a new version) or cancelled, most verified —, an invoice run per object after its
 * bookings (Abos: after each period's) over the verified ones, stornos of some invoices, and the
 * export of objects whose invoices are older than two months. So numbers follow the dates without
 * gaps per circle, and amounts, VAT, recipients and participant counts are the product's own.
 * All of it happens before the seed's today (ctx.heute); later seminars have their early bookings.
 */
import type { Row } from '../platform/resources/resource-definition';
import { Gastanmeldung } from '../billing/adapters/persistence/gastanmeldung.entity';
import { RwBezahloption } from '../billing/adapters/persistence/rw-bezahloption.entity';
import { RwDebitorKreis, RwKreis } from '../billing/adapters/persistence/rw-kreis.entity';
import { RwText, RwVorlage } from '../billing/adapters/persistence/rw-vorlage.entity';
import { KATEGORIE_ID_FELD, type BezahlTyp, type Kategorie } from '../billing/domain/kategorie';
import { centsToEuros, eurosToCents, roundCents } from '../shared/money';
import { AbrechnungDurchProdukt, type Objekt, type SeedStapel } from './abrechnung-durch-produkt';
import { NACHNAMEN, VORNAMEN_M, VORNAMEN_W, slug } from './german-data';
import { asDate, type SeedContext } from './seed-context';

const DAY = 86_400_000;

interface Zahler {
  id: number;
  adresse: number | null;
  konto: number | null;
}

/** One booking to play through: its request, its date and what happens to it later. */
interface Buchungsplan {
  datum: Date;
  anfrage: Row;
  objekt: Objekt;
  zahler: Zahler;
  /** Its invoice run: the object's, for Abos one per period. */
  lauf: string;
  folge: { art: 'rabatt' | 'storno'; datum: Date } | null;
  verifiziert: boolean;
}

/** One step of the demo's billing at its date; a booking's request is read up front by its batch. */
interface Schritt {
  datum: number;
  anfrage?: Row;
  tue: (stapel: SeedStapel) => Promise<void>;
}

/**
 * Steps per batch, one transaction each: the transaction, its audit chain append, the participants'
 * recount and the reads up front are paid once per batch, so the larger the fewer statements; a
 * batch holds what it read of the records its bookings name (a few hundred rows).
 */
const STAPEL = 500;

/**
 * The demo's billing in date order (equal dates in planned order); a step may plan later ones.
 * The steps are played in batches of STAPEL through the product (AbrechnungDurchProdukt).
 */
class Zeitplan {
  private readonly schritte: Schritt[] = [];
  private naechster = 0;

  constructor(private readonly produkt: AbrechnungDurchProdukt) {}

  plane(datum: Date, tue: (stapel: SeedStapel) => Promise<void>, anfrage?: Row): void {
    const schritt = { datum: datum.getTime(), anfrage, tue };
    let von = this.naechster;
    let bis = this.schritte.length;
    while (von < bis) {
      const mitte = (von + bis) >> 1;
      if (this.schritte[mitte].datum <= schritt.datum) von = mitte + 1;
      else bis = mitte;
    }
    this.schritte.splice(von, 0, schritt);
  }

  async abarbeiten(): Promise<void> {
    while (this.naechster < this.schritte.length) {
      const vorab = this.schritte
        .slice(this.naechster, this.naechster + STAPEL)
        .flatMap((s) => (s.anfrage ? [s.anfrage] : []));
      await this.produkt.imStapel(vorab, async (stapel) => {
        for (let n = 0; n < STAPEL && this.naechster < this.schritte.length; n++)
          await this.schritte[this.naechster++].tue(stapel);
      });
    }
  }
}

const objektSchluessel = (o: Objekt) => `${o.category}:${o.category_id}`;

export async function seedBilling(ctx: SeedContext): Promise<void> {
  const { rng, heute } = ctx;
  const benutzerIds = new Set(ctx.ids.get('benutzer') ?? []);
  const benutzerRows = (
    await ctx.rows('SELECT id, parent_id, re_adresse_id, re_konto_id FROM benutzer ORDER BY id')
  ).filter((b) => benutzerIds.has(Number(b.id)));
  const byId = new Map(benutzerRows.map((b) => [Number(b.id), b]));
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  /** Who pays a booking: the member itself, or the employer of an employee. */
  const zahlerVon = (benutzerId: number): Zahler => {
    const own = byId.get(benutzerId)!;
    const payer =
      own.parent_id != null && byId.has(Number(own.parent_id)) ? byId.get(Number(own.parent_id))! : own;
    return { id: Number(payer.id), adresse: num(payer.re_adresse_id), konto: num(payer.re_konto_id) };
  };
  const personen = benutzerRows.map((b) => Number(b.id));

  // Circles, templates, texts; the types, Abos, bundles and products of the earlier steps use them.
  const kreisStart = await ctx.nextId(RwKreis);
  const kreise = [
    { titel: 'Seminarrechnungen', template: 'RE-{YYYY}-{NR:5}', offset_nr: 0 },
    { titel: 'Abo-Rechnungen', template: 'AB-{YYYY}-{NR:5}', offset_nr: 0 },
    { titel: 'Bundle- und Shop-Rechnungen', template: 'SH-{YYYY}-{NR:5}', offset_nr: 500 },
  ].map((k, i) => ({ id: kreisStart + i, current_nr: 0, ...k }));
  const debitorStart = await ctx.nextId(RwDebitorKreis);
  const debitorKreise = [
    { titel: 'Debitoren Seminare', template: '{NR}', current_nr: 0, offset_nr: 10000 },
    { titel: 'Debitoren Akademie', template: '{NR}', current_nr: 0, offset_nr: 20000 },
  ].map((k, i) => ({ id: debitorStart + i, ...k }));
  const textStart = await ctx.nextId(RwText);
  const texte = [
    [
      'Zahlungsziel 14 Tage',
      'Standardtext Überweisung',
      '<p>Bitte überweisen Sie den Betrag innerhalb von 14 Tagen unter Angabe der Rechnungsnummer.</p>',
    ],
    [
      'SEPA-Lastschrift',
      'Text bei Einzugsermächtigung',
      '<p>Der Betrag wird zum Fälligkeitstag von Ihrem Konto eingezogen.</p>',
    ],
    [
      'Umsatzsteuerbefreiung',
      'Hinweis § 4 Nr. 22a UStG',
      '<p>Die Leistung ist gemäß § 4 Nr. 22a UStG von der Umsatzsteuer befreit.</p>',
    ],
    ['Storno', 'Text für Stornorechnungen', '<p>Hiermit stornieren wir die oben genannte Rechnung.</p>'],
    [
      'Einleitung Seminar',
      'Einleitung der Seminarrechnungen',
      '<p>Vielen Dank für Ihre Teilnahme an unserem Seminar. Wir berechnen Ihnen:</p>',
    ],
    ['Grußformel', 'Schluss jeder Rechnung', '<p>Mit freundlichen Grüßen</p><p>Ihre Akademie</p>'],
  ].map(([titel, beschreibung, text], i) => ({ id: textStart + i, titel, beschreibung, text }));
  const [einleitung, gruss] = texte.slice(-2).map((t) => t.id);
  const vorlageStart = await ctx.nextId(RwVorlage);
  // No files of their own: the shipped layout (templates/pdf/rechnung.hbs) with their text blocks.
  const vorlagen = [
    ['Seminarrechnung', kreise[0].id, einleitung],
    ['Abo-Rechnung', kreise[1].id, null],
    ['Bundle-Rechnung', kreise[2].id, null],
    ['Shop-Rechnung', kreise[2].id, null],
  ].map(([titel, rw_kreis_id, einleitung_rw_text_id], i) => ({
    id: vorlageStart + i,
    titel: titel as string,
    rw_kreis_id: rw_kreis_id as number,
    datei: null,
    storno_datei: null,
    einleitung_rw_text_id: einleitung_rw_text_id as number | null,
    schluss_rw_text_id: gruss,
  }));
  await ctx.insert(RwKreis, kreise);
  await ctx.insert(RwDebitorKreis, debitorKreise);
  await ctx.insert(RwText, texte);
  await ctx.insert(RwVorlage, vorlagen);
  const vorlageFuer: [string, number][] = [
    ['veranstaltung_typ', vorlagen[0].id],
    ['wb_abo', vorlagen[1].id],
    ['wb_bundle', vorlagen[2].id],
    ['produkt', vorlagen[3].id],
  ];
  for (const [tabelle, vorlage] of vorlageFuer)
    await ctx.rows(`UPDATE ${tabelle} SET rw_vorlage_id = ? WHERE rw_vorlage_id IS NULL`, [vorlage]);
  await ctx.rows('UPDATE veranstaltung_typ SET rw_debitor_kreis_id = ? WHERE rw_debitor_kreis_id IS NULL', [
    debitorKreise[0].id,
  ]);

  // Bookings from the earlier steps' data
  const plaene: Omit<Buchungsplan, 'folge' | 'verifiziert'>[] = [];
  const pickPerson = () => rng.pick(personen);
  // Up to three months before the seminar (bundles: in the last year); nobody books in the
  // future, so who books a later seminar booked in the last weeks.
  const bookingDate = (start: Date | null) => {
    const base = start ?? ctx.tage(-rng.int(0, 330));
    const datum = new Date(base.getTime() - rng.int(5, 90) * DAY + rng.int(7, 20) * 3_600_000);
    return datum < heute ? datum : new Date(ctx.tage(-rng.int(1, 40)).getTime() + rng.int(7, 20) * 3_600_000);
  };
  const buche = (
    category: Kategorie,
    categoryId: number,
    teilnehmer: number,
    datum: Date,
    felder: Row,
    lauf = `${category}:${categoryId}`,
    zahler = zahlerVon(teilnehmer),
  ) =>
    plaene.push({
      datum,
      objekt: { category, category_id: categoryId },
      zahler,
      lauf,
      anfrage: {
        category,
        benutzer_id: zahler.id,
        teilnehmer_id: teilnehmer,
        buchung_typ: rng.pick(['online', 'online', 'online', 'fax', 'backoffice']),
        ...felder,
      },
    });

  if (personen.length > 0 && ctx.ids.has('veranstaltung')) {
    const ids = new Set(ctx.ids.get('veranstaltung'));
    const seminare = (await ctx.rows('SELECT id, beginn FROM veranstaltung ORDER BY id')).filter((v) =>
      ids.has(Number(v.id)),
    );
    const eventIds = new Set(ctx.ids.get('veranstaltung_event') ?? []);
    const events = (
      await ctx.rows('SELECT id, veranstaltung_id FROM veranstaltung_event ORDER BY id')
    ).filter((e) => eventIds.has(Number(e.id)));
    for (const v of seminare) {
      const own = events.filter((e) => Number(e.veranstaltung_id) === Number(v.id));
      const teilnehmer = new Set<number>();
      const count = Math.min(personen.length, rng.int(2, 10));
      while (teilnehmer.size < count) teilnehmer.add(pickPerson());
      for (const t of teilnehmer) {
        const event = own.length > 1 && rng.chance(0.2) ? rng.pick(own) : null;
        buche('seminare', Number(v.id), t, bookingDate(asDate(v.beginn)), {
          veranstaltung_id: Number(v.id),
          veranstaltung_event_id: event ? Number(event.id) : null,
        });
      }
    }
  }

  if (personen.length > 0 && ctx.ids.has('wb_abo')) {
    const turni = await ctx.rows('SELECT id, wb_abo_id, von FROM wb_abo_turnus ORDER BY von, id');
    const buchungen = await ctx.rows(
      'SELECT id, benutzer_id, teilnehmer_id, wb_abo_id, first_turnus_id, last_turnus_id FROM wb_abo_buchung ORDER BY id',
    );
    for (const b of buchungen) {
      if (!byId.has(Number(b.benutzer_id))) continue;
      const ownTurni = turni.filter((t) => Number(t.wb_abo_id) === Number(b.wb_abo_id));
      const first = ownTurni.findIndex((t) => Number(t.id) === Number(b.first_turnus_id));
      const last =
        b.last_turnus_id == null ? -1 : ownTurni.findIndex((t) => Number(t.id) === Number(b.last_turnus_id));
      const perioden = ownTurni
        .slice(Math.max(first, 0), last >= 0 ? last + 1 : undefined)
        .filter((t) => (asDate(t.von) ?? heute) <= heute);
      const teilnehmerId =
        b.teilnehmer_id != null && byId.has(Number(b.teilnehmer_id))
          ? Number(b.teilnehmer_id)
          : Number(b.benutzer_id);
      for (const t of perioden) {
        const von = asDate(t.von) ?? heute;
        buche(
          'abos',
          Number(b.wb_abo_id),
          teilnehmerId,
          new Date(von.getTime() + rng.int(8, 18) * 3_600_000),
          { wb_abo_id: Number(b.wb_abo_id), wb_abo_turnus_id: Number(t.id), wb_abo_buchung_id: Number(b.id) },
          `abos:${Number(b.wb_abo_id)}:${Number(t.id)}`,
          // The Abo booking is the member's (promotions.seed.ts books it for the payer).
          zahlerVon(Number(b.benutzer_id)),
        );
      }
    }
  }

  if (personen.length > 0 && ctx.ids.has('wb_bundle')) {
    for (const bundle of ctx.ids.get('wb_bundle')!) {
      const count = rng.int(1, 5);
      for (let i = 0; i < count; i++)
        buche('bundle', bundle, pickPerson(), bookingDate(null), { wb_bundle_id: bundle });
    }
  }

  if (personen.length > 0 && ctx.ids.has('warenkorb')) {
    const ids = new Set(ctx.ids.get('warenkorb'));
    const produkte = await ctx.rows('SELECT id FROM produkt ORDER BY id');
    const koerbe = (await ctx.rows('SELECT id, benutzer_id, gekauftAm FROM warenkorb ORDER BY id')).filter(
      (w) => ids.has(Number(w.id)) && w.gekauftAm != null && byId.has(Number(w.benutzer_id)),
    );
    for (const korb of koerbe) {
      if (produkte.length === 0) break;
      const positionen = rng.int(1, 3);
      for (let i = 0; i < positionen; i++) {
        const produkt = rng.pick(produkte);
        buche(
          'produkte',
          Number(korb.id),
          Number(korb.benutzer_id),
          asDate(korb.gekauftAm) ?? bookingDate(null),
          {
            warenkorb_id: Number(korb.id),
            produkt_id: Number(produkt.id),
          },
        );
      }
    }
  }
  plaene.sort((a, b) => a.datum.getTime() - b.datum.getTime());

  // What happens to each booking: a discount granted afterwards (a new version), a cancellation
  // by the participant, and whether staff verified it (only verified bookings are invoiced).
  const buchungen: Buchungsplan[] = plaene.map((plan) => {
    const roll = rng.next();
    const art: 'rabatt' | 'storno' | null = roll < 0.1 ? 'rabatt' : roll < 0.16 ? 'storno' : null;
    const folge = art
      ? { art, datum: new Date(plan.datum.getTime() + rng.int(1, art === 'rabatt' ? 10 : 20) * DAY) }
      : null;
    const verifiziert = art !== 'storno' && rng.chance(0.8);
    // What would happen after the seed's today has not happened yet.
    return { ...plan, folge: folge && folge.datum < heute ? folge : null, verifiziert };
  });

  // Payment options: one per payer and object, with the payer's billing address
  const optionen: Partial<RwBezahloption>[] = [];
  const seen = new Set<string>();
  for (const { objekt, zahler } of buchungen) {
    const key = `${objektSchluessel(objekt)}:${zahler.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const typ: BezahlTyp = zahler.konto && rng.chance(0.6) ? 'debit' : 'transfer';
    const category = objekt.category as Kategorie;
    optionen.push({
      benutzer_id: zahler.id,
      category,
      [KATEGORIE_ID_FELD[category]]: objekt.category_id,
      typ,
      benutzer_adresse_id: zahler.adresse,
      benutzer_konto_id: typ === 'debit' ? zahler.konto : null,
      neg_typ: zahler.konto ? 'debit' : 'transfer',
      neg_benutzer_konto_id: zahler.konto,
      skript_per_post: category === 'seminare' && rng.chance(0.6),
    });
  }
  await ctx.insert(RwBezahloption, optionen);

  // The bookings and their later changes, played through the product
  const produkt = new AbrechnungDurchProdukt(ctx);
  const zeitplan = new Zeitplan(produkt);
  const laeufe = new Map<string, { objekt: Objekt; bis: number }>();
  for (const plan of buchungen) {
    let gebucht: { betrag: number; id(): Promise<number> } | undefined;
    const anfrage = { ...plan.anfrage, verifiziert: plan.folge ? false : plan.verifiziert };
    zeitplan.plane(
      plan.datum,
      async (stapel) => void (gebucht = await stapel.buchen(anfrage, plan.datum)),
      anfrage,
    );
    const folge = plan.folge;
    if (folge) {
      zeitplan.plane(folge.datum, async (stapel) =>
        stapel.aendern(
          await gebucht!.id(),
          folge.art === 'storno'
            ? { storno: true }
            : {
                betrag: centsToEuros(roundCents(eurosToCents(gebucht!.betrag) * 0.9)),
                verifiziert: plan.verifiziert,
              },
        ),
      );
    }
    const bis = (folge ?? plan).datum.getTime();
    const lauf = laeufe.get(plan.lauf) ?? { objekt: plan.objekt, bis };
    laeufe.set(plan.lauf, { ...lauf, bis: Math.max(lauf.bis, bis) });
  }

  // An invoice run after each object's bookings (most of them), a storno of some invoices (at
  // least one, so every demo data set shows the storno links)
  let laufAnzahl = 0;
  let stornoAnzahl = 0;
  const mitRechnungen = new Set<string>();
  const letzterLauf = new Map<string, { objekt: Objekt; datum: Date }>();
  for (const { objekt, bis } of laeufe.values()) {
    const datum = new Date(bis + rng.int(1, 14) * DAY);
    if (datum > heute || !rng.chance(0.85)) continue;
    laufAnzahl++;
    const key = objektSchluessel(objekt);
    if ((letzterLauf.get(key)?.datum ?? datum) <= datum) letzterLauf.set(key, { objekt, datum });
    zeitplan.plane(datum, async (stapel) => {
      const rechnungen = await stapel.laufen(objekt, datum);
      if (rechnungen.length > 0) mitRechnungen.add(key);
      for (const id of rechnungen) {
        const stornoDatum = new Date(datum.getTime() + rng.int(3, 30) * DAY);
        if ((rng.chance(0.05) || stornoAnzahl === 0) && stornoDatum <= heute) {
          stornoAnzahl++;
          zeitplan.plane(stornoDatum, (s) => s.stornieren(id, stornoDatum));
        }
      }
    });
  }

  // The export (summary) of the objects whose last run is older than two months, most of them
  let exportAnzahl = 0;
  for (const [key, { objekt, datum: lauf }] of letzterLauf) {
    if (lauf.getTime() > heute.getTime() - 60 * DAY || !rng.chance(0.7)) continue;
    const datum = new Date(Math.min(heute.getTime(), lauf.getTime() + rng.int(1, 20) * DAY));
    zeitplan.plane(datum, async (stapel) => {
      if (!mitRechnungen.has(key)) return;
      exportAnzahl++;
      await stapel.exportieren(objekt, datum);
    });
  }

  await zeitplan.abarbeiten();
  ctx.options.log?.(
    `Abrechnung: ${buchungen.length} Buchungen, ${laufAnzahl} Abrechnungsläufe, ${stornoAnzahl} Stornos, ${exportAnzahl} Abrechnungen`,
  );

  // Guest registrations
  const gaeste: Partial<Gastanmeldung>[] = [];
  const seminarIds = ctx.ids.get('veranstaltung') ?? [];
  const eventRows = seminarIds.length
    ? await ctx.rows('SELECT id, veranstaltung_id FROM veranstaltung_event ORDER BY id')
    : [];
  const gastCount = seminarIds.length ? Math.max(3, Math.ceil(ctx.scale / 25)) : 0;
  for (let i = 0; i < gastCount; i++) {
    const female = rng.chance(0.5);
    const vorname = rng.pick(female ? VORNAMEN_W : VORNAMEN_M);
    const nachname = rng.pick(NACHNAMEN);
    const veranstaltungId = rng.pick(seminarIds);
    const ownEvents = eventRows.filter((e) => Number(e.veranstaltung_id) === veranstaltungId);
    const status = rng.pick(['offen', 'offen', 'uebernommen', 'abgelehnt'] as const);
    const firma = rng.chance(0.4) ? `Steuerkanzlei ${nachname}` : null;
    gaeste.push({
      vorname,
      nachname,
      firma,
      email: `${slug(vorname)}.${slug(nachname)}@gast-${i + 1}.de`,
      veranstaltung_id: veranstaltungId,
      veranstaltung_event_id: ownEvents.length && rng.chance(0.3) ? Number(rng.pick(ownEvents).id) : null,
      benutzer_id: status === 'uebernommen' && personen.length ? pickPerson() : null,
      status,
      data: {
        anrede: female ? 'Frau' : 'Herr',
        strasse: `Lindenstraße ${rng.int(1, 90)}`,
        plz: '10115',
        ort: 'Berlin',
        bemerkung: rng.chance(0.3) ? 'Bitte Rechnung an die Kanzlei.' : null,
      },
      createdAt: new Date(heute.getTime() - rng.int(1, 300) * DAY),
    });
  }

  await ctx.insert(Gastanmeldung, gaeste);
}
