import { Global, Module } from '@nestjs/common';
import { AufbewahrungListener } from './adapters/events/aufbewahrung.listener';
import { StaffDirectory } from '../platform/auth/staff-directory';
import { ResourcesModule } from '../platform/resources/resources.module';
import { BenutzerStaffDirectory } from './adapters/staff-directory.adapter';
import { ReferenceMover } from '../platform/database/reference-mover';
import { BenutzerZugangController } from './adapters/http/benutzer-zugang.controller';
import { GehaltsumfrageController } from './adapters/http/gehaltsumfrage.controller';
import { GruppenController } from './adapters/http/gruppen.controller';
import { GehaltsumfrageAuftraege } from './adapters/jobs/gehaltsumfrage.jobs';
import { GruppenAuftraege } from './adapters/jobs/gruppen.jobs';
import { GruppenMitglieder } from './adapters/persistence/gruppen-mitglieder';
import { MitgliederAuskunftTypeorm } from './adapters/persistence/mitglieder-auskunft.typeorm';
import { MitgliederanlageTypeorm } from './adapters/persistence/mitgliederanlage.typeorm';
import { ZusammenfuehrenController } from './adapters/http/zusammenfuehren.controller';
import { TalentLmsHttp } from './adapters/talentlms/talent-lms.http';
import { BenutzerZugang } from './application/benutzer-zugang';
import { EnsureAdmin } from './application/ensure-admin';
import { Gehaltsumfrage } from './application/gehaltsumfrage';
import { GruppenAbgleich } from './application/gruppen-abgleich';
import { GruppenPflege } from './application/gruppen-pflege';
import { MitgliederAuskunft } from './application/ports/mitglieder-auskunft';
import { Mitgliederanlage } from './application/ports/mitgliederanlage';
import { TalentLms } from './application/ports/talent-lms';
import { Zusammenfuehren } from './application/zusammenfuehren';
import { membershipResources } from './membership.resources';

/** Benutzer, their contacts and groups. Global because the platform's login asks it who is staff. */
import { MitgliederPersonendaten } from './adapters/persistence/personendaten.typeorm';
import { DatenschutzController } from './adapters/http/datenschutz.controller';
import { DatenschutzAuftraege } from './adapters/jobs/datenschutz.jobs';
import { Datenauskunft } from './application/datenauskunft';
import { NewsletterSperre } from './adapters/persistence/newsletter-sperre.entity';
import { LoeschungAufWunsch } from './application/loeschung-auf-wunsch';
import { DatevImportController } from './adapters/http/datev-import.controller';
import { DatevImportAuftraege } from './adapters/jobs/datev-import.jobs';
import { DebitorenSpeicherTypeorm } from './adapters/persistence/debitoren-speicher.typeorm';
import { DebitorenImport } from './application/debitoren-import';
import { DebitorenSpeicher } from './application/ports/debitoren-speicher';
@Global()
@Module({
  imports: [ResourcesModule.forFeature(membershipResources, [NewsletterSperre])],
  controllers: [
    BenutzerZugangController,
    ZusammenfuehrenController,
    GehaltsumfrageController,
    GruppenController,
    DatenschutzController,
    DatevImportController,
  ],
  providers: [
    Datenauskunft,
    LoeschungAufWunsch,
    DebitorenImport,
    DatevImportAuftraege,
    { provide: DebitorenSpeicher, useClass: DebitorenSpeicherTypeorm },
    AufbewahrungListener,
    DatenschutzAuftraege,
    MitgliederPersonendaten,
    { provide: StaffDirectory, useClass: BenutzerStaffDirectory },
    { provide: TalentLms, useClass: TalentLmsHttp },
    { provide: MitgliederAuskunft, useClass: MitgliederAuskunftTypeorm },
    { provide: Mitgliederanlage, useClass: MitgliederanlageTypeorm },
    EnsureAdmin,
    Gehaltsumfrage,
    GehaltsumfrageAuftraege,
    BenutzerZugang,
    ReferenceMover,
    Zusammenfuehren,
    GruppenMitglieder,
    GruppenPflege,
    GruppenAbgleich,
    GruppenAuftraege,
  ],
  // TalentLms: the seminars create their courses through the same port (issue 10). MitgliederAuskunft:
  // what newsletter and seminars read about Benutzer and groups. Mitgliederanlage: billing makes a
  // Benutzer of a guest registration it takes over.
  exports: [StaffDirectory, EnsureAdmin, TalentLms, MitgliederAuskunft, Mitgliederanlage],
})
export class MembershipModule {}
