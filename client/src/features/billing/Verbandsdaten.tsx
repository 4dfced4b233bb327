/**
 * Settings „Verbandsdaten“ (issue 28, § 14 UStG): the association as issuer of its invoices. Every
 * member of staff sees them; the server says whether this one may change them (administrators), and
 * checks what is saved (tax numbers, IBAN, Gläubiger-ID): its German field errors show at the fields.
 */
import { Callout, Card, FormGroup, H4, H5, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { fieldLabel } from '../../../../common/vocabulary';
import { speichereVerbandsdaten, useVerbandsdaten, type Verbandsdaten as Daten } from './api';
import { useEinstellungsformular } from './einstellungsformular';

type Textfeld = Exclude<keyof Daten, 'befreiungsgruende' | 'bearbeitbar'>;

const ABSCHNITTE: { titel: string; felder: Textfeld[] }[] = [
  { titel: 'Anschrift', felder: ['name', 'strasse', 'plz', 'ort'] },
  { titel: 'Steuer (mindestens eine Angabe)', felder: ['steuernummer', 'ust_idnr'] },
  { titel: 'Bankverbindung und SEPA', felder: ['iban', 'bic', 'bank', 'glaeubiger_id'] },
  {
    titel: 'Ansprechpartner für Rechnungen (in jeder XRechnung genannt)',
    felder: ['kontakt_name', 'kontakt_telefon', 'kontakt_email'],
  },
];

/** The billing categories whose 0 % invoices state a reason, as the vocabulary names them. */
const KATEGORIEN = ['seminare', 'abos', 'bundle', 'produkte'] as const;

const label = (feld: string) => fieldLabel('verbandsdaten', feld) ?? feld;

export function Verbandsdaten() {
  const { werte, setWerte, fehler, meldung, ersatz, speichernKnopf } = useEinstellungsformular(
    useVerbandsdaten(),
    speichereVerbandsdaten,
    'Verbandsdaten gespeichert',
  );
  if (ersatz || !werte) return ersatz;
  const nurLesen = !werte.bearbeitbar;

  const setze = (feld: Textfeld, wert: string) => setWerte({ ...werte, [feld]: wert });
  const setzeGrund = (kategorie: string, wert: string) =>
    setWerte({ ...werte, befreiungsgruende: { ...werte.befreiungsgruende, [kategorie]: wert } });

  const feld = (name: string, wert: string | null, aendern: (wert: string) => void, mehrzeilig = false) => (
    <FormGroup
      key={name}
      label={label(name)}
      labelFor={`verbandsdaten-${name}`}
      intent={fehler[name] ? Intent.DANGER : Intent.NONE}
      helperText={fehler[name]}
    >
      {mehrzeilig ? (
        <TextArea
          id={`verbandsdaten-${name}`}
          fill
          value={wert ?? ''}
          readOnly={nurLesen}
          intent={fehler[name] ? Intent.DANGER : Intent.NONE}
          onChange={(e) => aendern(e.target.value)}
        />
      ) : (
        <InputGroup
          id={`verbandsdaten-${name}`}
          value={wert ?? ''}
          readOnly={nurLesen}
          intent={fehler[name] ? Intent.DANGER : Intent.NONE}
          onValueChange={aendern}
        />
      )}
    </FormGroup>
  );

  return (
    <Card className="edit-frame verbandsdaten">
      <H4>Verbandsdaten</H4>
      <p>Diese Angaben stehen auf jeder Rechnung (§ 14 UStG) und in den SEPA-Dateien.</p>
      {nurLesen && (
        <Callout intent={Intent.PRIMARY} icon="lock">
          Nur Administratoren können die Verbandsdaten ändern.
        </Callout>
      )}
      {meldung && (
        <Callout intent={Intent.DANGER} icon="error">
          {meldung}
        </Callout>
      )}
      {ABSCHNITTE.map((abschnitt) => (
        <section key={abschnitt.titel}>
          <H5>{abschnitt.titel}</H5>
          {abschnitt.felder.map((name) => feld(name, werte[name], (wert) => setze(name, wert)))}
        </section>
      ))}
      <section>
        <H5>Befreiungsgründe (auf Rechnungen mit 0 % Umsatzsteuer)</H5>
        {KATEGORIEN.map((kategorie) =>
          feld(
            `befreiungsgruende.${kategorie}`,
            werte.befreiungsgruende[kategorie],
            (wert) => setzeGrund(kategorie, wert),
            true,
          ),
        )}
      </section>
      {speichernKnopf}
    </Card>
  );
}
