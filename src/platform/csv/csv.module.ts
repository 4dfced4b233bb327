import { Module } from '@nestjs/common';
import { CsvController } from './csv.controller';

/** The CSV routes; other contexts import the pure functions of csv-format.ts directly. */
@Module({ controllers: [CsvController] })
export class CsvModule {}
