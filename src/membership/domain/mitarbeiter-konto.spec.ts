import { DomainError } from '../../shared/domain-error';
import { pruefeKontoAenderung, pruefeLetzterAdmin } from './mitarbeiter-konto';

function refusal(run: () => void): { kind: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, message: error.message };
  }
}

const mitglied = {
  atr_verband_mitarbeiter: false,
  atr_verband_admin: false,
  aktiviert: true,
  benutzername: null,
};
const mitarbeiter = {
  atr_verband_mitarbeiter: true,
  atr_verband_admin: false,
  aktiviert: true,
  benutzername: 'mia',
};

describe('changes of staff accounts', () => {
  it.each([
    ['make a member staff', mitglied, { atr_verband_mitarbeiter: true }, 'zum Mitarbeiter machen'],
    ['create a new staff account', undefined, { atr_verband_mitarbeiter: true }, 'zum Mitarbeiter machen'],
    ['create a new admin', undefined, { atr_verband_admin: true }, 'Administratorrechte'],
    ['grant the admin right', mitarbeiter, { atr_verband_admin: true }, 'Administratorrechte'],
    [
      'withdraw the admin right',
      { ...mitarbeiter, atr_verband_admin: true },
      { atr_verband_admin: false },
      'Administratorrechte',
    ],
    ['take the staff flag away', mitarbeiter, { atr_verband_mitarbeiter: false }, 'Zugang entziehen'],
    ['deactivate a staff account', mitarbeiter, { aktiviert: false }, 'Zugang entziehen'],
    ['rename a staff login', mitarbeiter, { benutzername: 'mia2' }, 'Benutzernamen eines Mitarbeiters'],
  ])(
    'refuses a member of staff without the admin right to %s (403), and lets an admin',
    (_, vorher, nachher, text) => {
      const refused = refusal(() => pruefeKontoAenderung(vorher, nachher, false));
      expect(refused?.kind).toBe('forbidden');
      expect(refused?.message).toContain(text);
      expect(refusal(() => pruefeKontoAenderung(vorher, nachher, true))).toBeNull();
    },
  );

  it.each([
    ['edit a member', mitglied, { nachname: 'Neu', aktiviert: false, benutzername: 'x' }],
    ['create a member', undefined, { atr_verband_mitarbeiter: false, atr_verband_admin: false }],
    ['save a staff record unchanged', mitarbeiter, { ...mitarbeiter }],
    ['edit other fields of a staff record', mitarbeiter, { vorname: 'Mia' }],
  ])('lets everyone %s', (_, vorher, nachher) => {
    expect(refusal(() => pruefeKontoAenderung(vorher, nachher as never, false))).toBeNull();
  });

  it('keeps at least one active administrator', () => {
    const admin = { ...mitarbeiter, atr_verband_admin: true };
    for (const nachher of [
      { atr_verband_admin: false },
      { aktiviert: false },
      { atr_verband_mitarbeiter: false },
    ]) {
      expect(refusal(() => pruefeLetzterAdmin(admin, nachher, 0))?.message).toBe(
        'Es muss mindestens ein aktiver Administrator bleiben.',
      );
      expect(refusal(() => pruefeLetzterAdmin(admin, nachher, 1))).toBeNull();
    }
    expect(refusal(() => pruefeLetzterAdmin(admin, { vorname: 'x' } as never, 0))).toBeNull();
    expect(refusal(() => pruefeLetzterAdmin(mitarbeiter, { aktiviert: false }, 0))).toBeNull();
  });
});
