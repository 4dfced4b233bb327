/**
 * Glue between the generic resource engine and the membership rules: every save through
 * /node/api/benutzer, /benutzer-konto, /benutzer-email, /benutzer-gruppe and the group links goes
 * through these.
 */
import { IsNull, Not } from 'typeorm';
import { anzeigename } from '../../../../common/benutzer';
import type { MitgliedArt } from '../../../../common/gruppen';
import { berlinDatum } from '../../../../common/kalender';
import { labelFor } from '../../../../common/vocabulary';
import { DomainError } from '../../../shared/domain-error';
import type { ResourceHooks, Row, SaveContext } from '../../../platform/resources/resource-definition';
import { bicFehler, ibanFehler, normaliseBic, normaliseIban } from '../../../shared/bankverbindung';
import {
  ableiten,
  BenutzerStand,
  debitorNummerVergeben,
  fehlendeAngaben,
  pruefeArbeitgeber,
} from '../../domain/benutzer-regeln';
import { emailFehler } from '../../domain/email';
import { gruppeSpeichern, pruefeHinzufuegen, type GruppenStand } from '../../domain/gruppen-regeln';
import { KontoStand, verwirftPasswort } from '../../domain/mitarbeiter-konto';
import { Benutzer } from './benutzer.entity';
import { BenutzerGruppe } from './benutzer-gruppe.entity';
import { BenutzerEmail } from './benutzer-kontakt.entity';
import { gruppenInhalt } from './gruppen-mitglieder';
import { pruefeKonto } from './konto-pruefung';
import { abmeldungBehalten } from './newsletter-sperre';

/** The primary e-mail of a Benutzer is one of its own e-mails (issue 17). */
async function pruefeEigeneEmail({ manager, previous }: SaveContext, values: Row): Promise<void> {
  const emailId = values.primaeremail_id;
  if (emailId === undefined || emailId === null || emailId === previous?.primaeremail_id) return;
  const email = await manager.findOne(BenutzerEmail, {
    where: { id: emailId as number },
    select: { id: true, benutzer_id: true },
  });
  if (!email || previous?.id === undefined || email.benutzer_id !== previous.id) {
    throw DomainError.fields({ primaeremail_id: 'muss eine E-Mail-Adresse dieses Benutzers sein' }, (feld) =>
      labelFor('benutzer', feld),
    );
  }
}

/** Another Benutzer (not erased) holding the debtor number the save gives, as the rule names it. */
async function pruefeDebitorNummer({ manager, previous }: SaveContext, values: Row): Promise<void> {
  // Already a number here: the writer checks the values by their metadata before the hooks.
  const nummer = values.debitor_nr as number | null | undefined;
  if (nummer === undefined || nummer === null || nummer === previous?.debitor_nr) return;
  const inhaber = await manager.findOne(Benutzer, {
    where: {
      debitor_nr: nummer,
      geloescht_am: IsNull(),
      ...(previous?.id === undefined ? {} : { id: Not(previous.id as number) }),
    },
    select: { id: true, anzeigename: true, firma: true, titel: true, vorname: true, nachname: true },
  });
  const fehler = debitorNummerVergeben(
    nummer,
    inhaber && { id: inhaber.id, name: inhaber.anzeigename || anzeigename(inhaber) },
  );
  if (fehler) throw DomainError.fields(fehler, (feld) => labelFor('benutzer', feld));
}

