import { DomainError } from '../../shared/domain-error';
import { istAktiverAdmin, KontoStand, pruefeKontoAenderung, verwirftPasswort } from './mitarbeiter-konto';

function refusal(run: () => void): { kind: string; code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, code: error.code, message: error.message };
  }
}

const mitglied: KontoStand = {
  atr_verband_mitarbeiter: false,
  atr_verband_admin: false,
  aktiviert: true,
  benutzername: null,
  password: null,
  verband: 3,
};
const mitarbeiter: KontoStand = {
  atr_verband_mitarbeiter: true,
  atr_verband_admin: false,
  aktiviert: true,
  benutzername: 'mia',
  password: 'scrypt$alt',
  verband: 3,
};
const admin: KontoStand = { ...mitarbeiter, atr_verband_admin: true, benutzername: 'admin' };

const als = (istAdmin: boolean, weitereAktiveAdmins = 1) => ({ istAdmin, weitereAktiveAdmins });

describe('the staff-account rule: what only an administrator may do', () => {
  it.each<[string, KontoStand | undefined, KontoStand | null, string]>([
    [
      'make a member staff',
      mitglied,
      { ...mitglied, atr_verband_mitarbeiter: true, benutzername: 'x' },
      'zum Mitarbeiter machen',
    ],
    [
      'create a staff account',
      undefined,
      { atr_verband_mitarbeiter: true, benutzername: 'x' },
      'zum Mitarbeiter machen',
    ],
    ['create an admin', undefined, { atr_verband_admin: true }, 'Administratorrechte'],
    [
      'grant the admin right',
      mitarbeiter,
      { ...mitarbeiter, atr_verband_admin: true },
      'Administratorrechte',
    ],
    ['withdraw the admin right', admin, { ...admin, atr_verband_admin: false }, 'Administratorrechte'],
    [
      'take the staff flag away',
      mitarbeiter,
      { ...mitarbeiter, atr_verband_mitarbeiter: false },
      'Zugang entziehen',
    ],
    ['deactivate a staff account', mitarbeiter, { ...mitarbeiter, aktiviert: false }, 'Zugang entziehen'],
    ['delete a staff account', mitarbeiter, null, 'Zugang entziehen'],
    ['reactivate a staff account', { ...mitarbeiter, aktiviert: false }, mitarbeiter, 'wieder aktivieren'],
    [
      'rename a staff login',
      mitarbeiter,
      { ...mitarbeiter, benutzername: 'mia2' },
      'Benutzernamen eines Mitarbeiters',
    ],
    [
      'set a staff password',
      mitarbeiter,
      { ...mitarbeiter, password: 'scrypt$neu' },
      'Passwort eines Mitarbeiters',
    ],
    [
      'remove a staff password',
      mitarbeiter,
      { ...mitarbeiter, password: null },
      'Passwort eines Mitarbeiters',
    ],
    [
      'change the verband of staff',
      mitarbeiter,
      { ...mitarbeiter, verband: 2 },
      'Verband eines Mitarbeiters',
    ],
  ])('refuses staff without the admin right to %s (403), and lets an admin', (_, vorher, nachher, text) => {
    const refused = refusal(() => pruefeKontoAenderung(vorher, nachher, als(false)));
    expect(refused).toMatchObject({ kind: 'forbidden', code: 'NUR_ADMIN' });
    expect(refused?.message).toContain(text);
    expect(refusal(() => pruefeKontoAenderung(vorher, nachher, als(true)))).toBeNull();
  });

  it.each<[string, KontoStand | undefined, KontoStand | null]>([
    ['edit a member', mitglied, { ...mitglied, aktiviert: false, benutzername: 'x', verband: 2 }],
    ['set a member password', mitglied, { ...mitglied, password: 'scrypt$neu' }],
    ['create a member', undefined, { atr_verband_mitarbeiter: false, atr_verband_admin: false }],
    ['delete a member', mitglied, null],
    ['save a staff record unchanged', mitarbeiter, { ...mitarbeiter }],
    [
      'save a staff login with blanks for none',
      { ...mitarbeiter, password: '' },
      { ...mitarbeiter, password: null },
    ],
  ])('lets everyone %s', (_, vorher, nachher) => {
    expect(refusal(() => pruefeKontoAenderung(vorher, nachher, als(false)))).toBeNull();
  });
});

