/** What a route that starts long work (hintergrund.ts) needs: the wait asked for, the answer, its documentation. */
import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { gewuenschteWartezeit, type Ausgang, type AuftragVerweis } from '../hintergrund';

/** The wait this request asks for (`Prefer: respond-async` or `wait=n`). */
export const wartezeit = (req: Request): number => gewuenschteWartezeit(req.headers.prefer);

/** The result as the route answered it before, or 202 with the job to poll. */
export function antwort<R>(res: Response, ausgang: Ausgang<R>): R | { auftrag: AuftragVerweis } {
  if (ausgang.fertig) return ausgang.ergebnis;
  res.status(HttpStatus.ACCEPTED);
  return { auftrag: ausgang.auftrag };
}

/** The 202 case and the Prefer header in the API documentation. */
export const LangeArbeit = () =>
  applyDecorators(
    ApiHeader({
      name: 'Prefer',
      required: false,
      description:
        '`respond-async`: sofort 202 mit dem Auftrag; `wait=n`: bis zu n Sekunden auf das Ergebnis warten (Standard 1 s).',
    }),
    ApiAcceptedResponse({
      description:
        'Läuft im Hintergrund weiter: `{ auftrag: { name, id } }`; Fortschritt und Ergebnis unter GET /node/api/auftraege/{name}/{id}.',
    }),
  );
