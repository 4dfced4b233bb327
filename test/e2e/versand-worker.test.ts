/**
 * Issue 15, checked as production runs it: an app process that only enqueues (WORKERS=false) and
 * two worker processes on Redis share the database; a newsletter to 10 000 seeded recipients goes
 * into a real SMTP server run here, and one worker is killed (SIGKILL) in the middle of the
 * dispatch and started again. Every address gets exactly one message; a refused address is failed.
 *
 * The kill falls while the SMTP server holds back its answers for a moment: a message counts as
 * received once the server answered 250, as with a real MTA, so what the killed worker had in
 * flight is not delivered and goes out again after the claim timeout. (A crash in the few
 * milliseconds between the 250 and the record of it would resend that mail with the same
 * Message-ID; the test asserts the Message-IDs are unique, too.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateRedis, type PrivateRedis } from '../support/private-redis';
import { startServer, startWorker, type RunningServer, type RunningWorker } from '../support/server';
import { startSmtpSink } from '../support/smtp-sink';
import {
  apiAlsAdmin,
  bis,
  eigeneMariaDb,
  seedeAlsProzess,
  warten,
  type Row,
} from '../support/versand-prozesse';

const EMPFAENGER_MINDESTENS = 10_000;
/** Seeded Benutzer: about 88 % of them are active, opted in and have an address of their own. */
const SEED_UMFANG = 12_000;
const TIMEOUT = 600_000;
/** The seed creates the admin with it; the app started later keeps it. */
const ADMIN_PASSWORD = 'Versand-Passwort-1';

