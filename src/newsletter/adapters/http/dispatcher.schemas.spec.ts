import { pruefeKoerper } from '../../../platform/http/zod-body';
import { unbeschriftet } from '../../../platform/http/zod-body.testing';
import { ungueltigeEingabe } from '../../../shared/domain-error.testing';
import { DISPATCHER, DispatcherKoerper } from './dispatcher.schemas';

describe('the body of a new dispatch', () => {
  const pruefe = (body: unknown) => pruefeKoerper(DispatcherKoerper, body, DISPATCHER);

  it('reads the time, none as unplanned, and passes other fields to the generic writer', () => {
    expect(pruefe({ newsletter_id: '3', versand_time: '2026-12-01T08:00:00Z', typ: 'manuell' })).toEqual({
      newsletter_id: 3,
      versand_time: new Date('2026-12-01T08:00:00Z'),
      typ: 'manuell',
    });
    expect(pruefe({ newsletter_id: 3, versand_time: '' }).versand_time).toBeNull();
  });

  it('names the newsletter and the time by their labels', () => {
    expect(ungueltigeEingabe(() => pruefe({ versand_time: 'morgen' }))).toBe(
      'Bitte prüfen Sie die Eingaben: „Newsletter“ muss zuvor gespeichert werden; „Versandzeit“ ist kein gültiger Zeitpunkt.',
    );
    expect(unbeschriftet(DispatcherKoerper, DISPATCHER)).toEqual([]);
  });
});
