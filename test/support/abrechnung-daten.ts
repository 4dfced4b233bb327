/**
 * Billing data as staff enter it, through HTTP (the product's own code path, as
 * bench/rechnungslauf.mjs does): one seminar of a type whose invoice template numbers from a
 * circle of its own, and members with a primary e-mail, a payment option and one booking each.
 */
import type request from 'supertest';
import { createRecord } from './crud';

export interface Abrechnungsdaten {
  seminar: number;
  mitglieder: number[];
}

const GLEICHZEITIG = 8;

/** A full postal address of `benutzer_id`: an invoice names it (§ 14 UStG), a run refuses one without. */
export const anschrift = (benutzer_id: number) => ({
  benutzer_id,
  bezeichnung: 'Kanzlei',
  strasse: 'Königsallee 12',
  plz: '40213',
  ort: 'Düsseldorf',
});

/** `arbeit(i)` for i < n, a few at a time. */
async function nebeneinander(n: number, arbeit: (i: number) => Promise<void>): Promise<void> {
  let naechste = 0;
  const strang = async () => {
    while (naechste < n) await arbeit(naechste++);
  };
  await Promise.all(Array.from({ length: Math.min(n, GLEICHZEITIG) }, strang));
}

/**
 * A seminar of a type whose invoice template numbers from a circle of its own
 * (`{kuerzel}-{yyyy}-{nr:stellen}`); answers the seminar's id.
 */
export async function seminarMitVorlage(
  agent: request.Agent,
  {
    kuerzel,
    titel,
    lgId = kuerzel,
    stellen = 5,
  }: { kuerzel: string; titel: string; lgId?: string; stellen?: number },
): Promise<number> {
  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id as number;
  const kreis = await post('rw-kreis', {
    titel: `Kreis ${kuerzel}`,
    template: `${kuerzel}-{yyyy}-{nr:${stellen}}`,
  });
  const vorlage = await post('rw-vorlage', { titel: `Vorlage ${kuerzel}`, rw_kreis_id: kreis });
  const typ = await post('veranstaltung-typ', {
    bezeichnung: `Typ ${kuerzel}`,
    mwst: 19,
    rw_vorlage_id: vorlage,
  });
  return post('veranstaltung', { titel, lg_id: lgId, veranstaltung_typ_id: typ, mwst: 19 });
}

export async function seminarMitBuchungen(
  agent: request.Agent,
  anzahl: number,
  { name = 'LA', mitEmail = true }: { name?: string; mitEmail?: boolean } = {},
): Promise<Abrechnungsdaten> {
  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id as number;
  const seminar = await seminarMitVorlage(agent, { kuerzel: name, titel: `Jahresabschluss kompakt ${name}` });
  const mitglieder: number[] = [];
  await nebeneinander(anzahl, async (i) => {
    const id = await post('benutzer', {
      firma: `Kanzlei Müßig & Partner ${name} ${i}`,
      kennnummer: `${name}${i}`,
    });
    mitglieder.push(id);
    if (mitEmail) {
      const email = await post('benutzer-email', {
        benutzer_id: id,
        email: `kanzlei-${i}@${name.toLowerCase()}.test`,
      });
      await agent.put(`/node/api/benutzer/${id}`).send({ primaeremail_id: email }).expect(200);
    }
    await post('rw-bezahloption', {
      benutzer_id: id,
      category: 'seminare',
      veranstaltung_id: seminar,
      typ: 'transfer',
      benutzer_adresse_id: await post('benutzer-adresse', anschrift(id)),
    });
    await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: seminar,
      benutzer_id: id,
      betrag: 290,
      titel: 'Jahresabschluss kompakt',
    });
  });
  await agent
    .post('/node/api/rw-transaction/setAllVerifiziert')
    .send({ category: 'seminare', category_id: seminar })
    .expect(200);
  return { seminar, mitglieder: mitglieder.sort((a, b) => a - b) };
}
