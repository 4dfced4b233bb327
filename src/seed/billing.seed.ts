/**
 * Billing demo data: number circles, invoice templates and texts, booking transactions for seminar
 * bookings, Abo periods, bundles and shop orders (some versioned, some cancelled), invoices with
 * gapless numbers per circle, summaries with their admin logs, payment options and guest
 * registrations. Uses the ids of the earlier steps; a missing seminar or promotion table is skipped.
 */
import { aktualisiereTeilnehmerzahl } from '../seminars/application/teilnehmer';
import { Gastanmeldung } from '../billing/adapters/persistence/gastanmeldung.entity';
import { RwAbrechnung, RwAbrechnungLog } from '../billing/adapters/persistence/rw-abrechnung.entity';
import { RwBezahloption } from '../billing/adapters/persistence/rw-bezahloption.entity';
import { RwDebitorKreis, RwKreis } from '../billing/adapters/persistence/rw-kreis.entity';
import { RwRechnung } from '../billing/adapters/persistence/rw-rechnung.entity';
import { RwTransaction } from '../billing/adapters/persistence/rw-transaction.entity';
import { RwText, RwVorlage } from '../billing/adapters/persistence/rw-vorlage.entity';
import { KATEGORIE_ID_FELD, type BezahlTyp, type Kategorie } from '../billing/domain/kategorie';
import { naechsteNummer } from '../billing/domain/nummernkreis';
import { NACHNAMEN, VORNAMEN_M, VORNAMEN_W, slug } from './german-data';
import type { SeedContext } from './seed';

type Raw = Record<string, unknown>;

const NOW = new Date('2026-11-01T00:00:00Z');
const DAY = 86_400_000;
const ADMINS = ['Sabine Krüger', 'Jörg Lehmann', 'Dörte Weiß'];

/** Rows of a table an earlier step filled. */
export async function seedRows(ctx: SeedContext, sql: string): Promise<Raw[]> {
  return (await ctx.dataSource.query(sql)) as Raw[];
}

