import { Global, Module } from '@nestjs/common';
import { Personendaten } from './personendaten';

/** One registry per app: every context's source of a person's data meets in it. */
@Global()
@Module({ providers: [Personendaten], exports: [Personendaten] })
export class DatenschutzModule {}
