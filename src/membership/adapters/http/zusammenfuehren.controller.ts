import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { Zusammenfuehren } from '../../application/zusammenfuehren';
import type { Zusammenfuehrung } from '../../domain/zusammenfuehrung';
import { ZUSAMMENFUEHREN, ZusammenfuehrenKoerper } from './membership.schemas';

const Auftrag = () => ZodBody(ZusammenfuehrenKoerper, ZUSAMMENFUEHREN);

/** POST /node/api/{benutzer|benutzer-email|benutzer-adresse|benutzer-konto}/merge (spec 000 §7). */
@Controller('node/api')
export class ZusammenfuehrenController {
  constructor(private readonly merge: Zusammenfuehren) {}

  @ApiOperation({ summary: 'Benutzer zusammenführen' })
  @Post('benutzer/merge')
  @HttpCode(200)
  async benutzer(@Auftrag() auftrag: Zusammenfuehrung, @Req() req: Request) {
    return {
      message: 'Benutzer erfolgreich zusammengeführt',
      benutzer: await this.merge.benutzer(auftrag, currentUser(req)),
    };
  }

  @ApiOperation({ summary: 'E-Mails zusammenführen' })
  @Post('benutzer-email/merge')
  @HttpCode(200)
  async email(@Auftrag() auftrag: Zusammenfuehrung, @Req() req: Request) {
    await this.merge.kontakt('email', auftrag, currentUser(req));
    return { message: 'Emails erfolgreich zusammengeführt' };
  }

  @ApiOperation({ summary: 'Adressen zusammenführen' })
  @Post('benutzer-adresse/merge')
  @HttpCode(200)
  async adresse(@Auftrag() auftrag: Zusammenfuehrung, @Req() req: Request) {
    await this.merge.kontakt('adresse', auftrag, currentUser(req));
    return { message: 'Adressen erfolgreich zusammengeführt' };
  }

  @ApiOperation({ summary: 'Konten zusammenführen' })
  @Post('benutzer-konto/merge')
  @HttpCode(200)
  async konto(@Auftrag() auftrag: Zusammenfuehrung, @Req() req: Request) {
    await this.merge.kontakt('konto', auftrag, currentUser(req));
    return { message: 'Kontos erfolgreich zusammengeführt' };
  }
}
