import type { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { DomainError } from '../../shared/domain-error';
import { standardBefreiungsgruende, type Verbandsdaten } from '../domain/verbandsdaten';
import { VerbandsdatenSpeicher } from './ports/verbandsdaten-speicher';
import { NUR_ADMINISTRATOREN, Verbandsangaben } from './verbandsdaten';

class SpeicherImSpeicher extends VerbandsdatenSpeicher {
  daten: Verbandsdaten | null = null;
  gespeichert: { daten: Verbandsdaten; actor: unknown }[] = [];
  async lesen() {
    return this.daten;
  }
  async speichern(daten: Verbandsdaten, actor: unknown) {
    this.daten = daten;
    this.gespeichert.push({ daten, actor });
  }
}

const DATEN: Verbandsdaten = {
  name: 'Verband e. V.',
  strasse: 'Ring 1',
  plz: '50667',
  ort: 'Köln',
  steuernummer: '21/815/08150',
  ust_idnr: null,
  iban: 'DE89370400440532013000',
  bic: null,
  bank: null,
  glaeubiger_id: 'DE98ZZZ09999999999',
  kontakt_name: null,
  kontakt_telefon: null,
  kontakt_email: null,
  befreiungsgruende: standardBefreiungsgruende(),
};
const ADMIN = { id: 1, name: 'Admin' };
const MITARBEITER = { id: 2, name: 'Mia' };

function aufbau(creditor?: { id: string; name: string; iban: string; bic: string | null }) {
  const speicher = new SpeicherImSpeicher();
  const mitglieder = {
    istAdministrator: async (id: number) => id === ADMIN.id,
  } as unknown as MitgliederAuskunft;
  const config = { get: () => ({ creditor }) } as unknown as ConfigService;
  return { speicher, verband: new Verbandsangaben(speicher, mitglieder, config) };
}

describe('Verbandsangaben (issue 28)', () => {
  it('stands in the configured SEPA creditor until saved, then the saved data', async () => {
    const { verband } = aufbau({
      id: 'DE98ZZZ09999999999',
      name: 'Aus der Konfiguration',
      iban: 'DE02120300000000202051',
      bic: null,
    });
    expect(await verband.glaeubiger()).toEqual({
      id: 'DE98ZZZ09999999999',
      name: 'Aus der Konfiguration',
      iban: 'DE02120300000000202051',
      bic: null,
    });
    await verband.speichere({ ...DATEN, glaeubiger_id: 'DE13ZZZ00000012345' }, ADMIN);
    expect((await verband.glaeubiger())?.id).toBe('DE13ZZZ00000012345');
    expect(await aufbau().verband.glaeubiger()).toBeNull();
  });

  it('lets administrators only save, and says so to the screen', async () => {
    const { verband, speicher } = aufbau();
    await expect(verband.speichere(DATEN, MITARBEITER)).rejects.toEqual(
      new DomainError('NUR_ADMIN', NUR_ADMINISTRATOREN, 'forbidden'),
    );
    await expect(verband.speichere(DATEN, null)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(speicher.gespeichert).toEqual([]);
    expect((await verband.ansicht(MITARBEITER)).bearbeitbar).toBe(false);
    expect((await verband.ansicht(ADMIN)).bearbeitbar).toBe(true);
    await verband.speichere(DATEN, ADMIN);
    expect(speicher.gespeichert).toEqual([{ daten: DATEN, actor: ADMIN }]);
  });

  it('saves nothing that the domain refuses', async () => {
    const { verband, speicher } = aufbau();
    await expect(verband.speichere({ ...DATEN, iban: 'DE00' }, ADMIN)).rejects.toMatchObject({
      code: 'INVALID_FIELDS',
    });
    expect(speicher.gespeichert).toEqual([]);
  });
});