/** The SMTP server: counts per recipient on its 250; `halten()` holds answers until `freigeben()`. */
async function smtpSenke(abgelehnt: () => string | undefined) {
  const angenommen = new Map<string, number>();
  const messageIds = new Map<string, number>();
  const geschlossen = new Set<string>();
  let gehalten: (() => void)[] | null = null;
  let verworfen = 0;
  const sink = await startSmtpSink({
    maxClients: 100,
    refuse: (address) => (address === abgelehnt() ? { code: 550, text: 'Postfach unbekannt' } : undefined),
    onMessage({ raw, to, sessionId }, answer) {
      const annehmen = () => {
        if (geschlossen.has(sessionId)) {
          verworfen++;
          return answer(new Error('Verbindung abgebrochen'));
        }
        for (const rcpt of to) angenommen.set(rcpt, (angenommen.get(rcpt) ?? 0) + 1);
        const kopf = raw.subarray(0, 4000).toString('utf8');
        const id = /^Message-ID: (.+)$/im.exec(kopf.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
        messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
        answer();
      };
      if (gehalten) gehalten.push(annehmen);
      else annehmen();
    },
    onClose: (sessionId) => geschlossen.add(sessionId),
  });
  return {
    url: sink.url,
    angenommen,
    messageIds,
    anzahl: () => [...angenommen.values()].reduce((a, b) => a + b, 0),
    verworfen: () => verworfen,
    halten: () => (gehalten = []),
    freigeben() {
      const wartend = gehalten ?? [];
      gehalten = null;
      for (const annehmen of wartend) annehmen();
    },
    stop: sink.stop,
  };
}

/** A database of the test's own: MariaDB when MYSQL_TEST_URL is set (always in CI), else SQLite. */
async function datenbank(dir: string): Promise<{ url: string; entfernen(): Promise<void> }> {
  if (!process.env.MYSQL_TEST_URL)
    return { url: `sqlite:${join(dir, 'versand.sqlite')}`, entfernen: async () => {} };
  return eigeneMariaDb('versand');
}

describe('a dispatch to 10 000 recipients with two worker processes, one killed mid-run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verband-versand-'));
  let redis: PrivateRedis;
  let db: Awaited<ReturnType<typeof datenbank>>;
  let smtp: Awaited<ReturnType<typeof smtpSenke>>;
  let app: RunningServer;
  const workers: RunningWorker[] = [];
  let abgelehnt: string | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    db = await datenbank(dir);
    smtp = await smtpSenke(() => abgelehnt);
    env = {
      DATA_DIR: dir,
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      MAIL_URL: smtp.url,
      PUBLIC_URL: 'https://verwaltung.test',
      NEWSLETTER_CLAIM_TIMEOUT_MS: '5000',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD,
    };
    // The product's own generator fills the database (its migrations first).
    expect(await seedeAlsProzess(env, SEED_UMFANG)).toEqual({ ende: 0, fehler: '' });
    app = await startServer({ ...env, WORKERS: 'false' });
    for (let i = 0; i < 2; i++) workers.push(await startWorker({ ...env, WORKERS: 'true' }));
  }, TIMEOUT);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await app?.stop();
    await smtp?.stop();
    await redis?.remove();
    await db?.entfernen();
    rmSync(dir, { recursive: true, force: true });
  }, TIMEOUT);

  it(
    'delivers every address exactly once, marks the refused one failed',
    async () => {
      const api = await apiAlsAdmin(app.url, app.adminPassword);

      // Every active Benutzer who takes newsletters, read page by page as the client reads lists.
      const where = JSON.stringify({
        aktiviert: true,
        atr_kein_newsletter: false,
        primaeremail_id: { $ne: null },
      });
      const benutzer: Row[] = [];
      for (let seite = 0; ; seite++) {
        const zeilen = await api<Row[]>(
          'GET',
          `benutzer?where=${encodeURIComponent(where)}&attributes=${encodeURIComponent('["id","primaeremail_id"]')}&order=${encodeURIComponent('[["id","ASC"]]')}&limit=1000&offset=${seite * 1000}`,
        );
        benutzer.push(...zeilen);
        if (zeilen.length < 1000) break;
      }
      const gruppe = await api('POST', 'benutzer-gruppe', {
        name: 'Alle Empfänger',
        typ: 'NWG',
        zuordnung: 'benutzer',
      });
      for (let i = 0; i < benutzer.length; i += 5000)
        await api(
          'POST',
          `benutzer-gruppe/${gruppe.id}/benutzers`,
          benutzer.slice(i, i + 5000).map((b) => b.id),
        );
      const absender = await api('POST', 'newsletter-absender', {
        name: 'Steuerakademie',
        email: 'news@akademie.test',
      });
      const newsletter = await api('POST', 'newsletter', {
        titel: 'Steuerrecht aktuell',
        betreff: 'Neues im November',
        newsletter_absender_id: absender.id,
        body: '<p>Die Frist endet bald: <a href="https://www.verband.example/fristen">alle Fristen</a>.</p>',
        Benutzer_Gruppes: [gruppe.id],
      });
      const { anzahl: gesamt } = await api<{ anzahl: number }>(
        'GET',
        `newsletter/${newsletter.id}/empfaenger`,
      );
      expect(gesamt).toBeGreaterThanOrEqual(EMPFAENGER_MINDESTENS);
      abgelehnt = (await api('GET', `benutzer-email/${benutzer[100].primaeremail_id}`)).email as string;

      const dispatcher = await api('POST', 'newsletter-dispatcher', {
        newsletter_id: newsletter.id,
        versand_time: new Date().toISOString(),
      });

      // A third of the way in, the server holds its answers; one worker dies meanwhile and restarts.
      await bis('ein Drittel angenommen', () => (smtp.anzahl() >= gesamt / 3 ? true : undefined), TIMEOUT);
      smtp.halten();
      await warten(500);
      const beimAbbruch = smtp.anzahl();
      workers[0].process.kill('SIGKILL');
      await new Promise((resolve) => workers[0].process.once('exit', resolve));
      // The server must see the dead worker's connections close before it answers what they held.
      await warten(1000);
      smtp.freigeben();
      expect(beimAbbruch).toBeLessThan(gesamt - 1);
      workers[0] = await startWorker({ ...env, WORKERS: 'true' });

      const stand = await bis(
        'Dispatcher versendet',
        async () => {
          const d = await api('GET', `newsletter-dispatcher/${dispatcher.id}`);
          return d.versendet ? d : undefined;
        },
        TIMEOUT,
      );
      expect(stand).toMatchObject({ total: gesamt, sent: gesamt - 1, failed: 1 });

      expect(smtp.angenommen.size).toBe(gesamt - 1);
      expect(smtp.angenommen.has(abgelehnt)).toBe(false);
      const mehrfach = [...smtp.angenommen].filter(([, anzahl]) => anzahl !== 1);
      expect(mehrfach).toEqual([]);
      expect([...smtp.messageIds.values()].filter((anzahl) => anzahl !== 1)).toEqual([]);
      expect(smtp.messageIds.size).toBe(gesamt - 1);

      const fehlgeschlagen = await api<Row[]>(
        'GET',
        `newsletter-versand?where=${encodeURIComponent(JSON.stringify({ newsletter_dispatcher_id: dispatcher.id, status: 'fehler' }))}`,
      );
      expect(fehlgeschlagen).toHaveLength(1);
      expect(fehlgeschlagen[0]).toMatchObject({ email: abgelehnt, versandflag: false });
      expect(fehlgeschlagen[0].fehler).toMatch(/550 Postfach unbekannt/);
      // What the killed worker had in flight was refused by the held server and sent again.
      console.log(
        `Versand an ${gesamt}: Abbruch bei ${beimAbbruch} angenommenen, ${smtp.verworfen()} Nachrichten des beendeten Workers verworfen und erneut gesendet`,
      );
    },
    TIMEOUT,
  );
});
