/**
 * Promotion data: Abos with their periods (yearly from four years before the seed's today to
 * the next year, one monthly Abo from a year before to a year after it) and bookings for about N/20
 * Benutzer, discounts, vouchers with unique codes, bundles, products and carts bought in the last
 * year. Runs after the seminars step and uses its ids.
 */
import { BenutzerGruppe } from '../membership/adapters/persistence/benutzer-gruppe.entity';
import { Produkt, Warenkorb, WbBundle } from '../promotions/adapters/persistence/verkauf.entity';
import { WbAbo, WbAboBuchung, WbAboTurnus } from '../promotions/adapters/persistence/wb-abo.entity';
import { WbRabatt, WbVoucher } from '../promotions/adapters/persistence/wb-rabatt.entity';
import { Veranstaltung, VeranstaltungEvent } from '../seminars/adapters/persistence/veranstaltung.entity';
import type { SeedContext } from './seed-context';

const ABOS: [string, 'jaehrlich' | 'monatlich', number, string][] = [
  // titel, turnustyp, preis im ersten Jahr, beschreibung
  ['Praktiker-Abo Steuerrecht', 'jaehrlich', 590, 'Alle Tagesseminare zum Steuerrecht eines Jahres'],
  ['Mitarbeiter-Abo Steuerfachangestellte', 'jaehrlich', 390, 'Fortbildung für Kanzleimitarbeitende'],
  ['Lohn-Abo Lohn und Gehalt', 'jaehrlich', 290, 'Lohnsteuer und Sozialversicherung im Jahresverlauf'],
  ['Webinar-Flatrate', 'monatlich', 39, 'Alle Webinare des Verbandes, monatlich kündbar'],
];

const PRODUKTE: [string, number, string][] = [
  ['Steuerberater-Handbuch 2026', 89, 'Das Standardwerk in der aktuellen Auflage'],
  ['Skript Umsatzsteuer (Druckversion)', 25, 'Gebundenes Skript zum Seminar'],
  ['Kanzleikalender 2027', 12.5, 'Wandkalender mit Steuerterminen'],
  ['Fachbuch Jahresabschluss nach HGB', 69, 'Mit Checklisten und Mustern'],
  ['Mitgliedsausweis (Ersatz)', 10, 'Ersatz für einen verlorenen Ausweis'],
  ['Seminarunterlagen auf USB-Stick', 20, 'Alle Unterlagen eines Lehrgangs'],
];

/** Letters and digits without the easily confused 0/O and 1/I. */
const CODE_ZEICHEN = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const isoDate = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

