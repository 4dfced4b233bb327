import { Global, Module } from '@nestjs/common';
import { PdfLibRenderer } from './pdf-lib-renderer';
import { PdfRenderer } from './pdf-renderer';
import { TemplateFiles } from './template-files';

/** The PDF port for every context (certificates, invitations, participant lists, invoices). */
@Global()
@Module({
  providers: [{ provide: PdfRenderer, useClass: PdfLibRenderer }, TemplateFiles],
  exports: [PdfRenderer, TemplateFiles],
})
export class PdfModule {}
