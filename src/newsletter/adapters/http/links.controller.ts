import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { NewsletterLinks } from '../../application/tracking';

/** The page behind the unsubscribe link: its form posts back here (no script, no outside resource). */
const SEITE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";

const seite = (inhalt: string) =>
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Newsletter abbestellen</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
  `<body style="font-family: sans-serif; max-width: 36em; margin: 3em auto">${inhalt}</body></html>`;

/** The unsubscribe link of a preview leads to the same pages, which say that nothing happens. */
const VORSCHAU_HINWEIS =
  '<p><strong>Vorschau:</strong> Dieser Link stammt aus der Vorschau; es wird nichts abbestellt.</p>';

/**
 * What recipients of a newsletter reach without a session (the API gate lets /r/ and /abmelden/
 * through): tracked links and the one-click unsubscribe. The signed token is the authorisation.
 */
@Controller('node')
export class LinksController {
  constructor(private readonly links: NewsletterLinks) {}

  @ApiOperation({
    summary: 'Verfolgter Link aus einem Newsletter: Klick zählen und weiterleiten (ohne Sitzung)',
  })
  @Get('r/:token')
  async klick(@Param('token') token: string, @Res() res: Response) {
    res.redirect(302, await this.links.klick(token));
  }

  /** Mail scanners follow links: the GET only asks, the form's POST unsubscribes. */
  @ApiOperation({ summary: 'Abmeldeseite eines Newsletter-Empfängers (ohne Sitzung)' })
  @Get('abmelden/:token')
  async abmeldeSeite(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    const { vorschau } = await this.links.abmeldungPruefen(token);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', SEITE_POLICY);
    return seite(
      '<h1>Newsletter abbestellen</h1><p>Möchten Sie keine Newsletter mehr von uns erhalten?</p>' +
        (vorschau ? VORSCHAU_HINWEIS : '') +
        '<form method="post"><button type="submit">Newsletter abbestellen</button></form>',
    );
  }

  /** RFC 8058 one-click (List-Unsubscribe-Post) and the page's form. */
  @ApiOperation({ summary: 'Newsletter abbestellen, auch als RFC-8058-One-Click (ohne Sitzung)' })
  @Post('abmelden/:token')
  @HttpCode(200)
  async abmelden(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    const { vorschau } = await this.links.abmelden(token);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', SEITE_POLICY);
    return seite(
      vorschau
        ? `<h1>Newsletter abbestellt</h1>${VORSCHAU_HINWEIS}`
        : '<h1>Newsletter abbestellt</h1><p>Sie erhalten keine Newsletter mehr von uns.</p>',
    );
  }
}
