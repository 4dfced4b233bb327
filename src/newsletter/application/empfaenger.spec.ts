/** The recipients of a newsletter: its groups as membership's one computation is asked for them. */
import type {
  AdressAuswahl,
  MitgliederAuskunft,
} from '../../membership/application/ports/mitglieder-auskunft';
import { NewsletterEmpfaenger } from './empfaenger';
import type { NewsletterBestand, NewsletterGruppen } from './ports/newsletter-bestand';

function empfaengerVon(gruppen: NewsletterGruppen | null) {
  const gefragt: AdressAuswahl[] = [];
  const mitglieder = {
    adressen: async (auswahl: AdressAuswahl) => (
      gefragt.push(auswahl),
      [{ benutzer_id: 1, email: 'a@b.test' }]
    ),
    adressenAnzahl: async (auswahl: AdressAuswahl) => (gefragt.push(auswahl), 41),
  } as unknown as MitgliederAuskunft;
  const bestand = { gruppen: async () => gruppen } as unknown as NewsletterBestand;
  return { empfaenger: new NewsletterEmpfaenger(bestand, mitglieder), gefragt };
}

describe('recipients of a newsletter', () => {
  it('counts and lists the addresses of its send groups minus its exclusion groups', async () => {
    const { empfaenger, gefragt } = empfaengerVon({
      allow_duplicate_email: true,
      versand: [3, 4],
      ausschluss: [5],
    });
    expect(await empfaenger.anzahl(9)).toBe(41);
    expect(await empfaenger.adressen(9)).toEqual([{ benutzer_id: 1, email: 'a@b.test' }]);
    expect(gefragt).toHaveLength(2);
    expect(gefragt[0]).toEqual(gefragt[1]);
    expect(gefragt[0]).toEqual({ gruppen: [3, 4], ausschluss: [5], duplikate: true });
  });

  it('refuses an unknown newsletter in German', async () => {
    const { empfaenger } = empfaengerVon(null);
    for (const frage of [empfaenger.anzahl(9), empfaenger.adressen(9)])
      await expect(frage).rejects.toMatchObject({
        code: 'NEWSLETTER_FEHLT',
        kind: 'not_found',
        message: 'Der Newsletter 9 wurde nicht gefunden.',
      });
  });
});
