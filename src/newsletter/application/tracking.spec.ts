/**
 * The links of sent newsletters against an in-memory store: a click is recorded for the row its
 * token names and leads on, an unsubscribe reaches membership, the preview's links record nothing,
 * and no token signed with another key, for another purpose or for no row is taken.
 */
import { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { DomainError } from '../../shared/domain-error';
import { VersandSpeicherInMemory } from './ports/versand-speicher.testing';
import { NewsletterLinks } from './tracking';

const PUBLIC_URL = 'https://verwaltung.test';
const ZIEL = 'https://steuerberater.test/frist';

function linksMit({ publicUrl = PUBLIC_URL, secret = 'geheim' } = {}) {
  const speicher = new VersandSpeicherInMemory(async () => undefined);
  speicher.dispatcherAnlegen({ id: 3, newsletter_id: 7, versendet: true });
  void speicher.empfaengerAnlegen(
    3,
    7,
    [
      { benutzer_id: 11, email: 'mitglied@kanzlei.test' },
      { benutzer_id: null, email: 'ohne-konto@kanzlei.test' },
    ],
    new Date(),
  );
  const abbestellt: number[] = [];
  const mitglieder = {
    newsletterAbbestellen: async (id: number) => (abbestellt.push(id), true),
  } as unknown as MitgliederAuskunft;
  const config = new ConfigService({ app: { sessionSecret: secret }, newsletter: { publicUrl } });
  return { links: new NewsletterLinks(speicher, mitglieder, config), speicher, abbestellt };
}

/** The token at the end of a link of ours. */
const token = (link: string, pfad: string) => {
  expect(link.startsWith(`${PUBLIC_URL}/node/${pfad}/`)).toBe(true);
  return link.slice(`${PUBLIC_URL}/node/${pfad}/`.length);
};

const unbekannt = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({
    code: 'LINK_UNBEKANNT',
    kind: 'not_found',
    message: 'Diesen Link gibt es nicht.',
  });
};

describe('newsletter links', () => {
  it('gives no links without PUBLIC_URL', () => {
    const { links } = linksMit({ publicUrl: '' });
    expect(links.fuerVersand(1)).toBeUndefined();
    expect(links.fuerVorschau(7)).toBeUndefined();
  });

  it('puts a one-click unsubscribe into the headers of each mail', () => {
    const versand = linksMit().links.fuerVersand(1)!;
    expect(versand.headers).toEqual({
      'List-Unsubscribe': `<${versand.abmelden}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    token(versand.abmelden, 'abmelden');
  });

  it("records a click with the row's dispatch and Benutzer, at Berlin time, and leads on", async () => {
    const { links, speicher } = linksMit();
    const klick = token(links.fuerVersand(1)!.verfolgen(ZIEL), 'r');
    expect(await links.klick(klick)).toBe(ZIEL);
    expect(speicher.klicks).toEqual([
      {
        datum: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        uhrzeit: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
        newsletter_id: 7,
        dispatcher_id: 3,
        benutzer_id: 11,
        url: ZIEL,
      },
    ]);
  });

  it("leads the preview's links on and records nothing, unsubscribes nobody", async () => {
    const { links, speicher, abbestellt } = linksMit();
    const vorschau = links.fuerVorschau(7)!;
    expect(await links.klick(token(vorschau.verfolgen(ZIEL), 'r'))).toBe(ZIEL);
    const abmelden = token(vorschau.abmelden, 'abmelden');
    expect(await links.abmeldungPruefen(abmelden)).toEqual({ vorschau: true });
    expect(await links.abmelden(abmelden)).toEqual({ vorschau: true });
    expect(speicher.klicks).toEqual([]);
    expect(abbestellt).toEqual([]);
  });

  it('unsubscribes the Benutzer of the row, counted for its dispatch, and a row of no Benutzer only counted', async () => {
    const { links, abbestellt, speicher } = linksMit();
    const mitglied = token(links.fuerVersand(1)!.abmelden, 'abmelden');
    expect(await links.abmeldungPruefen(mitglied)).toEqual({ vorschau: false });
    expect(abbestellt).toEqual([]);
    expect(await links.abmelden(mitglied)).toEqual({ vorschau: false });
    expect(abbestellt).toEqual([11]);
    expect(await links.abmelden(token(links.fuerVersand(2)!.abmelden, 'abmelden'))).toEqual({
      vorschau: false,
    });
    expect(abbestellt).toEqual([11]);
    // Issue 32: the opt-out of each row, for the newsletter evaluation; the preview's counted none.
    expect([...speicher.abmeldungen.keys()]).toEqual([1, 2]);
  });

  it('refuses tokens of no row, of another key, of the other purpose, and garbage', async () => {
    const { links, speicher, abbestellt } = linksMit();
    const fremd = linksMit({ secret: 'anderes' }).links.fuerVersand(1)!;
    const eigene = links.fuerVersand(1)!;
    const keinRow = links.fuerVersand(99)!;
    await unbekannt(links.klick(token(fremd.verfolgen(ZIEL), 'r')));
    await unbekannt(links.klick(token(eigene.abmelden, 'abmelden')));
    await unbekannt(links.klick(token(keinRow.verfolgen(ZIEL), 'r')));
    await unbekannt(links.klick('kaputt'));
    for (const pruefen of [links.abmeldungPruefen.bind(links), links.abmelden.bind(links)]) {
      await unbekannt(pruefen(token(fremd.abmelden, 'abmelden')));
      await unbekannt(pruefen(token(eigene.verfolgen(ZIEL), 'r')));
      await unbekannt(pruefen(token(keinRow.abmelden, 'abmelden')));
    }
    expect(speicher.klicks).toEqual([]);
    expect(abbestellt).toEqual([]);
  });
});
