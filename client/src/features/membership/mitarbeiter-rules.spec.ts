import { FEHLER_SCHON_ZUGEORDNET, FEHLER_SELBST, pruefeZuordnung } from './mitarbeiter-rules';

describe('pruefeZuordnung', () => {
  it('refuses the user itself and a user already assigned to it', () => {
    expect(pruefeZuordnung(5, { id: 5, parent_id: null })).toEqual({ fehler: FEHLER_SELBST });
    expect(pruefeZuordnung(5, { id: 7, parent_id: 5 })).toEqual({ fehler: FEHLER_SCHON_ZUGEORDNET });
  });

  it('warns that another employer link will be removed', () => {
    const result = pruefeZuordnung(5, { id: 7, parent_id: 9 }, 'Müller GmbH');
    expect(result).toEqual({
      warnung:
        'Achtung: Der Benutzer ist bereits einem anderen Benutzer zugeordnet (Müller GmbH). Diese Zuordnung wird entfernt!',
    });
  });

  it('accepts a top-level user', () => {
    expect(pruefeZuordnung(5, { id: 7, parent_id: null })).toEqual({ ok: true });
  });
});
