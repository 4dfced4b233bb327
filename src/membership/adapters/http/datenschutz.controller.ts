import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { Datenauskunft } from '../../application/datenauskunft';
import { LoeschungAufWunsch } from '../../application/loeschung-auf-wunsch';
import { DatenschutzAuftraege } from '../jobs/datenschutz.jobs';

/** Issue 34: what the DSGVO asks of the association about one Benutzer; administrators only. */
@Controller('node/api')
export class DatenschutzController {
  constructor(
    private readonly datenauskunft: Datenauskunft,
    private readonly auftraege: DatenschutzAuftraege,
    private readonly loeschung: LoeschungAufWunsch,
  ) {}

  /** The Datenauskunft (Art. 15 DSGVO) as a ZIP → {name, dateien, datensaetze, auftrag} or 202 with the job. */
  @ApiOperation({ summary: 'Datenauskunft eines Benutzers (ZIP) erstellen' })
  @LangeArbeit()
  @Post('benutzer/:id/datenauskunft')
  @HttpCode(200)
  async auskunft(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const benutzerId = parseId(id);
    const { id: actorId, name } = currentUser(req)!;
    await this.datenauskunft.beantragen(benutzerId, { id: actorId, name });
    return antwort(res, await this.auftraege.datenauskunft(benutzerId, wartezeit(req)));
  }

  /** Erasure on request (Art. 17 DSGVO) → {geloescht_am, rechnungen}; 409 with the reason while it must wait. */
  @ApiOperation({ summary: 'Benutzer auf Wunsch löschen (Aufbewahrungspflichtiges bleibt)' })
  @Post('benutzer/:id/loeschen-auf-wunsch')
  @HttpCode(200)
  loeschen(@Param('id') id: string, @Req() req: Request) {
    const { id: actorId, name } = currentUser(req)!;
    return this.loeschung.loeschen(parseId(id), { id: actorId, name });
  }
}
