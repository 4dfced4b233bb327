/**
 * Two overviews of bookings (spec 002 §7): `POST /node/api/warenkorb/bestelluebersicht_email`
 * mails a member what they booked on one object (seminar, Abo, bundle or order), and
 * `GET /node/api/veranstaltung/{id}/lg_abrechnung` is a seminar's settlement list as a CSV file for
 * German Excel, with `skript_per_post=true` (the state branch, verband 3, spec 002 §6) a column
 * saying whose script goes by post.
 */
import { Injectable } from '@nestjs/common';
import { stringifyCsv } from '../../platform/csv/csv-format';
import { MailDeliveryError, Mailer } from '../../platform/mail/mailer';
import { DomainError } from '../../shared/domain-error';
import { bestelluebersicht, lgAbrechnungZeilen } from '../domain/bestelluebersicht';
import { kategorieObjekt, type Kategorie, type KategorieObjekt } from '../domain/kategorie';
import { Abrechnungsspeicher, type BillingTx, type Buchungsobjekt } from './ports/abrechnungsspeicher';
import { EMAIL_VERSENDET } from './rechnungs-dokument';

/** The record naming each category's object, for its title. */
const OBJEKT: Record<Kategorie, Buchungsobjekt> = {
  seminare: 'Veranstaltung',
  abos: 'WB_Abo',
  bundle: 'WB_Bundle',
  produkte: 'Warenkorb',
};

const OBJEKT_NAME: Record<Kategorie, string> = {
  seminare: 'Seminar',
  abos: 'Abo',
  bundle: 'Bundle',
  produkte: 'Bestellung',
};

/** How staff and members know the object: a seminar by LG number and title, others by title. */
async function objektTitel(tx: BillingTx, objekt: KategorieObjekt): Promise<string> {
  const record = await tx.objekt<{ titel?: string | null; lg_id?: string | null }>(
    OBJEKT[objekt.category],
    objekt.id,
  );
  if (!record)
    throw DomainError.notFound(
      'NOT_FOUND',
      `${OBJEKT_NAME[objekt.category]} ${objekt.id} wurde nicht gefunden.`,
    );
  return (
    [record.lg_id, record.titel].filter(Boolean).join(' – ') || `${OBJEKT_NAME[objekt.category]} ${objekt.id}`
  );
}

@Injectable()
export class Bestelluebersichten {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly mailer: Mailer,
  ) {}

  async email(anfrage: { benutzer_id: number; category?: string; category_id?: number }) {
    const objekt = kategorieObjekt(anfrage);
    const tx = this.speicher.lesen();
    const mitglied = await tx.mitgliedMitEmail(anfrage.benutzer_id);
    if (!mitglied)
      throw DomainError.notFound('NOT_FOUND', `Mitglied ${anfrage.benutzer_id} wurde nicht gefunden.`);
    const titel = await objektTitel(tx, objekt);
    const mail = bestelluebersicht(titel, null, await tx.aktuelleVorgaenge(objekt, mitglied.id));
    if (!mitglied.email)
      throw DomainError.conflict(
        'KEINE_EMAIL',
        'Das Mitglied hat keine primäre Email-Adresse; die Bestellübersicht wurde nicht versendet.',
      );
    try {
      await this.mailer.send({ to: mitglied.email, ...mail });
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      throw DomainError.conflict('EMAIL_FEHLER', `Die Email konnte nicht versendet werden: ${error.message}`);
    }
    return { message: EMAIL_VERSENDET };
  }

  async lgAbrechnung(seminarId: number, skriptPerPost: boolean): Promise<{ name: string; csv: Buffer }> {
    const objekt = kategorieObjekt({ category: 'seminare', category_id: seminarId });
    const tx = this.speicher.lesen();
    const titel = await objektTitel(tx, objekt);
    const posten = await tx.aktuelleVorgaenge(objekt);
    const mitglieder = [...new Set(posten.flatMap((p) => (p.benutzer_id == null ? [] : [p.benutzer_id])))];
    const wege = await tx.zahlungswege(objekt, mitglieder);
    const zahlungsarten = new Map(wege.map((w) => [w.benutzer_id, w.typ]));
    const skript = skriptPerPost
      ? new Map((await tx.bezahloptionenFuer(objekt)).map((o) => [o.benutzer_id, o.skript_per_post]))
      : null;
    const zeilen = lgAbrechnungZeilen(posten, zahlungsarten, skript);
    if (zeilen.length === 0)
      throw DomainError.conflict(
        'KEINE_BUCHUNGEN',
        `Zum Seminar „${titel}“ gibt es keine aktuellen Buchungen.`,
      );
    const name = `LG-Abrechnung ${titel}`.replace(/[^\p{L}\p{N} ._-]+/gu, '-');
    return { name: `${name}.csv`, csv: stringifyCsv(zeilen) };
  }
}
