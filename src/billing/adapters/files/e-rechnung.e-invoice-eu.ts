/**
 * The e-invoice syntaxes through @e-invoice-eu/core (issue 29; docs/architecture.md says why this
 * library): the domain's content is written in the library's input format (EN 16931 business terms
 * in UBL-shaped JSON, which it checks against its schema), and the library writes the CII XML and,
 * for Factur-X, turns our PDF into PDF/A-3 with `factur-x.xml` embedded (AFRelationship
 * Alternative), an sRGB output intent and XMP metadata (pdfaid part 3, the Factur-X extension schema).
 */
import { Injectable, Logger } from '@nestjs/common';
import { createRequire } from 'node:module';
import type {
  FormatFactoryService,
  Invoice,
  InvoiceServiceOptions,
  Logger as EInvoiceLogger,
  ValidationService,
} from '@e-invoice-eu/core';
import type { ERechnung, Anschrift, Steuerkategorie } from '../../domain/e-rechnung';
import { ERechnungsformat } from '../../application/ports/e-rechnungs-format';
import { DomainError } from '../../../shared/domain-error';
import type { Cents } from '../../../shared/money';

/** The EN 16931 Factur-X profile; the XML alone as XRechnung in the CII syntax. */
const FACTUR_X = 'Factur-X-EN16931';
const XRECHNUNG_CII = 'XRECHNUNG-CII';
const EN16931 = 'urn:cen.eu:en16931:2017';
/** BT-24 of an XRechnung 3.0 (CIUS of EN 16931 by KoSIT). */
export const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

const betrag = (cents: Cents) => (cents / 100).toFixed(2);
const eur = (feld: string, cents: Cents) => ({ [feld]: betrag(cents), [`${feld}@currencyID`]: 'EUR' });
const satz = (prozent: number) => String(prozent);

const anschrift = (a: Anschrift) => ({
  ...(a.strasse ? { 'cbc:StreetName': a.strasse } : {}),
  ...(a.ort ? { 'cbc:CityName': a.ort } : {}),
  ...(a.plz ? { 'cbc:PostalZone': a.plz } : {}),
  'cac:Country': { 'cbc:IdentificationCode': a.land },
});

const steuerkategorie = (kategorie: Steuerkategorie, prozent: number, grund?: string | null) => ({
  'cbc:ID': kategorie,
  'cbc:Percent': satz(prozent),
  ...(grund ? { 'cbc:TaxExemptionReason': grund } : {}),
  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
});

/** BG-6: the seller contact, as far as the association entered it. */
const kontakt = (k: ERechnung['verkaeufer']['kontakt']) =>
  k.name || k.telefon || k.email
    ? {
        'cac:Contact': {
          ...(k.name ? { 'cbc:Name': k.name } : {}),
          ...(k.telefon ? { 'cbc:Telephone': k.telefon } : {}),
          ...(k.email ? { 'cbc:ElectronicMail': k.email } : {}),
        },
      }
    : {};