export const benutzerHooks: ResourceHooks = {
  async beforeSave(values, ctx) {
    const { manager, previous } = ctx;
    const id = previous?.id as number | undefined;
    if (
      values.parent_id !== undefined &&
      values.parent_id !== null &&
      values.parent_id !== previous?.parent_id
    ) {
      const arbeitgeber = await manager.findOne(Benutzer, {
        where: { id: values.parent_id as number },
        select: { id: true, parent_id: true },
      });
      if (!arbeitgeber)
        throw DomainError.invalid('ARBEITGEBER_FEHLT', `Arbeitgeber ${values.parent_id} existiert nicht.`);
      const hatMitarbeiter =
        id !== undefined && (await manager.count(Benutzer, { where: { parent_id: id } })) > 0;
      pruefeArbeitgeber(id, arbeitgeber, hatMitarbeiter);
    }
    const fehlend = fehlendeAngaben({ ...previous, ...values } as BenutzerStand);
    if (fehlend) throw DomainError.fields(fehlend, (feld) => labelFor('benutzer', feld));
    await pruefeEigeneEmail(ctx, values);
    await pruefeDebitorNummer(ctx, values);
    Object.assign(values, ableiten((previous ?? {}) as BenutzerStand, values as BenutzerStand));
    // The account rule sees the record as it will be stored, derived login name included.
    const nachher = { ...previous, ...values } as KontoStand;
    await pruefeKonto(manager, ctx.userId, previous as KontoStand | undefined, nachher);
    if (verwirftPasswort(previous as KontoStand | undefined, nachher)) values.password = null;
  },
  async beforeDelete(record, ctx) {
    await pruefeKonto(ctx.manager, ctx.userId, record as KontoStand, null);
  },
};

function check(
  values: Row,
  field: string,
  fehler: (v: string) => string | null,
  normalise: (v: string) => string,
) {
  const value = values[field];
  if (typeof value !== 'string' || value.trim() === '') return;
  const message = fehler(value);
  if (message) throw DomainError.invalid('UNGUELTIG', message, { [field]: message });
  values[field] = normalise(value);
}

export const kontoHooks: ResourceHooks = {
  beforeSave(values) {
    check(values, 'iban', ibanFehler, normaliseIban);
    check(values, 'bic', bicFehler, normaliseBic);
  },
};

export const emailHooks: ResourceHooks = {
  beforeSave(values) {
    // NOT NULL already refuses a missing address; an empty one is no address either.
    if (typeof values.email === 'string' && values.email.trim() === '') {
      throw DomainError.fields({ email: 'ist ein Pflichtfeld' }, (feld) => labelFor('benutzer-email', feld));
    }
    check(values, 'email', emailFehler, (v) => v.trim());
  },
  /**
   * A Benutzer's first e-mail becomes its primary one (issue 35), so lists, employees and
   * newsletters see it without staff choosing it; a later one changes nothing (staff choose).
   */
  async afterSave(saved, { manager, previous }) {
    if (typeof saved.email === 'string')
      await abmeldungBehalten(manager, saved.benutzer_id as number, saved.email);
    if (previous) return;
    const benutzer = await manager.findOne(Benutzer, {
      where: { id: saved.benutzer_id as number },
      select: { id: true, primaeremail_id: true },
    });
    if (!benutzer) return;
    const primaer =
      benutzer.primaeremail_id !== null &&
      (await manager.exists(BenutzerEmail, {
        where: { id: benutzer.primaeremail_id, benutzer_id: benutzer.id },
      }));
    if (!primaer) await manager.update(Benutzer, benutzer.id, { primaeremail_id: saved.id as number });
  },
};

/** The type transitions and rules of spec 001 §4 on every save of a group. */
export const gruppeHooks: ResourceHooks = {
  async beforeSave(values, { manager, previous }) {
    const vorher = previous as GruppenStand | undefined;
    const inhalt = vorher?.id ? await gruppenInhalt(manager, vorher.id) : { benutzer: 0, emails: 0 };
    const jahr = Number(berlinDatum(new Date()).slice(0, 4));
    Object.assign(values, gruppeSpeichern(vorher, values as GruppenStand, jahr, inhalt));
  },
};

/** A link saved through the generic API obeys the same rules as the add verbs. */
export const mitgliedHooks = (art: MitgliedArt): ResourceHooks => ({
  async beforeSave(values, { manager, previous }) {
    const gruppeId = (values.benutzer_gruppe_id ?? previous?.benutzer_gruppe_id) as number;
    const gruppe = await manager.findOne(BenutzerGruppe, { where: { id: gruppeId } });
    if (!gruppe) throw DomainError.fields({ benutzer_gruppe_id: 'verweist auf keine vorhandene Gruppe' });
    pruefeHinzufuegen(gruppe, art);
  },
});
