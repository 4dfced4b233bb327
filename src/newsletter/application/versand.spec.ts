/**
 * The dispatch use case against an in-memory store: send jobs of several workers race over the
 * same recipient rows, interleaved at every await, and each recipient still gets one mail.
 */
import { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import type { AuditTrail } from '../../platform/audit/audit-trail';
import { MailDeliveryError, Mailer, type MailMessage } from '../../platform/mail/mailer';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { ResourceWriter } from '../../platform/resources/resource-writer';
import { VERSAND_STATUS } from '../domain/versand';
import { NewsletterEmpfaenger } from './empfaenger';
import type { NewsletterBestand } from './ports/newsletter-bestand';
import { VersandSpeicherInMemory } from './ports/versand-speicher.testing';
import type { NewsletterLinks } from './tracking';
import { NewsletterVersender, type VersandAuftraege } from './versand';
import type { NewsletterVorschau } from './vorschau';

const DISPATCHER = 1;
const NEWSLETTER = 7;

/** The SMTP server: what arrived per address; `abweisen` refuses an address for good. */
class Postfach extends Mailer {
  readonly verbindungen = 2;
  readonly erhalten = new Map<string, number>();
  constructor(
    private readonly takt: () => Promise<void>,
    private readonly abweisen = new Set<string>(),
  ) {
    super();
  }
  async send(message: MailMessage) {
    await this.takt();
    const an = String(message.to);
    if (this.abweisen.has(an)) throw new MailDeliveryError('550 Postfach unbekannt', true);
    this.erhalten.set(an, (this.erhalten.get(an) ?? 0) + 1);
    return { messageId: message.messageId ?? an };
  }
  async verify() {}
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
function zufall(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Every await of every worker ends its turn: the workers run in lockstep. */
const gleichschritt = turn;
/** Every await takes 0–3 turns, so the workers overtake each other in ever other orders. */
const durcheinander = (seed: number) => {
  const naechste = zufall(seed);
  return async () => {
    for (let i = Math.floor(naechste() * 4); i > 0; i--) await turn();
  };
};

function versandMit(takt: () => Promise<void>, empfaenger: number, abweisen?: Set<string>) {
  const speicher = new VersandSpeicherInMemory(takt);
  speicher.dispatcherAnlegen({
    id: DISPATCHER,
    newsletter_id: NEWSLETTER,
    versand_time: new Date(Date.now() - 1000),
  });
  const adressen = Array.from({ length: empfaenger }, (_, i) => ({
    benutzer_id: i + 1,
    email: `m${i + 1}@kanzlei.test`,
  }));
  const bestand = {
    vorhanden: async () => true,
    gruppen: async () => ({ allow_duplicate_email: false, versand: [3], ausschluss: [] }),
  } as unknown as NewsletterBestand;
  const mitglieder = {
    adressen: async () => adressen,
    anschreibenNachIds: async () => new Map(),
  } as unknown as MitgliederAuskunft;
  const postfach = new Postfach(takt, abweisen);
  const auftraege: VersandAuftraege = { planen: async () => undefined, senden: async () => undefined };
  const vorschau = {
    vorbereiten: async () => ({ betreff: 'Neues', absender: null, html: () => '<p>Hallo</p>' }),
  } as unknown as NewsletterVorschau;
  const links = { fuerVersand: () => undefined } as unknown as NewsletterLinks;
  const config = new ConfigService({ newsletter: { retryMs: 60_000, claimTimeoutMs: 600_000 } });
  // One use case per worker process, all on the same store and SMTP server.
  const worker = () =>
    new NewsletterVersender(
      speicher,
      bestand,
      mitglieder,
      new NewsletterEmpfaenger(bestand, mitglieder),
      vorschau,
      postfach,
      auftraege,
      links,
      {} as ResourceRegistry,
      {} as ResourceWriter,
      {} as AuditTrail,
      config,
    );
  /** A chain of send jobs as the job adapter runs it: each asks for the next. */
  const sendejobs = async (versender: NewsletterVersender) => {
    while ((await versender.senden(DISPATCHER)).weiter);
  };
  return { speicher, postfach, adressen, mitglieder, worker, sendejobs };
}

describe('newsletter dispatch: at most once per recipient', () => {
  it('two workers in lockstep over the same rows send each mail once', async () => {
    const { speicher, postfach, adressen, worker, sendejobs } = versandMit(gleichschritt, 45);
    await worker().ausfuehren(DISPATCHER);
    await Promise.all([sendejobs(worker()), sendejobs(worker())]);
    expect([...postfach.erhalten.values()].filter((n) => n !== 1)).toEqual([]);
    expect(postfach.erhalten.size).toBe(adressen.length);
    expect(speicher.dispatchers.get(DISPATCHER)).toMatchObject({
      versendet: true,
      total: 45,
      sent: 45,
      failed: 0,
      newsletterVersendet: true,
    });
  });

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'three workers overtaking each other (order %i) send each mail once',
    async (seed) => {
      const abgewiesen = 'm5@kanzlei.test';
      const { speicher, postfach, worker, sendejobs } = versandMit(
        durcheinander(seed),
        37,
        new Set([abgewiesen]),
      );
      await worker().ausfuehren(DISPATCHER);
      await Promise.all([sendejobs(worker()), sendejobs(worker()), sendejobs(worker())]);
      expect([...postfach.erhalten.values()].filter((n) => n !== 1)).toEqual([]);
      expect(postfach.erhalten.size).toBe(36);
      expect(speicher.zeilen.find((z) => z.email === abgewiesen)).toMatchObject({
        status: VERSAND_STATUS.fehler,
        versuche: 1,
      });
      expect(speicher.dispatchers.get(DISPATCHER)).toMatchObject({ versendet: true, sent: 36, failed: 1 });
    },
  );

  it.each<[string, () => Promise<void>]>([
    ['in lockstep', gleichschritt],
    ...Array.from({ length: 10 }, (_, i): [string, () => Promise<void>] => [
      `overtaking (order ${i + 1})`,
      durcheinander(i + 1),
    ]),
  ])(
    'two planned jobs expanding the dispatcher at once (%s) lay down each recipient once',
    async (_, takt) => {
      const { speicher, postfach, adressen, worker, sendejobs } = versandMit(takt, 10);
      await Promise.all([worker().ausfuehren(DISPATCHER), worker().ausfuehren(DISPATCHER)]);
      expect(speicher.zeilen.map((z) => z.email).sort()).toEqual(adressen.map((a) => a.email).sort());
      await Promise.all([sendejobs(worker()), sendejobs(worker())]);
      expect(postfach.erhalten.size).toBe(10);
      expect([...postfach.erhalten.values()].filter((n) => n !== 1)).toEqual([]);
    },
  );

  it('a planned job run again (a retried job) adds no recipient row twice', async () => {
    const { speicher, mitglieder, worker } = versandMit(gleichschritt, 12);
    const nachschlagen = jest.spyOn(mitglieder, 'adressen');
    await worker().ausfuehren(DISPATCHER);
    await worker().ausfuehren(DISPATCHER);
    expect(speicher.zeilen.map((z) => z.email)).toHaveLength(12);
    expect(new Set(speicher.zeilen.map((z) => z.email)).size).toBe(12);
    // The second run found the rows made and did not look the recipients up again.
    expect(nachschlagen).toHaveBeenCalledTimes(1);
  });
});
