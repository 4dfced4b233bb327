import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { parseId } from '../../../platform/resources/resource.controller';
import { DomainError } from '../../../shared/domain-error';
import { naechsteDebitorVorschau } from '../../domain/nummernkreis';
import { RwDebitorKreis } from '../persistence/rw-kreis.entity';

/**
 * `GET /node/api/rw-debitor-kreis/{id}/naechsteNummer` (spec 001: a new seminar shows its debtor
 * number before it is saved): read only, nothing is taken; the save takes the number with the
 * circle row locked, so two seminars saved at once may show the same preview but never get it twice.
 */
@Controller('node/api/rw-debitor-kreis')
export class DebitorKreisController {
  constructor(private readonly dataSource: DataSource) {}

  @ApiOperation({ summary: 'Nächste Debitorennummer eines Kreises (Vorschau, vergibt nichts)' })
  @Get(':id/naechsteNummer')
  async naechsteNummer(@Param('id') id: string): Promise<{ debitor: number }> {
    const kreis = await this.dataSource.getRepository(RwDebitorKreis).findOne({
      where: { id: parseId(id) },
      select: { id: true, current_nr: true, offset_nr: true },
    });
    if (!kreis)
      throw DomainError.notFound('KREIS_NICHT_GEFUNDEN', `Debitoren-Kreis ${id} wurde nicht gefunden.`);
    return { debitor: naechsteDebitorVorschau(kreis) };
  }
}
