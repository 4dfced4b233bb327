/**
 * The Datenauskunft (issue 34) as long work ending in a file: the ZIP is written into
 * FILES_DIR/auftraege and downloaded from the job's route (platform/queue/auftrag-dateien.ts).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuftragsDateien, dateiauftrag, type Dateiergebnis } from '../../../platform/queue/auftrag-dateien';
import type { Ausgang, Hintergrundauftrag } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Datenauskunft, type Auskunftsergebnis } from '../../application/datenauskunft';

export const DATENAUSKUNFT = 'datenauskunft';

interface Auskunftsauftrag {
  benutzerId: number;
}

export type Auskunftsdatei = Auskunftsergebnis & Dateiergebnis;

@Injectable()
export class DatenschutzAuftraege implements OnModuleInit {
  private readonly auskunft: Hintergrundauftrag<Auskunftsauftrag, Auskunftsdatei>;

  constructor(queue: JobQueue, dateien: AuftragsDateien, datenauskunft: Datenauskunft) {
    this.auskunft = dateiauftrag(
      queue,
      dateien,
      DATENAUSKUNFT,
      'zip',
      ({ benutzerId }: Auskunftsauftrag, out, melde) => datenauskunft.schreibe(benutzerId, out, melde),
    );
  }

  onModuleInit(): void {
    this.auskunft.registrieren();
  }

  datenauskunft(benutzerId: number, wartenMs?: number): Promise<Ausgang<Auskunftsdatei>> {
    return this.auskunft.starte({ benutzerId }, wartenMs);
  }
}
