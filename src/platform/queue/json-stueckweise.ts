/**
 * Large JSON written a batch at a time (issue 26): JSON.stringify of 200 000 CSV rows at once holds
 * the event loop for a quarter of a second; in batches of a few hundred, with the stream drained
 * and other requests let in between, it never holds it for more than a moment.
 */
import type { Writable } from 'node:stream';
import { setImmediate as naechsteRunde } from 'node:timers/promises';

const JE_STUECK = 500;

/** Writes `text`, waiting when the stream asks for a pause; a closed stream (the caller left) ends it. */
export async function schreibe(out: Writable, text: string | Uint8Array): Promise<void> {
  if (out.destroyed) throw new Error('Der Empfänger hat die Verbindung beendet.');
  if (out.write(text)) return;
  await new Promise<void>((resolve) => {
    const weiter = () => {
      out.off('drain', weiter);
      out.off('close', weiter);
      resolve();
    };
    out.on('drain', weiter);
    out.on('close', weiter);
  });
}

/** Writes `liste` as a JSON array. */
export async function schreibeJsonListe(out: Writable, liste: readonly unknown[]): Promise<void> {
  await schreibe(out, '[');
  for (let i = 0; i < liste.length; i += JE_STUECK) {
    const stueck = liste.slice(i, i + JE_STUECK).map((eintrag) => JSON.stringify(eintrag));
    await schreibe(out, (i > 0 ? ',' : '') + stueck.join(','));
    await naechsteRunde();
  }
  await schreibe(out, ']');
}
