/**
 * The dispatch use case step by step, one worker on an in-memory store whose writes take no turn,
 * with the clock held (fake timers): what a dispatcher's creation plans, how a planned job lays
 * down the recipients, what a send job claims, sends and records, when failed mails are tried
 * again and when the dispatcher is finished. The races of several workers are versand.spec.ts's.
 */
import { ConfigService } from '@nestjs/config';
import type { Anschreiben, MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { Actor, AuditTrail } from '../../platform/audit/audit-trail';
import { MailDeliveryError, Mailer, type MailMessage } from '../../platform/mail/mailer';
import type { Row } from '../../platform/resources/resource-definition';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { ResourceWriter } from '../../platform/resources/resource-writer';
import { MAX_VERSUCHE, SCHREIBVERSUCHE, VERSAND_STATUS, versandMessageId } from '../domain/versand';
import { NewsletterEmpfaenger } from './empfaenger';
import type { VersandLinks } from './newsletter-html';
import type { NewsletterBestand } from './ports/newsletter-bestand';
import { VersandSpeicherInMemory } from './ports/versand-speicher.testing';
import type { NewsletterLinks } from './tracking';
import { NewsletterVersender, type VersandAuftraege } from './versand';
import type { GerenderterNewsletter, NewsletterVorschau } from './vorschau';

const D = 1;
const NEWSLETTER = 7;
const JETZT = new Date('2026-11-27T10:00:00Z');
const MINUTE = 60_000;
const sofort = async () => undefined;

/** The SMTP server: every message kept; an address in `abweisen` refused for good or for now. */
class Postfach extends Mailer {
  readonly verbindungen = 1;
  readonly gesendet: MailMessage[] = [];
  readonly abweisen = new Map<string, 'dauerhaft' | 'voruebergehend'>();
  async send(message: MailMessage) {
    const art = this.abweisen.get(String(message.to));
    if (art === 'dauerhaft') throw new MailDeliveryError('550 Postfach unbekannt', true);
    if (art === 'voruebergehend') throw new Error('421 später');
    this.gesendet.push(message);
    return { messageId: message.messageId ?? '' };
  }
  async verify() {}
}

interface Aufbau {
  empfaenger?: number;
  newsletterDa?: boolean;
  absender?: GerenderterNewsletter['absender'];
  links?: (versandId: number) => (VersandLinks & { headers: Record<string, string> }) | undefined;
  einstellungen?: object;
  anschreiben?: Anschreiben[];
}

function aufbau({
  empfaenger = 3,
  newsletterDa = true,
  absender = { name: 'Die "Akademie"', email: 'news@akademie.test', reply_to: 'antwort@akademie.test' },
  links = () => undefined,
  einstellungen = { newsletter: { retryMs: MINUTE, claimTimeoutMs: 10 * MINUTE } },
  anschreiben = [],
}: Aufbau = {}) {
  const speicher = new VersandSpeicherInMemory(sofort);
  const adressen = Array.from({ length: empfaenger }, (_, i) => ({
    benutzer_id: i + 1,
    email: `m${i + 1}@kanzlei.test`,
  }));
  const bestand = {
    vorhanden: async (id: number) => newsletterDa && id === NEWSLETTER,
    gruppen: async () => ({ allow_duplicate_email: false, versand: [3], ausschluss: [] }),
  } as unknown as NewsletterBestand;
  const mitglieder = {
    adressen: jest.fn(async () => adressen),
    anschreibenNachIds: jest.fn(
      async (ids: number[]) =>
        new Map(anschreiben.filter((a) => ids.includes(a.benutzer_id)).map((a) => [a.benutzer_id, a])),
    ),
  };
  const postfach = new Postfach();
  const geplant: [number, Date][] = [];
  const gestartet: [number, Date | undefined][] = [];
  const auftraege: VersandAuftraege = {
    planen: async (id, zeit) => void geplant.push([id, zeit]),
    senden: async (id, ab) => void gestartet.push([id, ab]),
  };
  const vorschau = {
    vorbereiten: jest.fn(async (): Promise<GerenderterNewsletter> => ({
      betreff: 'Neues',
      absender,
      html: (an: Anschreiben, l?: VersandLinks) =>
        `Hallo ${an.anzeigename ?? '?'} <${an.email}> ${l?.abmelden ?? ''}`,
    })),
  };
  const newsletterLinks = { fuerVersand: links } as unknown as NewsletterLinks;
  const angelegt: { werte: Row; actor: Actor | null }[] = [];
  const writer = {
    create: async (_: unknown, werte: Row, actor: Actor | null) => {
      angelegt.push({ werte, actor });
      return { id: 42, ...werte };
    },
  } as unknown as ResourceWriter;
  const registry = { get: (name: string) => ({ name }) } as unknown as ResourceRegistry;
  const versender = new NewsletterVersender(
    speicher,
    bestand,
    mitglieder as unknown as MitgliederAuskunft,
    new NewsletterEmpfaenger(bestand, mitglieder as unknown as MitgliederAuskunft),
    vorschau as unknown as NewsletterVorschau,
    postfach,
    auftraege,
    newsletterLinks,
    registry,
    writer,
    {} as AuditTrail,
    new ConfigService(einstellungen),
  );
  return { speicher, postfach, geplant, gestartet, vorschau, mitglieder, angelegt, versender };
}

/** A dispatcher due now, its recipients laid down. */
async function ausgefuehrt(optionen: Aufbau = {}) {
  const welt = aufbau(optionen);
  welt.speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versand_time: JETZT });
  await welt.versender.ausfuehren(D);
  return welt;
}

