import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { parseId } from '../../../platform/resources/resource.controller';
import { DomainError } from '../../../shared/domain-error';
import { NewsletterVorschau } from '../../application/vorschau';

/**
 * The preview page is shown in a sandboxed iframe of the newsletter window. Its own policy lets
 * the app frame it and lets the mail's inline CSS and remote images load, and still runs no
 * script (no script-src, sandbox): the HTML is sanitized on save and on rendering anyway.
 */
const VORSCHAU_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src https: http: data:',
  'font-src https: data:',
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

@Controller('node')
export class VorschauController {
  constructor(private readonly vorschau: NewsletterVorschau) {}

  /** Errors stay German JSON; only the rendered page gets the page's headers. */
  @ApiOperation({ summary: 'Newsletter für einen Empfänger so darstellen, wie er versendet wird' })
  @Get('newsletterVorschau')
  async vorschauHtml(
    @Query('newsletter') newsletter: unknown,
    @Query('kennnummer') kennnummer: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (typeof kennnummer !== 'string' || kennnummer.trim() === '')
      throw DomainError.invalid('KENNNUMMER_FEHLT', 'Bitte geben Sie die Kennnummer des Empfängers an.');
    const html = await this.vorschau.html(parseId(String(newsletter ?? '')), kennnummer.trim());
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', VORSCHAU_POLICY);
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    return html;
  }
}
