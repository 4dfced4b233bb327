/**
 * The CSV comparison wizard of the group window (spec 001 §2, §4, §8): step csv-select uploads a
 * file, which the server reads and compares as long work with its progress shown; step compare
 * shows the four buckets with their counts and rows, exports any bucket's original rows, and adds
 * the ready ones after asking.
 */
import {
  Button,
  Callout,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Intent,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { abgleichArt, hinzugefuegtMeldung, type MitgliedArt } from '../../../../common/gruppen';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { exportCsv } from '../../lib/csv';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import {
  ABGLEICH_BUCKETS,
  csvAbgleichen,
  gruppeHinzufuegen,
  type Abgleich,
  type AbgleichBucket,
  type AbgleichZeile,
} from './api';
import type { Gruppe } from './typen';

const BUCKET_TITEL: Record<AbgleichBucket, string> = {
  bereit: 'Bereit zum Hinzufügen',
  vorhanden: 'Bereits in der Gruppe',
  inaktiv: 'Nicht aktiv',
  nicht_gefunden: 'Nicht gefunden',
};

const BUCKET_INTENT: Record<AbgleichBucket, Intent> = {
  bereit: Intent.SUCCESS,
  vorhanden: Intent.PRIMARY,
  inaktiv: Intent.WARNING,
  nicht_gefunden: Intent.DANGER,
};

const ART_TEXT: Record<MitgliedArt, string> = { email: 'als Emails', benutzer: 'als Benutzer' };

/** Rows shown per bucket; the export holds all of them. */
const ANGEZEIGT = 100;

const SCHRITTE = [
  ['csv-select', 'CSV-Datei wählen'],
  ['compare', 'Vergleich'],
] as const;

function BucketTabelle({ zeilen }: { zeilen: AbgleichZeile[] }) {
  const spalten = [...new Set(zeilen.flatMap((z) => Object.keys(z.row)))];
  return (
    <HTMLTable compact striped className="related-table abgleich-tabelle">
      <thead>
        <tr>
          <th>Zeile</th>
          {spalten.map((spalte) => (
            <th key={spalte}>{spalte}</th>
          ))}
          <th>Benutzer</th>
          <th>Hinweis</th>
        </tr>
      </thead>
      <tbody>
        {zeilen.slice(0, ANGEZEIGT).map((z) => (
          <tr key={z.zeile}>
            <td>{z.zeile}</td>
            {spalten.map((spalte) => (
              <td key={spalte}>{z.row[spalte]}</td>
            ))}
            <td>
              {z.benutzer
                ? [z.benutzer.anzeigename, z.benutzer.kennnummer && `(${z.benutzer.kennnummer})`]
                    .filter(Boolean)
                    .join(' ')
                : ''}
            </td>
            <td>{z.grund ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function CsvAbgleich({ gruppe }: { gruppe: Gruppe }) {
  const gruppeId = gruppe.id as number;
  const name = String(gruppe.name ?? '');
  const [schritt, setSchritt] = useState<(typeof SCHRITTE)[number][0]>('csv-select');
  const [datei, setDatei] = useState<File>();
  const [art, setArt] = useState<MitgliedArt>(abgleichArt(gruppe.zuordnung));
  const [ergebnis, setErgebnis] = useState<Abgleich>();
  const [arbeitet, setArbeitet] = useState(false);
  const vergleich = useLangeArbeit();

  const laufen = async (arbeit: () => Promise<void>) => {
    setArbeitet(true);
    try {
      await arbeit();
    } catch (error) {
      reportError(error);
    } finally {
      setArbeitet(false);
    }
  };

  const vergleichen = async () => {
    setErgebnis(await vergleich.ausfuehren((melde) => csvAbgleichen(gruppeId, datei!, art, melde)));
    setSchritt('compare');
  };

  const hinzufuegen = async () => {
    const bereit = ergebnis!.bereit.rows.flatMap((z) => (z.ziel_id ? [z.ziel_id] : []));
    const frage = `Wollen Sie ${bereit.length} ${ergebnis!.zuordnung === 'benutzer' ? 'Benutzer' : 'Emails'} zur Gruppe „${name}“ hinzufügen?`;
    if (!(await confirm(frage, { confirmText: 'Hinzufügen' }))) return;
    await laufen(async () => {
      const neu = await gruppeHinzufuegen(gruppeId, ergebnis!.zuordnung, bereit);
      showToast(hinzugefuegtMeldung(neu.length));
      await vergleichen();
    });
  };

  const exportieren = (bucket: AbgleichBucket) =>
    laufen(() =>
      exportCsv(
        ergebnis![bucket].rows.map((z) => z.row),
        `${name} – ${BUCKET_TITEL[bucket]}`,
      ),
    );

  return (
    <div className="stepper csv-abgleich" aria-busy={arbeitet}>
      <ol className="stepper-steps">
        {SCHRITTE.map(([id, titel], i) => (
          <li key={id} className={id === schritt ? 'active' : i === 0 ? 'done' : undefined}>
            <span className="stepper-number">{i + 1}</span> {titel}
          </li>
        ))}
      </ol>
      {schritt === 'csv-select' || !ergebnis ? (
        <div className="stepper-panel">
          <Callout icon="info-sign" className="abgleich-hinweis">
            Die Zeilen der Datei werden mit den Benutzern verglichen: zuerst über jede ihrer Emails, dann über
            die Kennnummer, dann über Name und Firma. Erkannt werden die Spalten E-Mail, Kennnummer, Vorname,
            Nachname oder Name und Firma; getrennt mit Semikolon oder Komma, in UTF-8 oder Windows-1252.
          </Callout>
          <FormGroup label="CSV-Datei" labelFor="csv-datei">
            <FileInput
              fill
              text={datei?.name ?? 'Datei wählen…'}
              buttonText="Durchsuchen"
              hasSelection={Boolean(datei)}
              inputProps={{ id: 'csv-datei', accept: '.csv,text/csv,text/plain' }}
              onInputChange={(e) => setDatei(e.currentTarget.files?.[0])}
            />
          </FormGroup>
          {gruppe.zuordnung === 'alle' && (
            <FormGroup label="Hinzufügen" labelFor="csv-art">
              <HTMLSelect
                id="csv-art"
                value={art}
                onChange={(e) => setArt(e.target.value as MitgliedArt)}
                options={(['email', 'benutzer'] as const).map((value) => ({ value, label: ART_TEXT[value] }))}
              />
            </FormGroup>
          )}
          {vergleich.laeuft && <AuftragFortschritt fortschritt={vergleich.fortschritt} einheit="Zeilen" />}
          <div className="stepper-buttons">
            <Button
              intent={Intent.PRIMARY}
              rightIcon="arrow-right"
              text="Vergleichen"
              disabled={!datei || arbeitet}
              onClick={() => void laufen(vergleichen)}
            />
          </div>
        </div>
      ) : (
        <div className="stepper-panel">
          <div className="abgleich-summe">
            {ABGLEICH_BUCKETS.map((bucket) => (
              <Tag key={bucket} large minimal intent={BUCKET_INTENT[bucket]}>
                {BUCKET_TITEL[bucket]}: {ergebnis[bucket].count}
              </Tag>
            ))}
          </div>
          {ABGLEICH_BUCKETS.map((bucket) => (
            <Section
              key={bucket}
              className={`abgleich-bucket abgleich-${bucket}`}
              compact
              collapsible
              collapseProps={{ defaultIsOpen: bucket !== 'vorhanden' && ergebnis[bucket].count > 0 }}
              title={`${BUCKET_TITEL[bucket]} (${ergebnis[bucket].count})`}
              rightElement={
                <Button
                  size="small"
                  icon="export"
                  text="Exportieren"
                  disabled={ergebnis[bucket].count === 0}
                  onClick={(e) => {
                    e.stopPropagation();
                    void exportieren(bucket);
                  }}
                />
              }
            >
              <SectionCard padded={false}>
                {ergebnis[bucket].count === 0 ? (
                  <p className="list-empty">keine Daten vorhanden</p>
                ) : (
                  <BucketTabelle zeilen={ergebnis[bucket].rows} />
                )}
                {ergebnis[bucket].count > ANGEZEIGT && (
                  <p className="abgleich-mehr">
                    … und {ergebnis[bucket].count - ANGEZEIGT} weitere Zeilen (vollständig im Export).
                  </p>
                )}
              </SectionCard>
            </Section>
          ))}
          <div className="stepper-buttons">
            <Button icon="arrow-left" text="Zurück" onClick={() => setSchritt('csv-select')} />
            <Button
              intent={Intent.PRIMARY}
              icon="add"
              text="Zur Gruppe hinzufügen"
              disabled={ergebnis.bereit.count === 0 || arbeitet}
              onClick={() => void hinzufuegen()}
            />
          </div>
          {vergleich.laeuft && <AuftragFortschritt fortschritt={vergleich.fortschritt} einheit="Zeilen" />}
        </div>
      )}
    </div>
  );
}