export async function seedPromotions(ctx: SeedContext): Promise<void> {
  const { rng, jahr: dieses } = ctx;
  const monat = ctx.heute.getUTCMonth() + 1;
  const benutzer = ctx.ids.get('benutzer') ?? [];
  // An employee's Abo and shop order belong to the employer, who pays them (billing books them so).
  const arbeitgeber = new Map(
    (await ctx.rows('SELECT id, parent_id FROM benutzer WHERE parent_id IS NOT NULL')).map((b) => [
      Number(b.id),
      Number(b.parent_id),
    ]),
  );
  const zahler = (id: number) => arbeitgeber.get(id) ?? id;
  const gruppen = (
    await ctx.dataSource.getRepository(BenutzerGruppe).find({ select: { id: true }, order: { id: 'ASC' } })
  ).map((g) => g.id);
  const seminarIds = ctx.ids.get('veranstaltung') ?? [];
  const seminare = seminarIds.length
    ? await ctx.dataSource.getRepository(Veranstaltung).find({
        select: { id: true, beginn: true, veranstaltung_typ_id: true },
        order: { id: 'ASC' },
      })
    : [];
  const events = seminarIds.length
    ? await ctx.dataSource.getRepository(VeranstaltungEvent).find({
        select: { id: true, veranstaltung_id: true, datum: true },
        order: { id: 'ASC' },
      })
    : [];
  const jahrVon = (d: Date | string | null) => (d ? new Date(d).getUTCFullYear() : 0);

  // ── Abos and their periods ──────────────────────────────────────────────────────────────────
  const aboStart = await ctx.nextId(WbAbo);
  const abos = ABOS.map(([titel, turnustyp, , beschreibung], i) => ({
    id: aboStart + i,
    titel,
    titel_frontend: titel,
    titel_warenkorb: titel,
    titel_rechnung: `Abonnement ${titel}`,
    beschreibung,
    teilnahmebedingungen: 'Das Abo verlängert sich automatisch, wenn es nicht fristgerecht gekündigt wird.',
    aktiv: true,
    turnustyp,
    stichtag: 1,
    stichmonat: turnustyp === 'jaehrlich' ? 1 : null,
    turn_offset_days: turnustyp === 'jaehrlich' ? 14 : 0,
    abrechnungsintervall: 1,
    instant_storno: turnustyp === 'monatlich',
    benutzerAuswahlTyp: i === 1 && gruppen.length ? ('gruppen' as const) : ('alle' as const),
  }));
  await ctx.insert(WbAbo, abos);
  const aboGruppen = gruppen.length ? [{ wb_abo_id: abos[1].id, benutzer_gruppe_id: gruppen[0] }] : [];
  await ctx.insert('wb_abo_benutzer_gruppe', aboGruppen);

  let turnusId = await ctx.nextId(WbAboTurnus);
  const turni: (Partial<WbAboTurnus> & { id: number; wb_abo_id: number; von: string })[] = [];
  const turnusSeminare: { wb_abo_turnus_id: number; veranstaltung_id: number }[] = [];
  const turnusEvents: { wb_abo_turnus_id: number; veranstaltung_event_id: number }[] = [];
  ABOS.forEach(([, turnustyp, preis], i) => {
    const abo = abos[i];
    const perioden: [string, string, number][] =
      turnustyp === 'jaehrlich'
        ? [-4, -3, -2, -1, 0, 1].map((d) => {
            const y = dieses + d;
            return [isoDate(y, 1, 1), isoDate(y, 12, 31), y];
          })
        : Array.from({ length: 24 }, (_, m) => {
            const von = isoDate(dieses, monat - 12 + m, 1);
            return [von, isoDate(dieses, monat - 11 + m, 0), Number(von.slice(0, 4))];
          });
    perioden.forEach(([von, bis, jahr], n) => {
      const id = turnusId++;
      turni.push({
        id,
        wb_abo_id: abo.id,
        von,
        bis,
        preis: turnustyp === 'jaehrlich' ? preis + 20 * n : preis,
        mwst: turnustyp === 'monatlich' ? 19 : null,
        preisgarantie: 1,
        verlaengerung: 1,
        kuendigungsfrist: turnustyp === 'jaehrlich' ? 42 : 14,
        pause: false,
      });
      if (turnustyp !== 'jaehrlich') return;
      const imJahr = seminare.filter((s) => jahrVon(s.beginn) === jahr && (s.id + i) % ABOS.length === 0);
      for (const s of imJahr.slice(0, 6))
        turnusSeminare.push({ wb_abo_turnus_id: id, veranstaltung_id: s.id });
      const eventsImJahr = events.filter((e) => jahrVon(e.datum) === jahr && (e.id + i) % 7 === 0);
      for (const e of eventsImJahr.slice(0, 3))
        turnusEvents.push({ wb_abo_turnus_id: id, veranstaltung_event_id: e.id });
    });
  });
  await ctx.insert(WbAboTurnus, turni);
  await ctx.insert('wb_abo_turnus_veranstaltung', turnusSeminare);
  await ctx.insert('wb_abo_turnus_event', turnusEvents);

  // ── Abo bookings for about N/20 Benutzer ────────────────────────────────────────────────────
  let buchungId = await ctx.nextId(WbAboBuchung);
  const buchungen: Partial<WbAboBuchung>[] = [];
  const heute = ctx.heute.toISOString().slice(0, 10);
  const buchende = benutzer.filter(() => rng.chance(0.05));
  for (const benutzerId of buchende) {
    const abo = rng.pick(abos);
    const eigene = turni.filter((t) => t.wb_abo_id === abo.id && t.von <= heute);
    const first = rng.pick(eigene);
    const storniert = rng.chance(0.15);
    const spaetere = turni.filter((t) => t.wb_abo_id === abo.id && t.von >= first.von);
    const last = storniert ? rng.pick(spaetere) : null;
    const ende = last?.bis ? new Date(`${last.bis}T00:00:00Z`) : null;
    buchungen.push({
      id: buchungId++,
      benutzer_id: zahler(benutzerId),
      teilnehmer_id: benutzerId,
      wb_abo_id: abo.id,
      first_turnus_id: first.id,
      last_turnus_id: last?.id ?? null,
      storno_valid_from: ende ? new Date(ende.getTime() + 86400000).toISOString().slice(0, 10) : null,
      storno_datum: last ? (last.von > heute ? heute : last.von) : null,
      teilnehmer: null,
    });
  }
  await ctx.insert(WbAboBuchung, buchungen);

  // ── Discounts and vouchers ──────────────────────────────────────────────────────────────────
  const rabattStart = await ctx.nextId(WbRabatt);
  const rabatte: Partial<WbRabatt>[] = [
    {
      titel: 'Frühbucherrabatt',
      typ: 'percent',
      wert: 10,
      gueltigSeminarbezogen: true,
      gueltigVonTageVorSeminar: 90,
      gueltigBisTageVorSeminar: 42,
    },
    { titel: 'Jeder 5. Teilnehmer kostenfrei', typ: 'full', wert: 0, jederXte: 5 },
    {
      titel: `Neumitglieder-Aktion ${dieses}`,
      typ: 'reduction',
      wert: 50,
      gueltigVon: isoDate(dieses, 1, 1),
      gueltigBis: isoDate(dieses, 12, 31),
      maxTeilnehmerBuchungen: 1,
    },
    { titel: 'Jahresabschluss-Paket', typ: 'reduction', wert: 30, seminarAuswahlTyp: 'typen' },
    { titel: 'Kanzleirabatt Vorstand', typ: 'percent', wert: 15, benutzerAuswahlTyp: 'gruppen' },
    {
      titel: `Sommeraktion ${dieses - 1}`,
      typ: 'percent',
      wert: 20,
      aktiv: false,
      seminarAuswahlTyp: 'einzelne',
      gueltigVon: isoDate(dieses - 1, 6, 1),
      gueltigBis: isoDate(dieses - 1, 8, 31),
    },
  ].map((r, i) => ({
    id: rabattStart + i,
    titel_frontend: r.titel,
    titel_warenkorb: r.titel,
    titel_rechnung: `Rabatt: ${r.titel}`,
    ...(r as Partial<WbRabatt>),
  }));
  await ctx.insert(WbRabatt, rabatte);
  const typen = ctx.ids.get('veranstaltung_typ') ?? [];
  await ctx.insert(
    'wb_rabatt_veranstaltung_typ',
    typen.slice(0, 2).map((id) => ({ wb_rabatt_id: rabatte[3].id, veranstaltung_typ_id: id })),
  );
  await ctx.insert(
    'wb_rabatt_benutzer_gruppe',
    gruppen.slice(2, 3).map((id) => ({ wb_rabatt_id: rabatte[4].id, benutzer_gruppe_id: id })),
  );
  await ctx.insert(
    'wb_rabatt_veranstaltung',
    seminare
      .filter((s) => jahrVon(s.beginn) === dieses - 1)
      .slice(0, 5)
      .map((s) => ({ wb_rabatt_id: rabatte[5].id, veranstaltung_id: s.id })),
  );

  let voucherId = await ctx.nextId(WbVoucher);
  const codes = new Set<string>();
  const vouchers: Partial<WbVoucher>[] = [];
  const voucherCount = Math.max(10, Math.round(ctx.scale / 100));
  while (vouchers.length < voucherCount) {
    let code = '';
    for (let k = 0; k < 10; k++) code += CODE_ZEICHEN[rng.int(0, CODE_ZEICHEN.length - 1)];
    if (codes.has(code)) continue;
    codes.add(code);
    const typ = rng.pick(['full', 'percent', 'reduction'] as const);
    const seminar = seminare.length && rng.chance(0.5) ? rng.pick(seminare) : null;
    vouchers.push({
      id: voucherId++,
      code,
      titel: seminar ? 'Gutschein für ein Seminar' : 'Gutschein Weihnachtsaktion',
      relation: seminar ? 'Veranstaltung' : null,
      relation_id: seminar?.id ?? null,
      typ,
      wert: typ === 'percent' ? rng.pick([10, 15, 25, 50, 100]) : rng.pick([25, 50, 99, 150]),
      valid: rng.chance(0.85),
    });
  }
  await ctx.insert(WbVoucher, vouchers);

  // ── Bundles, products, carts ────────────────────────────────────────────────────────────────
  const bundleStart = await ctx.nextId(WbBundle);
  const bundles: Partial<WbBundle>[] = [dieses - 1, dieses, dieses + 1].map((jahr, i) => ({
    id: bundleStart + i,
    titel: `Seminarpaket Steuerrecht ${jahr}`,
    titel_frontend: `Seminarpaket Steuerrecht ${jahr}`,
    titel_warenkorb: `Seminarpaket ${jahr}`,
    titel_rechnung: `Seminarpaket Steuerrecht ${jahr}`,
    beschreibung: 'Drei Tagesseminare zum Paketpreis',
    preis: 500 + 25 * i,
    is_netto: false,
    mwst: null,
    benutzerAuswahlTyp: 'alle',
  }));
  await ctx.insert(WbBundle, bundles);
  const bundleEvents: { wb_bundle_id: number; veranstaltung_event_id: number }[] = [];
  bundles.forEach((bundle, i) => {
    const jahr = dieses - 1 + i;
    for (const e of events.filter((ev) => jahrVon(ev.datum) === jahr).slice(0, 3))
      bundleEvents.push({ wb_bundle_id: bundle.id!, veranstaltung_event_id: e.id });
  });
  await ctx.insert('wb_bundle_veranstaltung_event', bundleEvents);

  const produktStart = await ctx.nextId(Produkt);
  const produkte = PRODUKTE.map(([titel, preis, beschreibung], i) => ({
    id: produktStart + i,
    titel,
    preis,
    beschreibung,
    aktiv: i !== 4,
  }));
  await ctx.insert(Produkt, produkte);

  let warenkorbId = await ctx.nextId(Warenkorb);
  const koerbe: Partial<Warenkorb>[] = [];
  const korbCount = benutzer.length ? Math.max(5, Math.round(ctx.scale / 50)) : 0;
  for (let i = 0; i < korbCount; i++) {
    const produkt = rng.pick(produkte);
    const menge = rng.int(1, 3);
    const gekauft = rng.chance(0.7);
    koerbe.push({
      id: warenkorbId++,
      benutzer_id: zahler(rng.pick(benutzer)),
      gekauftAm: gekauft ? ctx.tage(-365 + rng.next() * 365) : null,
      status: gekauft ? 'gekauft' : 'offen',
      data: {
        positionen: [{ produkt_id: produkt.id, titel: produkt.titel, menge, preis: produkt.preis }],
        summe: Math.round(menge * produkt.preis * 100) / 100,
      },
    });
  }
  await ctx.insert(Warenkorb, koerbe);
}