/** DATETIME values come back as Date (mysql2) or as UTC text (SQLite). */
export function asDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  const date = new Date(/T|Z$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const cents = (value: unknown, fallback: number) =>
  value === null || value === undefined || value === '' ? fallback : Math.round(Number(value) * 100);
const euros = (c: number) => c / 100;
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Sets one column per id in batches (for back references that can only be written after insert). */
async function updateColumn(
  ctx: SeedContext,
  tableName: string,
  column: string,
  pairs: [number, number][],
): Promise<void> {
  for (let i = 0; i < pairs.length; i += 500) {
    const batch = pairs.slice(i, i + 500);
    const cases = batch.map(() => 'WHEN ? THEN ?').join(' ');
    await ctx.dataSource.query(
      `UPDATE ${tableName} SET ${column} = CASE id ${cases} END WHERE id IN (${batch.map(() => '?').join(', ')})`,
      [...batch.flat(), ...batch.map(([id]) => id)],
    );
  }
}

interface Payer {
  id: number;
  name: string;
  adresse: number | null;
  konto: number | null;
}

interface Booking {
  category: Kategorie;
  categoryId: number;
  kreis: number;
  mwstSatz: number;
  date: Date;
  payer: Payer;
  teilnehmer: { id: number | null; name: string };
  betrag: number;
  titel: string;
  extra: Partial<RwTransaction>;
}

export async function seedBilling(ctx: SeedContext): Promise<void> {
  const { rng } = ctx;
  const benutzerIds = new Set(ctx.ids.get('benutzer') ?? []);
  const benutzerRows = (
    await seedRows(
      ctx,
      'SELECT id, parent_id, anzeigename, re_adresse_id, re_konto_id FROM benutzer ORDER BY id',
    )
  ).filter((b) => benutzerIds.has(Number(b.id)));
  const byId = new Map(benutzerRows.map((b) => [Number(b.id), b]));
  const payerOf = (benutzerId: number): Payer => {
    const own = byId.get(benutzerId)!;
    const payer =
      own.parent_id != null && byId.has(Number(own.parent_id)) ? byId.get(Number(own.parent_id))! : own;
    return {
      id: Number(payer.id),
      name: String(payer.anzeigename ?? ''),
      adresse: num(payer.re_adresse_id),
      konto: num(payer.re_konto_id),
    };
  };
  const personen = benutzerRows.map((b) => Number(b.id));

  // Circles, templates, texts
  const kreisStart = await ctx.nextId(RwKreis);
  const kreise = [
    { titel: 'Seminarrechnungen', template: 'RE-{YYYY}-{NR:5}', offset_nr: 0 },
    { titel: 'Abo-Rechnungen', template: 'AB-{YYYY}-{NR:5}', offset_nr: 0 },
    { titel: 'Bundle- und Shop-Rechnungen', template: 'SH-{YYYY}-{NR:5}', offset_nr: 500 },
  ].map((k, i) => ({ id: kreisStart + i, current_nr: 0, ...k }));
  const kreisOf: Record<Kategorie, number> = {
    seminare: kreise[0].id,
    abos: kreise[1].id,
    bundle: kreise[2].id,
    produkte: kreise[2].id,
  };
  const debitorStart = await ctx.nextId(RwDebitorKreis);
  const debitorKreise = [
    { titel: 'Debitoren Seminare', template: '{NR}', current_nr: 0, offset_nr: 10000 },
    { titel: 'Debitoren Akademie', template: '{NR}', current_nr: 0, offset_nr: 20000 },
  ].map((k, i) => ({ id: debitorStart + i, ...k }));
  const vorlageStart = await ctx.nextId(RwVorlage);
  const vorlagen = [
    ['Seminarrechnung', kreise[0].id, 'rechnung-seminar.html', 'storno-seminar.html'],
    ['Abo-Rechnung', kreise[1].id, 'rechnung-abo.html', 'storno-abo.html'],
    ['Bundle-Rechnung', kreise[2].id, 'rechnung-bundle.html', 'storno-bundle.html'],
    ['Shop-Rechnung', kreise[2].id, 'rechnung-shop.html', 'storno-shop.html'],
  ].map(([titel, rw_kreis_id, datei, storno_datei], i) => ({
    id: vorlageStart + i,
    titel: titel as string,
    rw_kreis_id: rw_kreis_id as number,
    datei: datei as string,
    storno_datei: storno_datei as string,
  }));
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
  ].map(([titel, beschreibung, text]) => ({ titel, beschreibung, text }));

  // Bookings from the earlier steps' data
  const bookings: Booking[] = [];
  const pickPerson = () => rng.pick(personen);
  const bookingDate = (start: Date | null) => {
    const base = start ?? new Date(Date.UTC(2025, 0, 1) + rng.int(0, 660) * DAY);
    return new Date(base.getTime() - rng.int(5, 90) * DAY + rng.int(7, 20) * 3_600_000);
  };

  if (personen.length > 0 && ctx.ids.has('veranstaltung')) {
    const ids = new Set(ctx.ids.get('veranstaltung'));
    const seminare = (
      await seedRows(
        ctx,
        'SELECT id, lg_id, titel, beginn, preis1, preis2, mwst FROM veranstaltung ORDER BY id',
      )
    ).filter((v) => ids.has(Number(v.id)));
    const events = await seedRows(
      ctx,
      'SELECT id, veranstaltung_id, preis1 FROM veranstaltung_event ORDER BY id',
    );
    const eventIds = new Set(ctx.ids.get('veranstaltung_event') ?? []);
    for (const v of seminare) {
      const own = events.filter(
        (e) => Number(e.veranstaltung_id) === Number(v.id) && eventIds.has(Number(e.id)),
      );
      const teilnehmer = new Set<number>();
      const count = Math.min(personen.length, rng.int(2, 10));
      while (teilnehmer.size < count) teilnehmer.add(pickPerson());
      for (const t of teilnehmer) {
        const mitglied = rng.chance(0.7);
        const event = own.length > 1 && rng.chance(0.2) ? rng.pick(own) : null;
        const preis = event
          ? cents(event.preis1, 19000)
          : mitglied
            ? cents(v.preis1, 29000)
            : cents(v.preis2 ?? v.preis1, 34900);
        bookings.push({
          category: 'seminare',
          categoryId: Number(v.id),
          kreis: kreisOf.seminare,
          mwstSatz: Number(v.mwst ?? 0),
          date: bookingDate(asDate(v.beginn)),
          payer: payerOf(t),
          teilnehmer: { id: t, name: String(byId.get(t)!.anzeigename ?? '') },
          betrag: preis,
          titel: [v.lg_id, v.titel].filter(Boolean).join(' - '),
          extra: {
            veranstaltung_id: Number(v.id),
            veranstaltung_event_id: event ? Number(event.id) : null,
            data: { preis_bezeichnung: mitglied ? 'Mitgliederpreis' : 'Normalpreis' },
          },
        });
      }
    }
  }

  if (personen.length > 0 && ctx.ids.has('wb_abo')) {
    const abos = new Map(
      (await seedRows(ctx, 'SELECT id, titel FROM wb_abo ORDER BY id')).map((a) => [Number(a.id), a]),
    );
    const turni = await seedRows(
      ctx,
      'SELECT id, wb_abo_id, von, bis, preis, mwst FROM wb_abo_turnus ORDER BY von, id',
    );
    const buchungen = await seedRows(
      ctx,
      'SELECT id, benutzer_id, teilnehmer_id, wb_abo_id, first_turnus_id, last_turnus_id, createdAt FROM wb_abo_buchung ORDER BY id',
    );
    for (const b of buchungen) {
      const abo = abos.get(Number(b.wb_abo_id));
      if (!abo || !byId.has(Number(b.benutzer_id))) continue;
      const ownTurni = turni.filter((t) => Number(t.wb_abo_id) === Number(b.wb_abo_id));
      const first = ownTurni.findIndex((t) => Number(t.id) === Number(b.first_turnus_id));
      const last =
        b.last_turnus_id == null ? -1 : ownTurni.findIndex((t) => Number(t.id) === Number(b.last_turnus_id));
      const perioden = ownTurni
        .slice(Math.max(first, 0), last >= 0 ? last + 1 : undefined)
        .filter((t) => (asDate(t.von) ?? NOW) <= NOW);
      const teilnehmerId =
        b.teilnehmer_id != null && byId.has(Number(b.teilnehmer_id))
          ? Number(b.teilnehmer_id)
          : Number(b.benutzer_id);
      for (const t of perioden) {
        const von = asDate(t.von) ?? NOW;
        bookings.push({
          category: 'abos',
          categoryId: Number(b.wb_abo_id),
          kreis: kreisOf.abos,
          mwstSatz: t.mwst == null ? 19 : Number(t.mwst),
          date: new Date(von.getTime() + rng.int(8, 18) * 3_600_000),
          payer: payerOf(Number(b.benutzer_id)),
          teilnehmer: { id: teilnehmerId, name: String(byId.get(teilnehmerId)?.anzeigename ?? '') },
          betrag: cents(t.preis, 10000),
          titel: `${String(abo.titel)} (${String(t.von).slice(0, 10)} bis ${t.bis ? String(t.bis).slice(0, 10) : 'offen'})`,
          extra: {
            wb_abo_id: Number(b.wb_abo_id),
            wb_abo_turnus_id: Number(t.id),
            wb_abo_buchung_id: Number(b.id),
          },
        });
      }
    }
  }

  if (personen.length > 0 && ctx.ids.has('wb_bundle')) {
    const ids = new Set(ctx.ids.get('wb_bundle'));
    const bundles = (await seedRows(ctx, 'SELECT id, titel, preis, mwst FROM wb_bundle ORDER BY id')).filter(
      (b) => ids.has(Number(b.id)),
    );
    for (const bundle of bundles) {
      const count = rng.int(1, 5);
      for (let i = 0; i < count; i++) {
        const t = pickPerson();
        bookings.push({
          category: 'bundle',
          categoryId: Number(bundle.id),
          kreis: kreisOf.bundle,
          mwstSatz: bundle.mwst == null ? 19 : Number(bundle.mwst),
          date: bookingDate(null),
          payer: payerOf(t),
          teilnehmer: { id: t, name: String(byId.get(t)!.anzeigename ?? '') },
          betrag: cents(bundle.preis, 50000),
          titel: String(bundle.titel),
          extra: { wb_bundle_id: Number(bundle.id) },
        });
      }
    }
  }

  if (personen.length > 0 && ctx.ids.has('warenkorb')) {
    const ids = new Set(ctx.ids.get('warenkorb'));
    const produkte = await seedRows(ctx, 'SELECT id, titel, preis FROM produkt ORDER BY id');
    const koerbe = (
      await seedRows(ctx, 'SELECT id, benutzer_id, gekauftAm FROM warenkorb ORDER BY id')
    ).filter((w) => ids.has(Number(w.id)) && w.gekauftAm != null && byId.has(Number(w.benutzer_id)));
    for (const korb of koerbe) {
      if (produkte.length === 0) break;
      const positionen = rng.int(1, 3);
      for (let i = 0; i < positionen; i++) {
        const produkt = rng.pick(produkte);
        const t = Number(korb.benutzer_id);
        bookings.push({
          category: 'produkte',
          categoryId: Number(korb.id),
          kreis: kreisOf.produkte,
          mwstSatz: 19,
          date: asDate(korb.gekauftAm) ?? bookingDate(null),
          payer: payerOf(t),
          teilnehmer: { id: t, name: String(byId.get(t)!.anzeigename ?? '') },
          betrag: cents(produkt.preis, 2000),
          titel: String(produkt.titel),
          extra: { warenkorb_id: Number(korb.id), produkt_id: Number(produkt.id) },
        });
      }
    }
  }
  bookings.sort((a, b) => a.date.getTime() - b.date.getTime());

  // Transactions: a change or a cancellation writes a new version (first_id/child_id chain)
  let transactionId = await ctx.nextId(RwTransaction);
  const transactions: Partial<RwTransaction>[] = [];
  const childOf: [number, number][] = [];
  /** The current version of each booking, with its booking. */
  const current: { t: Partial<RwTransaction>; booking: Booking }[] = [];
  const newVersion = (previous: Partial<RwTransaction>, changes: Partial<RwTransaction>) => {
    const next = { ...previous, id: transactionId++, first_id: previous.first_id, ...changes };
    childOf.push([previous.id!, next.id]);
    transactions.push(next);
    return next;
  };
  for (const booking of bookings) {
    const first: Partial<RwTransaction> = {
      id: transactionId++,
      betrag: euros(booking.betrag),
      verifiziert: false,
      storno: false,
      locked: false,
      benutzer_id: booking.payer.id,
      teilnehmer_id: booking.teilnehmer.id,
      category: booking.category,
      buchung_typ: rng.pick(['online', 'online', 'online', 'fax', 'backoffice']),
      buchung_time: booking.date,
      titel: booking.titel.slice(0, 255),
      teilnehmer: booking.teilnehmer.name,
      ...booking.extra,
      createdAt: booking.date,
    };
    first.first_id = first.id;
    transactions.push(first);
    let latest = first;
    const roll = rng.next();
    if (roll < 0.1) {
      // a discount granted afterwards
      latest = newVersion(first, {
        betrag: euros(Math.round(booking.betrag * 0.9)),
        data: { ...(booking.extra.data ?? {}), aenderung: 'Rabatt 10 % nachträglich gewährt' },
        createdAt: new Date(booking.date.getTime() + rng.int(1, 10) * DAY),
      });
    } else if (roll < 0.16) {
      // cancelled by the participant
      latest = newVersion(first, {
        storno: true,
        data: {
          ...(booking.extra.data ?? {}),
          storno_grund: rng.pick(['Krankheit', 'Terminkonflikt', 'Kanzleiwechsel']),
        },
        createdAt: new Date(booking.date.getTime() + rng.int(1, 20) * DAY),
      });
    }
    if (!latest.storno) latest.verifiziert = rng.chance(0.8);
    current.push({ t: latest, booking });
  }

  // Invoices: one per payer and category object over its verified bookings, numbered in date order
  const groups = new Map<string, { t: Partial<RwTransaction>; booking: Booking }[]>();
  for (const entry of current) {
    if (!entry.t.verifiziert || entry.t.storno) continue;
    const key = `${entry.booking.category}:${entry.booking.categoryId}:${entry.booking.payer.id}:${entry.t.wb_abo_turnus_id ?? ''}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(entry);
  }
  const bezahlTyp = new Map<string, BezahlTyp>();
  const optionKey = (b: Booking) => `${b.category}:${b.categoryId}:${b.payer.id}`;
  for (const { booking } of current) {
    const key = optionKey(booking);
    if (!bezahlTyp.has(key))
      bezahlTyp.set(key, booking.payer.konto && rng.chance(0.6) ? 'debit' : 'transfer');
  }
  const counters = new Map(kreise.map((k) => [k.id, { ...k }]));
  const issue = (kreisId: number, date: Date) => {
    const kreis = counters.get(kreisId)!;
    const next = naechsteNummer(kreis, date);
    kreis.current_nr = next.current_nr;
    return next.nummer;
  };
  const candidates = [...groups.values()]
    .map((entries) => ({
      entries,
      date: new Date(Math.max(...entries.map((e) => e.booking.date.getTime())) + rng.int(1, 14) * DAY),
    }))
    .filter((c) => c.date <= NOW && rng.chance(0.85))
    .sort((a, b) => a.date.getTime() - b.date.getTime());

  // Which invoices get cancelled (at least one, so every demo data set shows the storno links)
  type Candidate = (typeof candidates)[number] & { rechnung?: Partial<RwRechnung> };
  const issues: { kind: 'rechnung' | 'storno'; c: Candidate; date: Date }[] = [];
  candidates.forEach((c, i) => {
    issues.push({ kind: 'rechnung', c, date: c.date });
    const stornoDate = new Date(c.date.getTime() + rng.int(3, 30) * DAY);
    if ((rng.chance(0.05) || i === 0) && stornoDate <= NOW)
      issues.push({ kind: 'storno', c, date: stornoDate });
  });
  // Numbers and ids follow the issue date, per circle without gaps (a storno takes the next number).
  issues.sort((a, b) => a.date.getTime() - b.date.getTime() || (a.kind === 'rechnung' ? -1 : 1));

  let rechnungId = await ctx.nextId(RwRechnung);
  const rechnungen: Partial<RwRechnung>[] = [];
  const stornoOf: [number, number][] = [];
  const split = (gross: number, satz: number) => {
    const netto = Math.round((gross * 100) / (100 + satz));
    return { netto: euros(netto), mwst: euros(gross - netto) };
  };
  for (const { kind, c, date } of issues) {
    const { entries } = c;
    const { booking } = entries[0];
    if (kind === 'rechnung') {
      const gross = entries.reduce((sum, e) => sum + Math.round((e.t.betrag as number) * 100), 0);
      const rechnung: Partial<RwRechnung> = {
        id: rechnungId++,
        rechnungs_nr: issue(booking.kreis, date),
        betrag: euros(gross),
        ...split(gross, booking.mwstSatz),
        bezahloption_typ: bezahlTyp.get(optionKey(booking))!,
        rw_kreis_id: booking.kreis,
        benutzer_id: booking.payer.id,
        category: booking.category,
        [KATEGORIE_ID_FELD[booking.category]]: booking.categoryId,
        data: {
          rechnungsdatum: date.toISOString().slice(0, 10),
          empfaenger: booking.payer.name,
          mwst_satz: booking.mwstSatz,
          positionen: entries.map((e) => ({
            titel: e.t.titel,
            teilnehmer: e.t.teilnehmer,
            betrag: e.t.betrag,
          })),
        },
        createdAt: date,
      };
      c.rechnung = rechnung;
      rechnungen.push(rechnung);
      for (const e of entries) {
        e.t.rw_rechnung_id = rechnung.id;
        e.t.locked = true;
      }
      continue;
    }
    // A storno invoice: negative amounts, same circle, linked both ways; the bookings get a storno version
    const rechnung = c.rechnung!;
    const storno: Partial<RwRechnung> = {
      ...rechnung,
      id: rechnungId++,
      rechnungs_nr: issue(rechnung.rw_kreis_id!, date),
      betrag: -(rechnung.betrag as number),
      netto: -(rechnung.netto as number),
      mwst: -(rechnung.mwst as number),
      storno_parent_id: rechnung.id,
      storno_bezahloption_typ: rechnung.bezahloption_typ,
      data: {
        ...rechnung.data,
        rechnungsdatum: date.toISOString().slice(0, 10),
        storno_zu: rechnung.rechnungs_nr,
      },
      createdAt: date,
    };
    rechnungen.push(storno);
    stornoOf.push([rechnung.id!, storno.id!]);
    for (const e of entries) {
      newVersion(e.t, {
        storno: true,
        verifiziert: false,
        rw_rechnung_id: storno.id,
        locked: true,
        createdAt: date,
      });
    }
  }
  transactions.sort((a, b) => a.id! - b.id!);

  // Summaries of the seminars and Abos whose invoices are older than two months
  let abrechnungId = await ctx.nextId(RwAbrechnung);
  const abrechnungen: Partial<RwAbrechnung>[] = [];
  const logs: Partial<RwAbrechnungLog>[] = [];
  const byObject = new Map<string, Partial<RwRechnung>[]>();
  for (const r of rechnungen) {
    if ((r.createdAt as Date).getTime() > NOW.getTime() - 60 * DAY) continue;
    const idFeld = KATEGORIE_ID_FELD[r.category!];
    const key = `${r.category}:${(r as Record<string, unknown>)[idFeld]}`;
    if (!byObject.has(key)) byObject.set(key, []);
    byObject.get(key)!.push(r);
  }
  for (const [key, list] of byObject) {
    if (!rng.chance(0.7)) continue;
    const [category, categoryId] = key.split(':');
    const idFeld = KATEGORIE_ID_FELD[category as Kategorie];
    const last = Math.max(...list.map((r) => (r.createdAt as Date).getTime()));
    const createdAt = new Date(last + rng.int(1, 20) * DAY);
    const sum = (items: Partial<RwRechnung>[]) =>
      euros(items.reduce((s, r) => s + Math.round((r.betrag as number) * 100), 0));
    const debit = list.filter((r) => r.bezahloption_typ === 'debit' && !r.storno_parent_id);
    const transfer = list.filter((r) => r.bezahloption_typ === 'transfer' && !r.storno_parent_id);
    const emails = list.filter(() => rng.chance(0.6)).length;
    const abrechnung: Partial<RwAbrechnung> = {
      id: abrechnungId++,
      category: category as Kategorie,
      [idFeld]: Number(categoryId),
      data: {
        betrag: sum(list),
        all: list.length,
        created: list.filter((r) => !r.storno_parent_id).length,
        storno: list.filter((r) => r.storno_parent_id).length,
        sepa_debit: debit.length ? { anzahl: debit.length, betrag: sum(debit) } : null,
        sepa_transfer: transfer.length ? { anzahl: transfer.length, betrag: sum(transfer) } : null,
        rechnungenEmail: emails,
      },
      createdAt: createdAt > NOW ? NOW : createdAt,
    };
    abrechnungen.push(abrechnung);
    for (const r of list) r.rw_abrechnung_id = abrechnung.id;
    const admin = rng.pick(ADMINS);
    logs.push({
      rw_abrechnung_id: abrechnung.id,
      type: 'create',
      admin_name: admin,
      createdAt: abrechnung.createdAt,
    });
    if (debit.length)
      logs.push({
        rw_abrechnung_id: abrechnung.id,
        type: 'sepaDebit',
        admin_name: admin,
        createdAt: abrechnung.createdAt,
      });
    if (transfer.length && rng.chance(0.5))
      logs.push({
        rw_abrechnung_id: abrechnung.id,
        type: 'sepaTransfer',
        admin_name: rng.pick(ADMINS),
        createdAt: abrechnung.createdAt,
      });
    if (emails)
      logs.push({
        rw_abrechnung_id: abrechnung.id,
        type: 'rechnungenEmail',
        admin_name: rng.pick(ADMINS),
        createdAt: abrechnung.createdAt,
      });
  }

  // Payment options: one per payer and category object
  const optionen: Partial<RwBezahloption>[] = [];
  const seen = new Set<string>();
  for (const { booking } of current) {
    const key = optionKey(booking);
    if (seen.has(key)) continue;
    seen.add(key);
    const typ = bezahlTyp.get(key)!;
    optionen.push({
      benutzer_id: booking.payer.id,
      category: booking.category,
      [KATEGORIE_ID_FELD[booking.category]]: booking.categoryId,
      typ,
      benutzer_adresse_id: booking.payer.adresse,
      benutzer_konto_id: typ === 'debit' ? booking.payer.konto : null,
      neg_typ: booking.payer.konto ? 'debit' : 'transfer',
      neg_benutzer_konto_id: booking.payer.konto,
      skript_per_post: booking.category === 'seminare' && rng.chance(0.6),
    });
  }

  // Guest registrations
  const gaeste: Partial<Gastanmeldung>[] = [];
  const seminarIds = ctx.ids.get('veranstaltung') ?? [];
  const eventRows = seminarIds.length
    ? await seedRows(ctx, 'SELECT id, veranstaltung_id FROM veranstaltung_event ORDER BY id')
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
      createdAt: new Date(NOW.getTime() - rng.int(1, 300) * DAY),
    });
  }

  await ctx.insert(
    RwKreis,
    kreise.map((k) => ({ ...k, current_nr: counters.get(k.id)!.current_nr })),
  );
  await ctx.insert(RwDebitorKreis, debitorKreise);
  await ctx.insert(RwVorlage, vorlagen);
  await ctx.insert(RwText, texte);
  await ctx.insert(RwAbrechnung, abrechnungen);
  await ctx.insert(RwAbrechnungLog, logs);
  await ctx.insert(RwRechnung, rechnungen);
  await updateColumn(ctx, 'rw_rechnung', 'storno_id', stornoOf);
  await ctx.insert(
    RwTransaction,
    // A first version points at itself; written after insert so no row references one not yet stored.
    transactions.map((t) => ({
      ...t,
      first_id: t.first_id === t.id ? null : t.first_id,
      updatedAt: t.createdAt,
    })),
  );
  if (transactions.length > 0) {
    await ctx.dataSource.query('UPDATE rw_transaction SET first_id = id WHERE first_id IS NULL AND id >= ?', [
      transactions[0].id,
    ]);
  }
  await updateColumn(ctx, 'rw_transaction', 'child_id', childOf);
  await ctx.insert(RwBezahloption, optionen);
  await ctx.insert(Gastanmeldung, gaeste);

  // Types, Abos and bundles of the earlier steps get their invoice template and debtor circle;
  // seminars their participant count, derived from the current bookings.
  await seedRows(
    ctx,
    `UPDATE veranstaltung_typ SET rw_vorlage_id = ${vorlagen[0].id} WHERE rw_vorlage_id IS NULL`,
  );
  await seedRows(
    ctx,
    `UPDATE veranstaltung_typ SET rw_debitor_kreis_id = ${debitorKreise[0].id} WHERE rw_debitor_kreis_id IS NULL`,
  );
  await seedRows(ctx, `UPDATE wb_abo SET rw_vorlage_id = ${vorlagen[1].id} WHERE rw_vorlage_id IS NULL`);
  await seedRows(ctx, `UPDATE wb_bundle SET rw_vorlage_id = ${vorlagen[2].id} WHERE rw_vorlage_id IS NULL`);
  // The counts come from the same code as every booking's save (seminars' participant list).
  await ctx.dataSource.transaction(async (manager) => {
    for (const id of seminarIds) await aktualisiereTeilnehmerzahl(manager, id);
  });
}
