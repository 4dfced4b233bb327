/**
 * What billing offers the seminars context (issue 10, 11), behind its exported port
 * SeminarBuchungen: each answer in the caller's transaction.
 */
import { Injectable } from '@nestjs/common';
import type { Transaktion } from '../../platform/database/transaktion';
import { Nummernvergabe } from './nummernvergabe';
import { Abrechnungsspeicher } from './ports/abrechnungsspeicher';
import {
  SeminarBuchungen,
  type SeminarBuchung,
  type SeminareMitEvents,
  type SeminarTeilnahme,
} from './ports/seminar-buchungen';
import { Uhr } from './ports/uhr';

@Injectable()
export class SeminarAnbindung extends SeminarBuchungen {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly nummern: Nummernvergabe,
    private readonly uhr: Uhr,
  ) {
    super();
  }

  naechsteDebitorNummer(tx: Transaktion, kreisId: number): Promise<number | null> {
    return this.nummern.naechsteDebitorNummer(this.speicher.in(tx), kreisId, this.uhr.jetzt());
  }

  buchungenZuSeminar(tx: Transaktion, veranstaltungId: number): Promise<number> {
    return this.speicher.in(tx).buchungenZuSeminar(veranstaltungId);
  }

  buchungenZuEvent(tx: Transaktion, eventId: number): Promise<number> {
    return this.speicher.in(tx).buchungenZuEvent(eventId);
  }

  aktuelleSeminarBuchungen(
    tx: Transaktion,
    seminare: SeminareMitEvents,
  ): Promise<Map<number, SeminarBuchung[]>> {
    return this.speicher.in(tx).aktuelleSeminarBuchungen(seminare);
  }

  aktuelleSeminarTeilnahmen(
    tx: Transaktion,
    seminare: SeminareMitEvents,
  ): Promise<Map<number, SeminarTeilnahme[]>> {
    return this.speicher.in(tx).aktuelleSeminarTeilnahmen(seminare);
  }
}
