import { MigrationInterface, QueryRunner } from 'typeorm';
import { dispatcherInfo, dispatcherTyp } from '../src/newsletter/domain/versand';

interface Zeile {
  id: number;
  auto_dispatcher: unknown;
  typ: string | null;
  info: string | null;
  versendet: unknown;
  versand_time: Date | string | null;
  total: unknown;
  sent: unknown;
  failed: unknown;
}

/** A stored UTC time: mysql2 answers a Date, SQLite the text TypeORM wrote ('2026-03-05 08:30:00.000'). */
const utc = (wert: Date | string | null) =>
  wert === null || wert instanceof Date ? wert : new Date(`${wert.replace(' ', 'T')}Z`);

/**
 * Issue 32: dispatches created through the API (and those the workers finished) had no Art and no
 * Info in the Versendete list. The product now writes both at the source; the rows written before
 * get them from what they hold, as the product would have written them.
 */
export class DispatcherArtInfo1732000070800 implements MigrationInterface {
  name = 'DispatcherArtInfo1732000070800';

  async up(qr: QueryRunner): Promise<void> {
    const zeilen: Zeile[] = await qr.query(
      'SELECT id, auto_dispatcher, typ, info, versendet, versand_time, total, sent, failed FROM newsletter_dispatcher WHERE typ IS NULL OR info IS NULL ORDER BY id',
    );
    for (const z of zeilen) {
      const typ = z.typ ?? dispatcherTyp(Boolean(Number(z.auto_dispatcher)));
      const info =
        z.info ??
        dispatcherInfo({
          versendet: Boolean(Number(z.versendet)),
          versand_time: utc(z.versand_time),
          total: Number(z.total),
          sent: Number(z.sent),
          failed: Number(z.failed),
        });
      await qr.query('UPDATE newsletter_dispatcher SET typ = ?, info = ? WHERE id = ?', [typ, info, z.id]);
    }
  }

  /** What was filled in cannot be told from what was written: nothing to undo. */
  async down(): Promise<void> {}
}