/** The library's input for the content of `e`, as EN 16931 (Factur-X) or as XRechnung. */
export function alsEingabe(e: ERechnung, ziel: 'en16931' | 'xrechnung' = 'en16931'): Invoice {
  const { verkaeufer, kaeufer, zahlung } = e;
  const steuernummern = [
    verkaeufer.ust_idnr && { 'cbc:CompanyID': verkaeufer.ust_idnr, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
    verkaeufer.steuernummer && {
      'cbc:CompanyID': verkaeufer.steuernummer,
      'cac:TaxScheme': { 'cbc:ID': 'FC' },
    },
  ].filter(Boolean);
  const zahlungsweg =
    zahlung.art === '58'
      ? {
          'cbc:PaymentMeansCode': '58',
          'cac:PayeeFinancialAccount': {
            'cbc:ID': zahlung.iban!,
            ...(zahlung.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': zahlung.bic } } : {}),
          },
        }
      : zahlung.art === '59'
        ? {
            'cbc:PaymentMeansCode': '59',
            'cac:PaymentMandate': {
              ...(zahlung.mandat ? { 'cbc:ID': zahlung.mandat } : {}),
              'cac:PayerFinancialAccount': { 'cbc:ID': zahlung.lastschriftkonto! },
            },
          }
        : null;
  const invoice = {
    'cbc:CustomizationID': ziel === 'xrechnung' ? XRECHNUNG : EN16931,
    'cbc:ID': e.nr,
    'cbc:IssueDate': e.datum,
    ...(zahlung.faellig ? { 'cbc:DueDate': zahlung.faellig } : {}),
    'cbc:InvoiceTypeCode': e.art,
    'cbc:DocumentCurrencyCode': 'EUR',
    ...(e.leitweg_id || ziel === 'xrechnung' ? { 'cbc:BuyerReference': e.leitweg_id ?? e.nr } : {}),
    ...(e.zeitraum
      ? {
          'cac:InvoicePeriod': {
            'cbc:StartDate': e.zeitraum.von,
            ...(e.zeitraum.bis ? { 'cbc:EndDate': e.zeitraum.bis } : {}),
          },
        }
      : {}),
    ...(e.vorgaenger
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': e.vorgaenger.nr,
                ...(e.vorgaenger.datum ? { 'cbc:IssueDate': e.vorgaenger.datum } : {}),
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cac:PostalAddress': anschrift(verkaeufer.anschrift),
        ...(steuernummern.length ? { 'cac:PartyTaxScheme': steuernummern } : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': verkaeufer.name },
        ...kontakt(verkaeufer.kontakt),
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        'cac:PostalAddress': anschrift(kaeufer.anschrift),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': kaeufer.name },
      },
    },
    'cac:Delivery': { 'cbc:ActualDeliveryDate': e.lieferdatum },
    ...(zahlungsweg ? { 'cac:PaymentMeans': [zahlungsweg] } : {}),
    'cac:PaymentTerms': { 'cbc:Note': zahlung.bedingungen },
    'cac:TaxTotal': [
      {
        ...eur('cbc:TaxAmount', e.summen.mwst),
        'cac:TaxSubtotal': e.steuern.map((z) => ({
          ...eur('cbc:TaxableAmount', z.basis),
          ...eur('cbc:TaxAmount', z.betrag),
          'cac:TaxCategory': steuerkategorie(z.kategorie, z.satz, z.befreiungsgrund),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      ...eur('cbc:LineExtensionAmount', e.summen.netto),
      ...eur('cbc:TaxExclusiveAmount', e.summen.netto),
      ...eur('cbc:TaxInclusiveAmount', e.summen.brutto),
      ...eur('cbc:PayableAmount', e.summen.brutto),
    },
    // A negative line (a credit within an invoice) is one unit taken back: prices are never negative (BR-27).
    'cac:InvoiceLine': e.positionen.map((p) => ({
      'cbc:ID': String(p.nr),
      'cbc:InvoicedQuantity': p.netto < 0 ? '-1' : '1',
      'cbc:InvoicedQuantity@unitCode': 'C62',
      ...eur('cbc:LineExtensionAmount', p.netto),
      'cac:Item': {
        'cbc:Name': p.titel,
        'cac:ClassifiedTaxCategory': steuerkategorie(p.kategorie, p.satz),
      },
      'cac:Price': eur('cbc:PriceAmount', Math.abs(p.netto)),
    })),
  };
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

/** A compiled check of the library's input schema (ajv's ValidateFunction, of the library's own ajv). */
type Pruefung = Parameters<typeof ValidationService.prototype.validate<Invoice>>[1];

type Bibliothek = typeof import('@e-invoice-eu/core');

/**
 * The library's InvoiceService compiles its whole input schema on every call (seconds per invoice);
 * this does what it does — check the input against the format's schema, fill the format's defaults,
 * write — with the compiled check kept per format. Its ajv is loaded from the library's own
 * dependencies, the version it was built with.
 */
class EInvoiceEu {
  private readonly fabrik: FormatFactoryService;
  private readonly pruefungen = new Map<string, Pruefung>();
  private readonly ajv = createRequire(require.resolve('@e-invoice-eu/core'))('ajv/dist/2019') as {
    default: new (optionen: object) => { compile(schema: object): Pruefung };
  };

  constructor(
    private readonly bibliothek: Bibliothek,
    private readonly logger: EInvoiceLogger,
  ) {
    this.fabrik = new bibliothek.FormatFactoryService();
  }

  async erzeuge(invoice: Invoice, optionen: InvoiceServiceOptions): Promise<string | Uint8Array> {
    const formatter = this.fabrik.createFormatService(optionen.format, this.logger);
    const format = this.fabrik.normalizeFormat(optionen.format);
    let pruefung = this.pruefungen.get(format);
    if (!pruefung) {
      const schema = structuredClone(this.bibliothek.invoiceSchema);
      formatter.patchSchema(schema);
      pruefung = new this.ajv.default({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
      this.pruefungen.set(format, pruefung);
    }
    const geprueft = new this.bibliothek.ValidationService(this.logger).validate<Invoice>(
      'invoice data',
      pruefung,
      structuredClone(invoice),
    );
    formatter.fillInvoiceDefaults(geprueft);
    mitVorgaengerVerweis(geprueft);
    return formatter.generate(geprueft, { ...optionen, format });
  }
}

/**
 * @e-invoice-eu/core 2.3.4 checks the preceding invoice (BG-3) as `cac:BillingReference[]/
 * cac:InvoiceDocumentReference/cbc:ID`, as UBL has it, but writes the CII
 * `InvoiceReferencedDocument` from `cac:BillingReference[]/cbc:ID` — so a credit note would lose its
 * reference. After the check the number is copied to where the writer reads it; the e-invoice test
 * catches a library version that behaves differently. Not the date (BT-26, optional): the writer
 * puts it in the wrong namespace (udt instead of qdt), which the CII schema refuses.
 */
function mitVorgaengerVerweis(invoice: Invoice): void {
  for (const verweis of invoice['ubl:Invoice']['cac:BillingReference'] ?? [])
    Object.assign(verweis, { 'cbc:ID': verweis['cac:InvoiceDocumentReference']['cbc:ID'] });
}

@Injectable()
export class ERechnungEInvoiceEu extends ERechnungsformat {
  private readonly logger = new Logger('ERechnung');
  /**
   * Loaded at the first e-invoice, not with the app: the library and what it brings (a spreadsheet
   * reader, a second PDF library) took a third of the app's module loading on every start.
   */
  private bibliothek?: Promise<EInvoiceEu>;

  private geladen(): Promise<EInvoiceEu> {
    this.bibliothek ??= import('@e-invoice-eu/core').then(
      (bibliothek) =>
        new EInvoiceEu(bibliothek, {
          log: (m) => this.logger.log(m),
          warn: (m) => this.logger.warn(m),
          error: (m) => this.logger.error(m),
        }),
    );
    return this.bibliothek;
  }

  async einbetten(pdf: Uint8Array, rechnung: ERechnung): Promise<Uint8Array> {
    return (await this.erzeuge(rechnung, {
      format: FACTUR_X,
      pdf: { buffer: pdf, filename: `${rechnung.nr}.pdf`, mimetype: 'application/pdf' },
    })) as Uint8Array;
  }

  async xml(rechnung: ERechnung): Promise<string> {
    return (await this.erzeuge(rechnung, { format: XRECHNUNG_CII }, 'xrechnung')) as string;
  }

  /** The library refuses content its schema rejects: a German refusal naming the invoice, its report logged. */
  private async erzeuge(
    rechnung: ERechnung,
    optionen: Omit<InvoiceServiceOptions, 'lang'>,
    ziel: 'en16931' | 'xrechnung' = 'en16931',
  ) {
    try {
      const bibliothek = await this.geladen();
      return await bibliothek.erzeuge(alsEingabe(rechnung, ziel), { ...optionen, lang: 'de-de' });
    } catch (error) {
      this.logger.error(`E-Rechnung ${rechnung.nr}: ${(error as Error).message}`);
      throw DomainError.conflict(
        'E_RECHNUNG_FEHLER',
        `Die E-Rechnung zur Rechnung ${rechnung.nr} konnte nicht erzeugt werden (${(error as Error).message}).`,
      );
    }
  }
}
