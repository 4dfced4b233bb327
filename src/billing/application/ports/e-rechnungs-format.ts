/**
 * Port: the e-invoice syntaxes (issue 29). The content comes from domain/e-rechnung.ts; this turns
 * it into the UN/CEFACT CII XML of EN 16931 and embeds that in the invoice PDF as ZUGFeRD / Factur-X
 * (PDF/A-3, `factur-x.xml`, XMP metadata) — a library's work, kept behind this seam.
 */
import type { ERechnung } from '../../domain/e-rechnung';

export abstract class ERechnungsformat {
  /** The PDF as Factur-X / ZUGFeRD, profile EN 16931, with the CII XML of `rechnung` embedded. */
  abstract einbetten(pdf: Uint8Array, rechnung: ERechnung): Promise<Uint8Array>;
  /** The CII XML alone (the XRechnung download). */
  abstract xml(rechnung: ERechnung): Promise<string>;
}