const zeile = (speicher: VersandSpeicherInMemory, email: string) =>
  speicher.zeilen.find((z) => z.email === email)!;

beforeEach(() => jest.useFakeTimers({ now: JETZT }));
afterEach(() => jest.useRealTimers());

describe('creating a dispatch', () => {
  const staff: Actor = { id: 5, name: 'Eva' } as unknown as Actor;

  // Its Art ("manuell") comes from the resource's save hook (newsletter.hooks.ts), which this store stands in for.
  it('stores a dispatch at its time, as the generic API does, and plans it', async () => {
    const { versender, angelegt, geplant } = aufbau();
    const zeit = new Date('2026-12-01T08:00:00Z');
    const dispatcher = await versender.anlegen(
      { newsletter_id: NEWSLETTER, versand_time: zeit, bemerkung: 'Dezember' },
      staff,
    );
    expect(dispatcher.id).toBe(42);
    expect(angelegt).toEqual([
      {
        werte: {
          bemerkung: 'Dezember',
          newsletter_id: NEWSLETTER,
          versand_time: '2026-12-01T08:00:00.000Z',
        },
        actor: staff,
      },
    ]);
    expect(geplant).toEqual([[42, zeit]]);
  });

  it('keeps the kind the body names, and plans nothing without a time', async () => {
    const { versender, angelegt, geplant } = aufbau();
    await versender.anlegen({ newsletter_id: NEWSLETTER, versand_time: null, typ: 'automatisch' }, null);
    expect(angelegt[0].werte).toEqual({ typ: 'automatisch', newsletter_id: NEWSLETTER, versand_time: null });
    expect(geplant).toEqual([]);
  });

  it('refuses a newsletter that does not exist, storing nothing', async () => {
    const { versender, angelegt } = aufbau({ newsletterDa: false });
    await expect(versender.anlegen({ newsletter_id: 9, versand_time: JETZT }, null)).rejects.toMatchObject({
      code: 'NEWSLETTER_FEHLT',
      message: 'Der Newsletter 9 wurde nicht gefunden.',
    });
    expect(angelegt).toEqual([]);
  });
});

