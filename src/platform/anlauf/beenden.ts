/**
 * SIGTERM and SIGINT end the process within FRIST_MS in every state (issue 26): starting, waiting
 * for the database or Redis, running, or with Redis gone, where closing the queue's and the
 * sessions' clients would wait for a reconnect that does not come. The app is closed cleanly when
 * it can be; after the deadline the process exits anyway, and says so in the log.
 */
import type { LoggerService } from '@nestjs/common';

/** Below the 10 s a container runtime grants before SIGKILL. */
export const FRIST_MS = 8000;

type Prozess = Pick<NodeJS.Process, 'on' | 'exit'>;

/** `wer` names the process in the log line ("Worker wird beendet (SIGTERM)."). */
export function beendeBeiSignal(
  wer: string,
  logger: LoggerService,
  schliesse: () => Promise<void>,
  prozess: Prozess = process,
  fristMs = FRIST_MS,
): void {
  let signalBekommen = false;
  const beende = (signal: NodeJS.Signals) => {
    // A second signal (Ctrl+C twice) does not wait for the first shutdown.
    if (signalBekommen) {
      logger.warn(`${signal} während des Beendens: sofort beendet.`);
      prozess.exit(1);
      return;
    }
    signalBekommen = true;
    logger.log(`${wer} wird beendet (${signal}).`);
    const frist = setTimeout(() => {
      logger.error(`Nach ${fristMs / 1000} s nicht sauber beendet: der Prozess endet trotzdem.`);
      prozess.exit(1);
    }, fristMs);
    schliesse().then(
      () => {
        clearTimeout(frist);
        logger.log('Beendet.');
        prozess.exit(0);
      },
      (error: unknown) => {
        clearTimeout(frist);
        logger.error(`Beenden fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
        prozess.exit(1);
      },
    );
  };
  prozess.on('SIGTERM', () => beende('SIGTERM'));
  prozess.on('SIGINT', () => beende('SIGINT'));
}
