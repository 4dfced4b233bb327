import { Module } from '@nestjs/common';
import { GobdController } from './adapters/http/gobd.controller';
import { GobdDatenTypeorm } from './adapters/persistence/gobd-daten.typeorm';
import { Gobd } from './application/gobd';
import { GobdDaten } from './application/ports/gobd-daten';
import { ResourcesModule } from '../platform/resources/resources.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { AbrechnungController } from './adapters/http/abrechnung.controller';
import { BezahloptionController } from './adapters/http/bezahloption.controller';
import { DebitorKreisController } from './adapters/http/debitor-kreis.controller';
import { GastanmeldungController } from './adapters/http/gastanmeldung.controller';
import { KalkulationController } from './adapters/http/kalkulation.controller';
import { RechnungController } from './adapters/http/rechnung.controller';
import { VerbandsdatenController } from './adapters/http/verbandsdaten.controller';
import { DatevController } from './adapters/http/datev.controller';
import { DatevQuellenTypeorm } from './adapters/persistence/datev-quellen.typeorm';
import { DatevExportEintrag, Einstellung } from './adapters/persistence/einstellung.entity';
import { EinstellungenSpeicherTypeorm } from './adapters/persistence/einstellungen-speicher.typeorm';
import { DatevEinstellungenDienst } from './application/datev-einstellungen';
import { DatevExport } from './application/datev-export';
import { DatevQuellen } from './application/ports/datev-quellen';
import { EinstellungenSpeicher } from './application/ports/einstellungen-speicher';
import { VorgangController } from './adapters/http/vorgang.controller';
import { RechnungsarchivDateien } from './adapters/files/rechnungsarchiv.files';
import { ERechnungEInvoiceEu } from './adapters/files/e-rechnung.e-invoice-eu';
import { ZahlungController } from './adapters/http/zahlung.controller';
import { ZahlungsspeicherTypeorm } from './adapters/persistence/zahlungsspeicher.typeorm';
import { Zahlungsspeicher } from './application/ports/zahlungsspeicher';
import { Zahlungen } from './application/zahlungen';
import { AbrechnungsAuftraege } from './adapters/jobs/abrechnung.jobs';
import { Abrechnungen } from './application/abrechnungen';
import { Bezahloptionen } from './application/bezahloptionen';
import { Buchungen } from './application/buchungen';
import { Buchungsstapel } from './application/buchungsstapel';
import { Gastanmeldungen } from './application/gastanmeldungen';
import { Kalkulation } from './application/kalkulation';
import { AbrechnungsspeicherTypeorm } from './adapters/persistence/abrechnungsspeicher.typeorm';
import { KalkulationsquellenTypeorm } from './adapters/persistence/kalkulationsquellen.typeorm';
import { VerbandsdatenZeile } from './adapters/persistence/verbandsdaten.entity';
import { VerbandsdatenSpeicherTypeorm } from './adapters/persistence/verbandsdaten-speicher.typeorm';
import { Nummernvergabe } from './application/nummernvergabe';
import { Abrechnungsspeicher } from './application/ports/abrechnungsspeicher';
import { Kalkulationsquellen } from './application/ports/kalkulationsquellen';
import { Rechnungsarchiv } from './application/ports/rechnungsarchiv';
import { ERechnungsformat } from './application/ports/e-rechnungs-format';
import { SeminarBuchungen } from './application/ports/seminar-buchungen';
import { Steuersaetze } from './application/ports/steuersaetze';
import { Systemuhr, Uhr } from './application/ports/uhr';
import { VerbandsdatenSpeicher } from './application/ports/verbandsdaten-speicher';
import { RechnungsDokument } from './application/rechnungs-dokument';
import { RechnungsSammlung } from './application/rechnungs-sammlung';
import { Bestelluebersichten } from './application/bestelluebersichten';
import { BestelluebersichtController } from './adapters/http/bestelluebersicht.controller';
import { Rechnungslauf } from './application/rechnungslauf';
import { SeminarAnbindung } from './application/seminar-anbindung';
import { Steuerregel } from './application/steuersaetze';
import { AboAnbindung } from './application/abo-anbindung';
import { AboVorgaenge } from './application/ports/abo-vorgaenge';
import { Verbandsangaben } from './application/verbandsdaten';
import { Vorgaenge } from './application/vorgaenge';
import { billingResources } from './billing.resources';

import { AbrechnungPersonendaten } from './adapters/persistence/personendaten.typeorm';
import { AufbewahrungJobs } from './adapters/jobs/aufbewahrung.jobs';
@Module({
  imports: [
    ResourcesModule.forFeature(billingResources, [VerbandsdatenZeile, Einstellung, DatevExportEintrag]),
    PromotionsModule,
  ],
  controllers: [
    GobdController,
    VorgangController,
    RechnungController,
    BezahloptionController,
    KalkulationController,
    AbrechnungController,
    DebitorKreisController,
    VerbandsdatenController,
    DatevController,
    GastanmeldungController,
    ZahlungController,
    BestelluebersichtController,
  ],
  providers: [
    { provide: GobdDaten, useClass: GobdDatenTypeorm },
    Gobd,
    AufbewahrungJobs,
    AbrechnungPersonendaten,
    { provide: Abrechnungsspeicher, useClass: AbrechnungsspeicherTypeorm },
    { provide: Kalkulationsquellen, useClass: KalkulationsquellenTypeorm },
    { provide: Uhr, useClass: Systemuhr },
    { provide: VerbandsdatenSpeicher, useClass: VerbandsdatenSpeicherTypeorm },
    Verbandsangaben,
    { provide: EinstellungenSpeicher, useClass: EinstellungenSpeicherTypeorm },
    { provide: DatevQuellen, useClass: DatevQuellenTypeorm },
    DatevEinstellungenDienst,
    DatevExport,
    { provide: Rechnungsarchiv, useClass: RechnungsarchivDateien },
    { provide: ERechnungsformat, useClass: ERechnungEInvoiceEu },
    { provide: Zahlungsspeicher, useClass: ZahlungsspeicherTypeorm },
    { provide: SeminarBuchungen, useClass: SeminarAnbindung },
    { provide: Steuersaetze, useClass: Steuerregel },
    { provide: AboVorgaenge, useClass: AboAnbindung },
    Nummernvergabe,
    Vorgaenge,
    Rechnungslauf,
    RechnungsDokument,
    RechnungsSammlung,
    Bestelluebersichten,
    Bezahloptionen,
    Kalkulation,
    Buchungen,
    Buchungsstapel,
    Gastanmeldungen,
    Abrechnungen,
    Zahlungen,
    AbrechnungsAuftraege,
  ],
  // Seminars read their bookings and take debtor numbers through it; reporting asks the VAT rate;
  // Abos book their periods.
  exports: [SeminarBuchungen, Steuersaetze, AboVorgaenge],
})
export class BillingModule {}