describe('deleting and listing dispatches', () => {
  it('deletes the dispatches nothing went out of, and lists the planned ones not sent', async () => {
    const { versender, speicher } = aufbau();
    speicher.dispatcherAnlegen({ id: 1, newsletter_id: NEWSLETTER, versand_time: JETZT });
    speicher.dispatcherAnlegen({ id: 2, newsletter_id: NEWSLETTER, versand_time: null });
    speicher.dispatcherAnlegen({ id: 3, newsletter_id: NEWSLETTER, versand_time: JETZT, versendet: true });
    speicher.dispatcherAnlegen({ id: 4, newsletter_id: 8, versand_time: JETZT });
    expect(await versender.offeneDispatcher()).toEqual([
      { id: 1, versand_time: JETZT },
      { id: 4, versand_time: JETZT },
    ]);
    expect(await versender.unversendeteLoeschen(NEWSLETTER, null)).toEqual({ deleted: 2 });
    expect([...speicher.dispatchers.keys()]).toEqual([3, 4]);
  });
});

describe('the planned job at the send time', () => {
  it('lays the recipients down as rows, writes the count and starts the send jobs', async () => {
    const { speicher, gestartet } = await ausgefuehrt();
    expect(speicher.zeilen.map((z) => [z.email, z.status, z.versuche])).toEqual([
      ['m1@kanzlei.test', 'offen', 0],
      ['m2@kanzlei.test', 'offen', 0],
      ['m3@kanzlei.test', 'offen', 0],
    ]);
    expect(speicher.dispatchers.get(D)).toMatchObject({
      empfaenger_time: JETZT,
      total: 3,
      sent: 0,
      failed: 0,
    });
    expect(gestartet).toEqual([[D, undefined]]);
  });

  it('runs up to a second early, and plans itself again for a time moved later', async () => {
    const frueh = aufbau();
    frueh.speicher.dispatcherAnlegen({
      id: D,
      newsletter_id: NEWSLETTER,
      versand_time: new Date(JETZT.getTime() + 1000),
    });
    await frueh.versender.ausfuehren(D);
    expect(frueh.speicher.zeilen).toHaveLength(3);

    const spaeter = aufbau();
    const zeit = new Date(JETZT.getTime() + 1001);
    spaeter.speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versand_time: zeit });
    await spaeter.versender.ausfuehren(D);
    expect(spaeter.speicher.zeilen).toEqual([]);
    expect(spaeter.geplant).toEqual([[D, zeit]]);
    expect(spaeter.gestartet).toEqual([]);
  });

  it('does nothing for a dispatcher gone, sent, or without time', async () => {
    const { versender, speicher, gestartet, geplant, mitglieder } = aufbau();
    speicher.dispatcherAnlegen({ id: 2, newsletter_id: NEWSLETTER, versand_time: JETZT, versendet: true });
    speicher.dispatcherAnlegen({ id: 3, newsletter_id: NEWSLETTER, versand_time: null });
    for (const id of [1, 2, 3]) await versender.ausfuehren(id);
    expect([speicher.zeilen, gestartet, geplant]).toEqual([[], [], []]);
    expect(mitglieder.adressen).not.toHaveBeenCalled();
  });
});

