/**
 * The start-up gate (issue 26): the HTTP port is open from the first moment, also while the
 * database or Redis cannot be reached yet. Until the app is ready every request gets a 503 with a
 * German message and `Retry-After`, and `GET /node/health` names the services that are missing;
 * meanwhile the gate asks them again and again (backoff up to 5 s), so the app comes up by itself
 * once they are there. Then every request goes to the app.
 */
import type { Logger } from '@nestjs/common';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { answerClientError } from '../http/client-errors';
import { PROBE_TIMEOUT_MS, type Dienst } from './dienste';

/** The code of the 503 a request gets while the app starts. */
export const DIENST_STARTET = 'DIENST_STARTET';

/** Pauses between rounds of probes: 0.5 s, doubled each round, at most this. */
export const MAX_PAUSE_MS = 5000;
const ERSTE_PAUSE_MS = 500;

/** What the 503 asks the caller to wait, in seconds. */
const RETRY_AFTER_S = '5';

type Status = 'up' | 'down';

function fehlertext(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // An AggregateError (one per address tried) has an empty message; its code says enough.
  return text || String((error as { code?: unknown }).code ?? 'unbekannter Fehler');
}

function mitFrist(arbeit: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const frist = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`keine Antwort nach ${ms / 1000} s`)), ms);
  });
  return Promise.race([arbeit, frist]).finally(() => clearTimeout(timer));
}

/** "Datenbank", "Datenbank und Redis". */
function aufzaehlung(namen: string[]): string {
  return namen.length < 2
    ? namen.join('')
    : `${namen.slice(0, -1).join(', ')} und ${namen[namen.length - 1]}`;
}

export class Anlauf {
  readonly server: Server;
  private ziel?: RequestListener;
  private readonly status = new Map<string, Status>();
  /** The last reason logged per service: a service that stays away is logged once, not every round. */
  private readonly grund = new Map<string, string>();
  private beendet = false;
  private weckeAuf?: () => void;

  constructor(
    private readonly dienste: Dienst[],
    private readonly logger: Logger,
  ) {
    for (const dienst of dienste) this.status.set(dienst.name, 'down');
    this.server = createServer((req, res) => (this.ziel ? this.ziel(req, res) : this.antworte(req, res)));
    // Set on the app's own server by configureHttp; this is the one that listens.
    this.server.on('clientError', answerClientError);
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /**
   * Resolves true once every service answered, false when the gate was ended meanwhile. Logs each
   * service's change (away with its reason, back again), not every attempt.
   */
  async warte(): Promise<boolean> {
    for (let runde = 0; !this.beendet; runde++) {
      if (await this.pruefe()) return true;
      await this.pause(Math.min(ERSTE_PAUSE_MS * 2 ** runde, MAX_PAUSE_MS));
    }
    return false;
  }

  /** From now on every request goes to `app`. */
  bereit(app: RequestListener): void {
    this.ziel = app;
  }

  /** Stops waiting and closes the port; open connections end once their answer is out. */
  beende(): Promise<void> {
    this.beendet = true;
    this.weckeAuf?.();
    if (!this.server.listening) return Promise.resolve();
    // close() ends only the connections idle now; a keep-alive connection whose answer is still
    // under way would stay open for the keep-alive timeout after it. Ended as soon as it idles.
    const idle = setInterval(() => this.server.closeIdleConnections(), 50);
    return new Promise<void>((resolve) =>
      this.server.close(() => {
        clearInterval(idle);
        resolve();
      }),
    );
  }

  /** Asks every service once; true when all answered. */
  private async pruefe(): Promise<boolean> {
    const ergebnisse = await Promise.all(
      this.dienste.map(async (dienst) => {
        try {
          await mitFrist(dienst.pruefe(), PROBE_TIMEOUT_MS + 500);
          if (this.status.get(dienst.name) === 'down' && this.grund.has(dienst.name))
            this.logger.log(`${dienst.bezeichnung} ist erreichbar.`);
          this.status.set(dienst.name, 'up');
          this.grund.delete(dienst.name);
          return true;
        } catch (error) {
          const grund = fehlertext(error);
          if (this.grund.get(dienst.name) !== grund)
            this.logger.warn(
              `${dienst.bezeichnung} ist nicht erreichbar (${grund}); die Anwendung wartet und versucht es weiter.`,
            );
          this.status.set(dienst.name, 'down');
          this.grund.set(dienst.name, grund);
          return false;
        }
      }),
    );
    return ergebnisse.every(Boolean);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.weckeAuf = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The German 503 for a request that came before the app was ready. */
  private antworte(req: IncomingMessage, res: ServerResponse): void {
    const pfad = (req.url ?? '/').split('?')[0];
    const fehlend = this.dienste.filter((d) => this.status.get(d.name) === 'down').map((d) => d.bezeichnung);
    const message = fehlend.length
      ? `Die Verbandsverwaltung startet gerade: ${aufzaehlung(fehlend)} ${fehlend.length > 1 ? 'sind' : 'ist'} noch nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.`
      : 'Die Verbandsverwaltung startet gerade. Bitte versuchen Sie es gleich noch einmal.';
    res.statusCode = 503;
    res.setHeader('Retry-After', RETRY_AFTER_S);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    if (pfad === '/node/health') {
      // Only up/down per service, as the running app's health answer: no hosts, no errors.
      this.json(res, { status: 'error', message, details: Object.fromEntries(this.status) });
    } else if (pfad === '/node' || pfad.startsWith('/node/')) {
      this.json(res, { statusCode: 503, message, code: DIENST_STARTET });
    } else {
      // A browser opening the app: a page that loads again by itself.
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      res.end(
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${RETRY_AFTER_S}">` +
          `<title>Verbandsverwaltung</title></head><body><p>${message}</p></body></html>`,
      );
    }
  }

  private json(res: ServerResponse, body: object): void {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  }
}
