/**
 * A booking batch's view of its transaction (Buchungsstapel): the records of other contexts a
 * booking names (members, seminars, Abos, …) and a member's groups are read once per batch, those
 * the batch names up front in one read per kind (`vorladen`, the seminars locked). Its bookings
 * and changes write none of them, so a second read in the same transaction would answer the same;
 * a locked read is taken once and holds its lock until the transaction ends. Everything else goes
 * to the transaction.
 */
import type { BillingTx, Buchungsobjekt } from './ports/abrechnungsspeicher';

export interface Lesepuffer extends BillingTx {
  /** Reads the records of kind `art` with these ids not read yet (`sperren`: not locked yet), in one read. */
  vorladen(art: Buchungsobjekt, ids: Iterable<number>, sperren?: boolean): Promise<void>;
  /** Reads the groups of these Benutzer not read yet, in one read. */
  gruppenVorladen(benutzerIds: Iterable<number>): Promise<void>;
}

export function mitLesepuffer(tx: BillingTx): Lesepuffer {
  const objekte = new Map<string, { gesperrt: boolean; zeile: Promise<unknown> }>();
  const gruppen = new Map<number, Promise<number[]>>();
  const puffer: Pick<Lesepuffer, 'objekt' | 'gruppenVon' | 'vorladen' | 'gruppenVorladen'> = {
    objekt<T>(art: Buchungsobjekt, id: number, sperren = false): Promise<T | null> {
      const schluessel = `${art}:${id}`;
      const gelesen = objekte.get(schluessel);
      if (gelesen && (gelesen.gesperrt || !sperren)) return gelesen.zeile as Promise<T | null>;
      const zeile = tx.objekt<T>(art, id, sperren);
      objekte.set(schluessel, { gesperrt: sperren, zeile });
      return zeile;
    },
    gruppenVon(benutzerId: number): Promise<number[]> {
      let ids = gruppen.get(benutzerId);
      if (!ids) gruppen.set(benutzerId, (ids = tx.gruppenVon(benutzerId)));
      return ids.then((g) => g.slice());
    },
    async vorladen(art: Buchungsobjekt, ids: Iterable<number>, sperren = false): Promise<void> {
      const fehlend = [...new Set(ids)].filter((id) => {
        const gelesen = objekte.get(`${art}:${id}`);
        return !gelesen || (sperren && !gelesen.gesperrt);
      });
      const zeilen = new Map((await tx.objekte(art, fehlend, sperren)).map((z) => [Number(z.id), z]));
      for (const id of fehlend)
        objekte.set(`${art}:${id}`, { gesperrt: sperren, zeile: Promise.resolve(zeilen.get(id) ?? null) });
    },
    async gruppenVorladen(benutzerIds: Iterable<number>): Promise<void> {
      const fehlend = [...new Set(benutzerIds)].filter((id) => !gruppen.has(id));
      for (const [id, g] of await tx.gruppenVonAllen(fehlend)) gruppen.set(id, Promise.resolve(g));
    },
  };
  // The transaction's own methods and state through the prototype, the reads above in front.
  return Object.assign(Object.create(tx) as BillingTx, puffer);
}