describe('a send job', () => {
  it('sends each claimed row its mail: sender, reply address, subject, the recipient, its links and Message-ID', async () => {
    const headers = { 'List-Unsubscribe': '<https://verband.test/ab>' };
    const { versender, postfach, speicher } = await ausgefuehrt({
      empfaenger: 2,
      anschreiben: [
        { benutzer_id: 1, kennnummer: 'K-1', anzeigename: 'Mia', ansprache: null, email: 'alt@x.test' },
      ],
      links: (versandId) => ({ abmelden: `ab-${versandId}`, verfolgen: (u) => u, headers }),
    });
    expect(await versender.senden(D)).toEqual({ weiter: true, versendet: 2, fehlgeschlagen: 0 });
    expect(postfach.gesendet).toEqual([
      {
        from: '"Die Akademie" <news@akademie.test>',
        replyTo: 'antwort@akademie.test',
        to: 'm1@kanzlei.test',
        subject: 'Neues',
        // The row's address, not the Benutzer's primary one.
        html: 'Hallo Mia <m1@kanzlei.test> ab-1',
        // The text/plain alternative of the same HTML (domain/mail-text.ts).
        text: 'Hallo Mia ab-1',
        headers,
        messageId: versandMessageId(D, { benutzer_id: 1, email: 'm1@kanzlei.test' }, 'news@akademie.test'),
      },
      expect.objectContaining({ to: 'm2@kanzlei.test', html: 'Hallo ? <m2@kanzlei.test> ab-2' }),
    ]);
    expect(zeile(speicher, 'm1@kanzlei.test')).toMatchObject({
      status: VERSAND_STATUS.versendet,
      versandflag: true,
      versanddatum: '2026-11-27',
      versanduhrzeit: '11:00:00',
      fehler: null,
      versuche: 1,
      claim: null,
    });
    expect(speicher.dispatchers.get(D)).toMatchObject({ sent: 2, failed: 0, versendet: false });
  });

  it('sends without sender and links when the newsletter has none', async () => {
    const { versender, postfach } = await ausgefuehrt({ empfaenger: 1, absender: null });
    await versender.senden(D);
    expect(postfach.gesendet[0]).toMatchObject({ from: undefined, replyTo: undefined, headers: undefined });
    expect(postfach.gesendet[0].messageId).toBe(
      versandMessageId(D, { benutzer_id: 1, email: 'm1@kanzlei.test' }, undefined),
    );
  });

  it('claims one batch of ten mails per SMTP connection, the next batch in the next job', async () => {
    const { versender, postfach, speicher } = await ausgefuehrt({ empfaenger: 13 });
    expect(versender.takt).toEqual({ batch: 10 });
    expect(await versender.senden(D)).toEqual({ weiter: true, versendet: 10, fehlgeschlagen: 0 });
    expect(postfach.gesendet.map((m) => m.to)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${i + 1}@kanzlei.test`),
    );
    expect(await versender.senden(D)).toEqual({ weiter: true, versendet: 3, fehlgeschlagen: 0 });
    expect(speicher.dispatchers.get(D)).toMatchObject({ sent: 13, versendet: false });
  });

  it('finishes the dispatcher with the recount once nothing is left, and then sends nothing more', async () => {
    const { versender, speicher, gestartet } = await ausgefuehrt({ empfaenger: 2 });
    await versender.senden(D);
    expect(await versender.senden(D)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
    expect(speicher.dispatchers.get(D)).toMatchObject({
      versendet: true,
      newsletterVersendet: true,
      total: 2,
      sent: 2,
      failed: 0,
    });
    expect(gestartet).toEqual([[D, undefined]]);
    expect(await versender.senden(D)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
    expect(await versender.senden(99)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
  });

  it('records a refused address as failed for good, with the server\u2019s answer', async () => {
    const welt = aufbau({ empfaenger: 2 });
    welt.postfach.abweisen.set('m2@kanzlei.test', 'dauerhaft');
    welt.speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versand_time: JETZT });
    await welt.versender.ausfuehren(D);
    expect(await welt.versender.senden(D)).toEqual({ weiter: true, versendet: 1, fehlgeschlagen: 1 });
    expect(zeile(welt.speicher, 'm2@kanzlei.test')).toMatchObject({
      status: VERSAND_STATUS.fehler,
      fehler: '550 Postfach unbekannt',
      versuche: 1,
    });
    await welt.versender.senden(D);
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ versendet: true, sent: 1, failed: 1 });
  });

  it('tries a mail that failed for now again later, waiting twice as long each time, and gives up after the last try', async () => {
    const welt = aufbau({ empfaenger: 1 });
    welt.postfach.abweisen.set('m1@kanzlei.test', 'voruebergehend');
    welt.speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versand_time: JETZT });
    await welt.versender.ausfuehren(D);
    const z = () => zeile(welt.speicher, 'm1@kanzlei.test');

    expect(await welt.versender.senden(D)).toEqual({ weiter: true, versendet: 0, fehlgeschlagen: 0 });
    expect(z()).toMatchObject({
      status: VERSAND_STATUS.offen,
      fehler: '421 später',
      versuche: 1,
      naechster_versuch: new Date(JETZT.getTime() + MINUTE),
    });
    // Not due yet: the next run is planned for the retry, the dispatcher stays open.
    expect(await welt.versender.senden(D)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
    expect(welt.gestartet.at(-1)).toEqual([D, new Date(JETZT.getTime() + MINUTE)]);
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({
      versendet: false,
      total: 1,
      sent: 0,
      failed: 0,
    });

    jest.setSystemTime(JETZT.getTime() + MINUTE);
    await welt.versender.senden(D);
    expect(z()).toMatchObject({ versuche: 2, naechster_versuch: new Date(JETZT.getTime() + 3 * MINUTE) });
    for (let versuch = 3; versuch <= MAX_VERSUCHE; versuch++) {
      jest.setSystemTime(z().naechster_versuch!);
      await welt.versender.senden(D);
    }
    expect(z()).toMatchObject({
      status: VERSAND_STATUS.fehler,
      versuche: MAX_VERSUCHE,
      fehler: '421 später',
    });
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ failed: 1 });
  });

  it('retries after the configured wait, by default after a minute', async () => {
    for (const [einstellungen, warten] of [
      [{ newsletter: { retryMs: 5000 } }, 5000],
      [{}, MINUTE],
    ] as const) {
      const welt = aufbau({ empfaenger: 1, einstellungen });
      welt.postfach.abweisen.set('m1@kanzlei.test', 'voruebergehend');
      welt.speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versand_time: JETZT });
      await welt.versender.ausfuehren(D);
      await welt.versender.senden(D);
      expect(zeile(welt.speicher, 'm1@kanzlei.test').naechster_versuch).toEqual(
        new Date(JETZT.getTime() + warten),
      );
    }
  });

  it('prepares the newsletter once a minute per dispatcher, not per batch', async () => {
    const { versender, vorschau } = await ausgefuehrt({ empfaenger: 25 });
    await versender.senden(D);
    jest.setSystemTime(JETZT.getTime() + MINUTE - 1);
    await versender.senden(D);
    expect(vorschau.vorbereiten).toHaveBeenCalledTimes(1);
    jest.setSystemTime(JETZT.getTime() + MINUTE);
    await versender.senden(D);
    expect(vorschau.vorbereiten).toHaveBeenCalledTimes(2);
    expect(vorschau.vorbereiten).toHaveBeenCalledWith(NEWSLETTER);
  });

  it('stops the dispatch at a broken template and notes why on the dispatcher', async () => {
    const { versender, vorschau, speicher, postfach } = await ausgefuehrt();
    vorschau.vorbereiten.mockRejectedValueOnce(new Error('Die Vorlagendatei „x.html“ ist fehlerhaft'));
    await expect(versender.senden(D)).rejects.toThrow('Die Vorlagendatei „x.html“ ist fehlerhaft');
    expect(speicher.dispatchers.get(D)?.error).toBe('Die Vorlagendatei „x.html“ ist fehlerhaft');
    expect(postfach.gesendet).toEqual([]);
    expect(speicher.zeilen.every((z) => z.status === VERSAND_STATUS.offen)).toBe(true);
  });
});

describe('rows of a worker that died', () => {
  /** Rows 1 and 2 claimed by a worker whose last sign of life was at `zuletzt`, never recorded. */
  async function verwaist(zuletzt: Date, optionen: Aufbau = {}) {
    const welt = await ausgefuehrt({ empfaenger: 3, ...optionen });
    for (const row of await welt.speicher.faellige(D, JETZT, 2))
      await welt.speicher.beanspruchen(row, 'tot', zuletzt);
    return welt;
  }

  it('are offered again by the next job once their claim showed no sign of life for the timeout', async () => {
    const { versender, postfach } = await verwaist(new Date(JETZT.getTime() - 10 * MINUTE));
    expect(await versender.senden(D)).toEqual({ weiter: true, versendet: 3, fehlgeschlagen: 0 });
    expect(postfach.gesendet.map((m) => m.to)).toHaveLength(3);
  });

  it('stay with their claim while it is younger than the timeout', async () => {
    const jung = await verwaist(new Date(JETZT.getTime() - 10 * MINUTE + 1));
    expect(await jung.versender.senden(D)).toEqual({ weiter: true, versendet: 1, fehlgeschlagen: 0 });
  });

  it('time out after the configured claim timeout, by default fifteen seconds', async () => {
    const kurz = await verwaist(new Date(JETZT.getTime() - MINUTE), {
      einstellungen: { newsletter: { claimTimeoutMs: MINUTE } },
    });
    expect((await kurz.versender.senden(D)).versendet).toBe(3);
    const standard = await verwaist(new Date(JETZT.getTime() - 15_000), { einstellungen: {} });
    expect((await standard.versender.senden(D)).versendet).toBe(3);
    const knapp = await verwaist(new Date(JETZT.getTime() - 15_000 + 1), { einstellungen: {} });
    expect((await knapp.versender.senden(D)).versendet).toBe(1);
  });

  it('keep the dispatcher open: the next run is planned when their claim times out', async () => {
    const { versender, speicher, gestartet } = await verwaist(new Date(JETZT.getTime() - 4 * MINUTE));
    await versender.senden(D);
    expect(await versender.senden(D)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
    expect(gestartet.at(-1)).toEqual([D, new Date(JETZT.getTime() + 6 * MINUTE)]);
    expect(speicher.dispatchers.get(D)).toMatchObject({ versendet: false, total: 3, sent: 1 });
  });

  it('plan the next run no earlier than now, and at the earliest of several times', async () => {
    const { versender, speicher, gestartet, postfach } = await verwaist(
      new Date(JETZT.getTime() - 9 * MINUTE),
      {
        empfaenger: 4,
      },
    );
    postfach.abweisen.set('m3@kanzlei.test', 'voruebergehend');
    postfach.abweisen.set('m4@kanzlei.test', 'voruebergehend');
    await versender.senden(D);
    expect(speicher.zeilen.map((z) => z.status)).toEqual(['sending', 'sending', 'offen', 'offen']);
    speicher.zeilen[3].naechster_versuch = new Date(JETZT.getTime() + 30_000);
    // Their worker died nine minutes ago, the claim timed out a minute ago: due now, not in the past.
    jest.setSystemTime(JETZT.getTime() + 2 * MINUTE);
    speicher.zeilen[0].status = speicher.zeilen[1].status = VERSAND_STATUS.versendet;
    speicher.zeilen[2].naechster_versuch = new Date(JETZT.getTime() + 3 * MINUTE);
    speicher.zeilen[3].naechster_versuch = new Date(JETZT.getTime() + 4 * MINUTE);
    await versender.senden(D);
    expect(gestartet.at(-1)).toEqual([D, new Date(JETZT.getTime() + 3 * MINUTE)]);
  });

  it('are not taken for dead while their mail is still being sent: the claim shows signs of life', async () => {
    const welt = await ausgefuehrt({ empfaenger: 1 });
    let annehmen!: () => void;
    jest
      .spyOn(welt.postfach, 'send')
      .mockImplementationOnce(() => new Promise((resolve) => (annehmen = () => resolve({ messageId: 'x' }))));
    const lauf = welt.versender.senden(D);
    await jest.advanceTimersByTimeAsync(30 * MINUTE);
    expect(zeile(welt.speicher, 'm1@kanzlei.test')).toMatchObject({
      status: VERSAND_STATUS.sending,
      updatedAt: new Date(JETZT.getTime() + 30 * MINUTE),
    });
    // Another worker looking for dead claims meanwhile finds none.
    await welt.speicher.verfalleneFreigeben(D, new Date(Date.now() - 10 * MINUTE));
    expect(zeile(welt.speicher, 'm1@kanzlei.test').status).toBe(VERSAND_STATUS.sending);
    annehmen();
    expect(await lauf).toEqual({ weiter: true, versendet: 1, fehlgeschlagen: 0 });
  });
});

describe('the record of a delivered mail', () => {
  it('is written again when the database fails after the SMTP server accepted the mail, never sent again', async () => {
    const welt = await ausgefuehrt({ empfaenger: 2 });
    const abschliessen = welt.speicher.abschliessen.bind(welt.speicher);
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });
    jest
      .spyOn(welt.speicher, 'abschliessen')
      .mockRejectedValueOnce(deadlock)
      .mockRejectedValueOnce(deadlock)
      .mockImplementation(abschliessen);
    const lauf = welt.versender.senden(D);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await lauf).toEqual({ weiter: true, versendet: 2, fehlgeschlagen: 0 });
    expect(welt.postfach.gesendet.map((m) => m.to)).toEqual(['m1@kanzlei.test', 'm2@kanzlei.test']);
    expect(welt.speicher.zeilen.map((z) => z.status)).toEqual(['versendet', 'versendet']);
  });

  it('is given up after the last write failed: the job fails, the claim is let go to time out', async () => {
    const welt = await ausgefuehrt({ empfaenger: 1 });
    jest.spyOn(welt.speicher, 'abschliessen').mockRejectedValue(new Error('Datenbank weg'));
    const lauf = welt.versender.senden(D).catch((error: Error) => error);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(await lauf).toEqual(new Error('Datenbank weg'));
    expect(welt.speicher.abschliessen).toHaveBeenCalledTimes(SCHREIBVERSUCHE);
    expect(zeile(welt.speicher, 'm1@kanzlei.test').status).toBe(VERSAND_STATUS.sending);
  });
});

describe('failed recipients sent again', () => {
  it('makes only the failed rows new again, reopens the dispatch and starts send jobs', async () => {
    const welt = await ausgefuehrt({ empfaenger: 3 });
    welt.postfach.abweisen.set('m2@kanzlei.test', 'dauerhaft');
    await welt.versender.senden(D);
    await welt.versender.senden(D);
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ versendet: true, sent: 2, failed: 1 });
    welt.postfach.abweisen.clear();

    expect(await welt.versender.fehlgeschlageneErneutSenden(D, null)).toEqual({ erneut: 1 });
    expect(zeile(welt.speicher, 'm2@kanzlei.test')).toMatchObject({
      status: VERSAND_STATUS.offen,
      versuche: 0,
      fehler: null,
    });
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ versendet: false, sent: 2, failed: 0 });
    expect(welt.gestartet.at(-1)).toEqual([D, undefined]);
    await welt.versender.senden(D);
    await welt.versender.senden(D);
    expect(welt.postfach.gesendet.map((m) => m.to)).toEqual([
      'm1@kanzlei.test',
      'm3@kanzlei.test',
      'm2@kanzlei.test',
    ]);
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ versendet: true, sent: 3, failed: 0 });
  });

  it('refuses a dispatch without failed rows (409) and one that does not exist (404)', async () => {
    const { versender } = await ausgefuehrt({ empfaenger: 1 });
    await expect(versender.fehlgeschlageneErneutSenden(D, null)).rejects.toMatchObject({
      code: 'KEINE_FEHLGESCHLAGENEN',
    });
    await expect(versender.fehlgeschlageneErneutSenden(99, null)).rejects.toMatchObject({
      code: 'DISPATCHER_FEHLT',
      message: 'Der Versand 99 wurde nicht gefunden.',
    });
  });
});

describe('stopping a dispatch', () => {
  it('claims nothing while stopped and starts send jobs when resumed', async () => {
    const welt = await ausgefuehrt({ empfaenger: 2 });
    expect(await welt.versender.anhalten(D, true, null)).toEqual({ angehalten: true });
    const gestartet = welt.gestartet.length;
    expect(await welt.versender.senden(D)).toEqual({ weiter: false, versendet: 0, fehlgeschlagen: 0 });
    expect(welt.postfach.gesendet).toEqual([]);
    expect(welt.speicher.dispatchers.get(D)).toMatchObject({ versendet: false });
    expect(welt.gestartet).toHaveLength(gestartet);

    expect(await welt.versender.anhalten(D, false, null)).toEqual({ angehalten: false });
    expect(welt.gestartet.at(-1)).toEqual([D, undefined]);
    expect((await welt.versender.senden(D)).versendet).toBe(2);
    // Resumed twice: no second set of send jobs.
    await welt.versender.anhalten(D, false, null);
    expect(welt.gestartet).toHaveLength(gestartet + 1);
  });

  it('refuses a finished dispatch and one that does not exist', async () => {
    const { versender, speicher } = aufbau();
    speicher.dispatcherAnlegen({ id: D, newsletter_id: NEWSLETTER, versendet: true });
    await expect(versender.anhalten(D, true, null)).rejects.toMatchObject({ code: 'VERSAND_ABGESCHLOSSEN' });
    await expect(versender.anhalten(5, true, null)).rejects.toMatchObject({ code: 'DISPATCHER_FEHLT' });
  });
});

describe('why rows wait', () => {
  it('counts the rows of a lost worker, those put off to a retry and those due, from the claim timeout', async () => {
    const welt = await ausgefuehrt({ empfaenger: 4 });
    const [erste, zweite] = await welt.speicher.faellige(D, JETZT, 2);
    await welt.speicher.beanspruchen(erste, 'tot', new Date(JETZT.getTime() - 10 * MINUTE));
    await welt.speicher.beanspruchen(zweite, 'lebt', new Date(JETZT.getTime() - 1000));
    Object.assign(zeile(welt.speicher, 'm3@kanzlei.test'), {
      naechster_versuch: new Date(JETZT.getTime() + 5 * MINUTE),
      fehler: '421 später',
    });
    expect(await welt.versender.wartegruende(D)).toEqual({
      gruende: [
        '1 Empfänger hatte ein Worker übernommen, der nicht mehr antwortet (abgestürzt oder beendet); sie werden gleich erneut versendet.',
        '1 Empfänger hat der Mailserver vorübergehend abgewiesen (Antwort des Mailservers: „421 später“); nächster Versuch um 11:05 Uhr.',
        '1 E-Mails werden gerade gesendet.',
        '1 Empfänger warten auf den Versand.',
      ],
    });
    await expect(welt.versender.wartegruende(99)).rejects.toMatchObject({ code: 'DISPATCHER_FEHLT' });
  });
});

describe('the progress of a dispatch', () => {
  it('counts the rows by state: all, sent, failed, and those waiting or being sent', async () => {
    const { versender, speicher } = await ausgefuehrt({ empfaenger: 5 });
    const status = [
      VERSAND_STATUS.versendet,
      VERSAND_STATUS.versendet,
      VERSAND_STATUS.fehler,
      VERSAND_STATUS.sending,
    ];
    status.forEach((s, i) => (speicher.zeilen[i].status = s));
    expect(await versender.fortschritt(D)).toEqual({ total: 5, sent: 2, failed: 1, offen: 2 });
    expect(speicher.dispatchers.get(D)).toMatchObject({ total: 5, sent: 2, failed: 1 });
    expect(await versender.fortschritt(9)).toEqual({ total: 0, sent: 0, failed: 0, offen: 0 });
  });

  it('adds nothing to the counters for a batch of which nothing was recorded', async () => {
    const { versender, speicher } = await ausgefuehrt({ empfaenger: 1 });
    const zaehlen = jest.spyOn(speicher, 'zaehlen');
    // The claim expires and another run takes the row before this batch records it.
    jest.spyOn(speicher, 'abschliessen').mockResolvedValue(false);
    expect(await versender.senden(D)).toEqual({ weiter: true, versendet: 0, fehlgeschlagen: 0 });
    expect(zaehlen).not.toHaveBeenCalled();
  });
});
