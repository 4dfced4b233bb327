/**
 * Automatic newsletters (issue 15): templates with automatik announce the coming seminars or events
 * of their seminar type. A check (hourly, adapters/jobs/automatik.jobs.ts) makes for each due one a
 * newsletter with its groups and a dispatcher at the send time, all in one transaction, and plans
 * the dispatcher like one staff created. The newsletter's unique auto_schluessel makes sure that
 * however many checks run, in however many processes, each is made once.
 */
import { Injectable, Logger } from '@nestjs/common';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { SeminarTermine } from '../../seminars/application/ports/seminar-termine';
import {
  autoEinstellungen,
  autoFaellig,
  autoGruppenFuer,
  autoNachfuehren,
  autoSchluessel,
  autoText,
  autoVersandZeit,
  startFenster,
  type AutoEinstellungen,
  type AutoZiel,
} from '../domain/automatik';
import { AutomatikSpeicher, type AutoVorlage } from './ports/automatik-speicher';
import { VersandSpeicher } from './ports/versand-speicher';
import { VersandAuftraege } from './versand';

export interface AutomatikErgebnis {
  /** The newsletters this check made (with their dispatchers). */
  angelegt: { newsletter_id: number; dispatcher_id: number; schluessel: string }[];
  /** Unstarted automatic dispatchers moved to their seminar's new send time. */
  verschoben: number[];
  /** Unstarted automatic dispatchers struck: their seminar can no longer be announced. */
  gestrichen: number[];
}

/** What the automation planned, kept on its dispatcher to tell a time staff changed by hand. */
const GEPLANT = 'auto_versand_time';

@Injectable()
export class NewsletterAutomatik {
  private readonly logger = new Logger('Newsletterautomatik');

  constructor(
    private readonly speicher: AutomatikSpeicher,
    private readonly versand: VersandSpeicher,
    private readonly auftraege: VersandAuftraege,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly termine: SeminarTermine,
  ) {}

  /** One check over every template with automatik. */
  async pruefen(jetzt = new Date()): Promise<AutomatikErgebnis> {
    const vorlagen = await this.speicher.vorlagen();
    const ergebnis: AutomatikErgebnis = { angelegt: [], verschoben: [], gestrichen: [] };
    for (const vorlage of vorlagen) {
      const einstellungen = autoEinstellungen(vorlage.data);
      await this.nachfuehren(vorlage, einstellungen, jetzt, ergebnis);
      const { von, bis } = startFenster(einstellungen, jetzt);
      const termine = await this.termine.anstehende(vorlage.auto_typ, vorlage.veranstaltung_typ_id, von, bis);
      for (const ziel of termine) {
        if (!autoFaellig(ziel, einstellungen, jetzt)) continue;
        const angelegt = await this.anlegen(vorlage, einstellungen, ziel);
        if (angelegt) ergebnis.angelegt.push(angelegt);
      }
    }
    // After the commits: the dispatch jobs must find their dispatchers.
    for (const dispatcher_id of [...ergebnis.angelegt.map((a) => a.dispatcher_id), ...ergebnis.verschoben]) {
      // Staff may have deleted it or cleared its time since.
      const dispatcher = await this.versand.dispatcher(dispatcher_id);
      if (dispatcher?.versand_time) await this.auftraege.planen(dispatcher_id, dispatcher.versand_time);
    }
    return ergebnis;
  }

  /**
   * The template's automatic dispatchers that have not started follow their seminar: a new start
   * moves them, a seminar that can no longer be announced strikes them (the newsletter stays for
   * staff to see). Each change is one guarded UPDATE or DELETE, so a dispatch that starts meanwhile
   * or a time staff set meanwhile wins.
   */
  private async nachfuehren(
    vorlage: AutoVorlage,
    einstellungen: AutoEinstellungen,
    jetzt: Date,
    ergebnis: AutomatikErgebnis,
  ): Promise<void> {
    for (const dispatcher of await this.speicher.offeneDispatcher(vorlage.id)) {
      const versandZeit = dispatcher.versand_time;
      if (!versandZeit) continue;
      const ziel = await this.termine.von(dispatcher.ziel);
      const geplant = dispatcher.typ_data?.[GEPLANT];
      const folge = ziel
        ? autoNachfuehren(ziel, einstellungen, jetzt, {
            versandZeit,
            geplant: typeof geplant === 'string' ? new Date(geplant) : null,
          })
        : ({ aktion: 'behalten' } as const);
      if (folge.aktion === 'streichen') {
        if (await this.speicher.streichen(dispatcher.id, versandZeit))
          ergebnis.gestrichen.push(dispatcher.id);
      } else if (folge.aktion !== 'behalten') {
        const neu = {
          versand_time: folge.versandZeit,
          typ_data: { ...dispatcher.typ_data, [GEPLANT]: folge.versandZeit.toISOString() },
        };
        if (await this.speicher.verschieben(dispatcher.id, versandZeit, neu))
          ergebnis.verschoben.push(dispatcher.id);
      }
    }
  }

  /**
   * Newsletter, groups and dispatcher in one transaction; null when this template's newsletter for
   * the seminar exists already (made by an earlier check, or by one running at the same time).
   */
  private async anlegen(
    vorlage: AutoVorlage,
    einstellungen: AutoEinstellungen,
    ziel: AutoZiel,
  ): Promise<AutomatikErgebnis['angelegt'][number] | null> {
    const schluessel = autoSchluessel(vorlage.id, ziel);
    if (await this.speicher.schluesselVergeben(schluessel)) return null;
    const gruppe = await this.mitglieder.teilnehmerGruppe(ziel);
    if (gruppe === null && einstellungen.auto_teilnehmer_group !== null)
      this.logger.warn(
        `Vorlage ${vorlage.id}: keine Teilnehmer-Gruppe für ${schluessel}, der Newsletter geht ohne sie.`,
      );
    const { versand, ausschluss } = autoGruppenFuer(einstellungen, gruppe);
    // A group deleted since the template was saved is left out rather than stopping the automation.
    const vorhanden = await this.mitglieder.vorhandeneGruppen([...versand, ...ausschluss]);
    const versandTime = autoVersandZeit(ziel.beginn, einstellungen);
    const angelegt = await this.speicher.anlegen({
      newsletter: {
        titel: autoText(einstellungen.auto_titel, ziel),
        betreff: autoText(einstellungen.auto_betreff, ziel),
        newsletter_absender_id: einstellungen.newsletter_absender_id,
        newsletter_vorlagen_id: vorlage.id,
        veranstaltung_id: ziel.veranstaltung_id,
        veranstaltung_event_id: ziel.veranstaltung_event_id,
        allow_duplicate_email: einstellungen.allow_duplicate_email,
        auto_schluessel: schluessel,
      },
      versandGruppen: versand.filter((id) => vorhanden.has(id)),
      ausschlussGruppen: ausschluss.filter((id) => vorhanden.has(id)),
      dispatcher: { versand_time: versandTime, typ_data: { [GEPLANT]: versandTime.toISOString() } },
    });
    return angelegt && { ...angelegt, schluessel };
  }
}