describe('the staff-account rule: what nobody may do', () => {
  it.each<[string, KontoStand | null]>([
    ['withdraw the admin right', { ...admin, atr_verband_admin: false }],
    ['take the staff flag away', { ...admin, atr_verband_mitarbeiter: false }],
    ['deactivate', { ...admin, aktiviert: false }],
    ['delete or merge away', null],
  ])('keeps one active administrator: the last one cannot %s (409)', (_, nachher) => {
    expect(refusal(() => pruefeKontoAenderung(admin, nachher, als(true, 0)))).toEqual({
      kind: 'conflict',
      code: 'LETZTER_ADMIN',
      message: 'Es muss mindestens ein aktiver Administrator bleiben.',
    });
    expect(refusal(() => pruefeKontoAenderung(admin, nachher, als(true, 1)))).toBeNull();
  });

  it('does not let the last administrator be renamed, however the name changes', () => {
    const renamed = refusal(() =>
      pruefeKontoAenderung(admin, { ...admin, benutzername: 'chef' }, als(true, 0)),
    );
    expect(renamed).toMatchObject({ kind: 'conflict', code: 'LETZTER_ADMIN' });
    expect(renamed?.message).toContain('Benutzername des letzten aktiven Administrators');
    expect(
      refusal(() => pruefeKontoAenderung(admin, { ...admin, benutzername: 'chef' }, als(true, 1))),
    ).toBeNull();
  });

  it('counts only active administrators as the last one', () => {
    const inaktiv = { ...admin, aktiviert: false };
    expect(istAktiverAdmin(admin)).toBe(true);
    expect(istAktiverAdmin(inaktiv)).toBe(false);
    expect(istAktiverAdmin({ ...admin, atr_verband_mitarbeiter: false })).toBe(false);
    expect(refusal(() => pruefeKontoAenderung(inaktiv, null, als(true, 0)))).toBeNull();
  });

  it.each<[string, KontoStand]>([
    ['a login name cleared', { ...mitarbeiter, benutzername: null }],
    ['a login name of blanks', { ...mitarbeiter, benutzername: '  ' }],
  ])('refuses a staff account losing its login name (400): %s', (_, nachher) => {
    expect(refusal(() => pruefeKontoAenderung(mitarbeiter, nachher, als(true)))).toEqual({
      kind: 'invalid',
      code: 'BENUTZERNAME_FEHLT',
      message: 'Ein Mitarbeiter braucht einen Benutzernamen.',
    });
  });

  it('lets staff without a login (listed, not logging in) stay so', () => {
    const ohneLogin = { ...mitarbeiter, benutzername: null };
    expect(refusal(() => pruefeKontoAenderung(undefined, ohneLogin, als(true)))).toBeNull();
    expect(
      refusal(() => pruefeKontoAenderung(ohneLogin, { ...ohneLogin, verband: 2 }, als(true))),
    ).toBeNull();
  });
});

describe('a password set before the Benutzer became staff', () => {
  it('is discarded when the Benutzer becomes staff, and only then', () => {
    const mitPasswort = { ...mitglied, password: 'scrypt$vom-mitglied' };
    const wirdMitarbeiter = { ...mitPasswort, atr_verband_mitarbeiter: true, benutzername: 'neu' };
    expect(verwirftPasswort(mitPasswort, wirdMitarbeiter)).toBe(true);
    expect(verwirftPasswort(undefined, wirdMitarbeiter)).toBe(true);
    expect(verwirftPasswort(mitglied, { ...mitglied, atr_verband_mitarbeiter: true })).toBe(false);
    expect(verwirftPasswort(mitarbeiter, { ...mitarbeiter })).toBe(false);
    expect(verwirftPasswort(mitPasswort, { ...mitPasswort, vorname: 'x' } as KontoStand)).toBe(false);
  });
});
