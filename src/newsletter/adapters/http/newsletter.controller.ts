import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { parseId } from '../../../platform/resources/resource.controller';
import { NewsletterEmpfaenger } from '../../application/empfaenger';

/** What the newsletter window asks besides the generic resource: the recipient count. */
@Controller('node/api/newsletter')
export class NewsletterController {
  constructor(private readonly empfaenger: NewsletterEmpfaenger) {}

  @ApiOperation({ summary: 'Empfänger eines Newsletters zählen (Versand- minus Ausschlussgruppen)' })
  @Get(':id/empfaenger')
  async empfaengerAnzahl(@Param('id') id: string) {
    return { anzahl: await this.empfaenger.anzahl(parseId(id)) };
  }
}
