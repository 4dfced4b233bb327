/**
 * Settings „DATEV-Einstellungen“ (issue 29): the Steuerberater's numbers, the fiscal year, the
 * ledger's shape and the revenue accounts per category and VAT rate. Every member of staff sees
 * them; the server says whether this one may change them (administrators) and checks them: its
 * German field errors show at the fields. The SKR03 / SKR04 defaults are one click away.
 */
import {
  Button,
  Classes,
  Callout,
  Card,
  FormGroup,
  H4,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { fieldLabel } from '../../../../common/vocabulary';
import {
  speichereDatevEinstellungen,
  useDatevEinstellungen,
  type DatevKategorie,
  type DatevSatz,
} from './api';
import { useEinstellungsformular } from './einstellungsformular';

type Zahlfeld =
  | 'beraternummer'
  | 'mandantennummer'
  | 'wj_beginn_monat'
  | 'sachkontenlaenge'
  | 'geldkonto'
  | 'sammeldebitor';

const KATEGORIEN: { id: DatevKategorie; titel: string }[] = [
  { id: 'seminare', titel: 'Seminare' },
  { id: 'abos', titel: 'Abos' },
  { id: 'bundle', titel: 'Bundles' },
  { id: 'produkte', titel: 'Produkte' },
];
const SAETZE: DatevSatz[] = ['19', '7', '0'];

const label = (feld: string) => fieldLabel('datev-einstellungen', feld) ?? feld;
const alsZahl = (wert: string) => (wert.trim() === '' ? null : Number(wert.replace(/\D/g, '')));

export function DatevEinstellungen() {
  const { werte, setWerte, fehler, meldung, ersatz, speichernKnopf } = useEinstellungsformular(
    useDatevEinstellungen(),
    speichereDatevEinstellungen,
    'DATEV-Einstellungen gespeichert',
  );
  if (ersatz || !werte) return ersatz;
  const nurLesen = !werte.bearbeitbar;

  const vorgabenUebernehmen = (rahmen: '03' | '04') => {
    const v = werte.vorgaben[rahmen];
    setWerte({ ...werte, kontenrahmen: rahmen, geldkonto: v.geldkonto, erloeskonten: v.erloeskonten });
  };

  const zahlfeld = (name: Zahlfeld) => (
    <FormGroup
      key={name}
      label={label(name)}
      labelFor={`datev-${name}`}
      intent={fehler[name] ? Intent.DANGER : Intent.NONE}
      helperText={fehler[name]}
      inline
    >
      <InputGroup
        id={`datev-${name}`}
        value={werte[name] == null ? '' : String(werte[name])}
        readOnly={nurLesen}
        intent={fehler[name] ? Intent.DANGER : Intent.NONE}
        onValueChange={(wert) => setWerte({ ...werte, [name]: alsZahl(wert) })}
      />
    </FormGroup>
  );

  const setzeKonto = (k: DatevKategorie, s: DatevSatz, feld: 'konto' | 'bu', wert: string) =>
    setWerte({
      ...werte,
      erloeskonten: {
        ...werte.erloeskonten,
        [k]: {
          ...werte.erloeskonten[k],
          [s]: {
            ...werte.erloeskonten[k][s],
            [feld]: feld === 'konto' ? alsZahl(wert) : wert.replace(/\D/g, ''),
          },
        },
      },
    });

  return (
    <Card className="edit-frame datev-einstellungen">
      <H4>DATEV-Einstellungen</H4>
      <p>Diese Angaben stehen im Kopf jeder DATEV-Datei und bestimmen die Konten der Buchungen.</p>
      {nurLesen && (
        <Callout intent={Intent.PRIMARY} icon="lock">
          Nur Administratoren können die DATEV-Einstellungen ändern.
        </Callout>
      )}
      {meldung && (
        <Callout intent={Intent.DANGER} icon="error">
          {meldung}
        </Callout>
      )}
      <section>
        <H5>Steuerberater und Buchhaltung</H5>
        {zahlfeld('beraternummer')}
        {zahlfeld('mandantennummer')}
        {zahlfeld('wj_beginn_monat')}
        {zahlfeld('sachkontenlaenge')}
        <FormGroup label={label('kontenrahmen')} labelFor="datev-kontenrahmen" inline>
          <HTMLSelect
            id="datev-kontenrahmen"
            value={werte.kontenrahmen}
            disabled={nurLesen}
            options={[
              { value: '03', label: 'SKR03' },
              { value: '04', label: 'SKR04' },
            ]}
            onChange={(e) => setWerte({ ...werte, kontenrahmen: e.currentTarget.value as '03' | '04' })}
          />{' '}
          {!nurLesen && (
            <Button
              icon="reset"
              text={`Konten nach ${werte.vorgaben[werte.kontenrahmen].name} vorbelegen`}
              onClick={() => vorgabenUebernehmen(werte.kontenrahmen)}
            />
          )}
        </FormGroup>
        {zahlfeld('geldkonto')}
        {zahlfeld('sammeldebitor')}
      </section>
      <section>
        <H5>Erlöskonten und BU-Schlüssel je Bereich und Steuersatz</H5>
        <HTMLTable compact className="datev-erloeskonten">
          <thead>
            <tr>
              <th>Bereich</th>
              {SAETZE.map((s) => (
                <th key={s}>{s} %</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {KATEGORIEN.map(({ id, titel }) => (
              <tr key={id}>
                <td>{titel}</td>
                {SAETZE.map((s) => {
                  const feld = `erloeskonten.${id}.${s}`;
                  return (
                    <td key={s} title={fehler[feld] ? `${label(feld)} ${fehler[feld]}` : label(feld)}>
                      <InputGroup
                        aria-label={label(feld)}
                        className="datev-konto"
                        value={
                          werte.erloeskonten[id][s].konto == null
                            ? ''
                            : String(werte.erloeskonten[id][s].konto)
                        }
                        readOnly={nurLesen}
                        intent={fehler[feld] ? Intent.DANGER : Intent.NONE}
                        onValueChange={(wert) => setzeKonto(id, s, 'konto', wert)}
                      />
                      <InputGroup
                        aria-label={`BU-Schlüssel ${label(feld)}`}
                        className="datev-bu"
                        placeholder="BU"
                        value={werte.erloeskonten[id][s].bu}
                        readOnly={nurLesen}
                        onValueChange={(wert) => setzeKonto(id, s, 'bu', wert)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p className={Classes.TEXT_MUTED}>
          Vorgabe: die Automatikkonten des Kontenrahmens (ohne BU-Schlüssel). Bitte mit der Steuerberatung
          abstimmen.
        </p>
      </section>
      {speichernKnopf}
    </Card>
  );
}
