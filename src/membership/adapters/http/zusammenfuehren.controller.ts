import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Zusammenfuehren } from '../../application/zusammenfuehren';

/** POST /node/api/{benutzer|benutzer-email|benutzer-adresse|benutzer-konto}/merge (spec 000 §7). */
@Controller('node/api')
export class ZusammenfuehrenController {
  constructor(private readonly merge: Zusammenfuehren) {}

  @Post('benutzer/merge')
  @HttpCode(200)
  async benutzer(@Body() body: unknown) {
    return { message: 'Benutzer erfolgreich zusammengeführt', benutzer: await this.merge.benutzer(body) };
  }

  @Post('benutzer-email/merge')
  @HttpCode(200)
  async email(@Body() body: unknown) {
    await this.merge.kontakt('email', body);
    return { message: 'Emails erfolgreich zusammengeführt' };
  }

  @Post('benutzer-adresse/merge')
  @HttpCode(200)
  async adresse(@Body() body: unknown) {
    await this.merge.kontakt('adresse', body);
    return { message: 'Adressen erfolgreich zusammengeführt' };
  }

  @Post('benutzer-konto/merge')
  @HttpCode(200)
  async konto(@Body() body: unknown) {
    await this.merge.kontakt('konto', body);
    return { message: 'Kontos erfolgreich zusammengeführt' };
  }
}
