/**
 * Gehaltsumfrage (verband 2, spec 002 §2, §7, §8): the Benutzer with access to the salary survey,
 * importing an access file, exporting the list and resetting all access after a confirmation.
 */
import { Button, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { href } from '../../app/router';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { confirm } from '../../lib/dialogs';
import { errorMessage, reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import type { ResourceConfig } from '../../resources/types';
import {
  exportiereGehaltsumfrage,
  importiereZugaenge,
  setzeZugaengeZurueck,
  useGehaltsumfrage,
  type ImportErgebnis,
} from './api';
import { unbekannteKennnummern } from './gehaltsumfrage';
import { Blaettern, Fehlermeldung, LeereZeile, Rahmen, SEITENGROESSE } from './teile';

type Ausgang = { ok: true; sekunden: number; ergebnis: ImportErgebnis } | { ok: false; meldung: string };

export function Gehaltsumfrage({ config }: { config: ResourceConfig }) {
  const [seite, setSeite] = useState(1);
  const { data, error, isLoading, mutate } = useGehaltsumfrage(SEITENGROESSE, (seite - 1) * SEITENGROESSE);
  const [datei, setDatei] = useState<File>();
  const [laeuft, setLaeuft] = useState<'export' | 'reset'>();
  const [ausgang, setAusgang] = useState<Ausgang>();
  const einlesen = useLangeArbeit();

  const importieren = async () => {
    if (!datei) return;
    const start = Date.now();
    try {
      const ergebnis = await einlesen.ausfuehren((melde) => importiereZugaenge(datei, melde));
      setAusgang({ ok: true, sekunden: Math.round((Date.now() - start) / 1000), ergebnis });
      setDatei(undefined);
    } catch (err) {
      setAusgang({ ok: false, meldung: errorMessage(err) });
    } finally {
      void mutate();
    }
  };

  const exportieren = async () => {
    setLaeuft('export');
    try {
      await exportiereGehaltsumfrage();
    } catch (err) {
      reportError(err);
    } finally {
      setLaeuft(undefined);
    }
  };

  const zuruecksetzen = async () => {
    const sicher = await confirm(
      'Wollen Sie wirklich alle Zugänge zur Gehaltsumfrage (Links und Passwörter) zurücksetzen?',
      { confirmText: 'Zurücksetzen', danger: true },
    );
    if (!sicher) return;
    setLaeuft('reset');
    try {
      const { count } = await setzeZugaengeZurueck();
      showToast(`${count} Datensätze erfolgreich zurückgesetzt`);
      setSeite(1);
    } catch (err) {
      reportError(err);
    } finally {
      setLaeuft(undefined);
      void mutate();
    }
  };

  const schliessen = () => setAusgang(undefined);
  const unbekannt = ausgang?.ok ? unbekannteKennnummern(ausgang.ergebnis) : null;

  return (
    <Rahmen
      titel={config.label}
      laedt={isLoading}
      aktionen={
        <>
          <Button
            icon="export"
            text="Exportieren"
            loading={laeuft === 'export'}
            onClick={() => void exportieren()}
          />
          <Button
            icon="reset"
            intent={Intent.DANGER}
            text="Alle Zugänge zurücksetzen"
            loading={laeuft === 'reset'}
            onClick={() => void zuruecksetzen()}
          />
        </>
      }
    >
      <div className="list-bar gehaltsumfrage-import">
        <FileInput
          text={datei?.name ?? 'Zugangsdatei wählen…'}
          buttonText="Durchsuchen"
          inputProps={{ accept: '.csv,text/csv', 'aria-label': 'Zugangsdatei' }}
          onInputChange={(e) => setDatei((e.target as HTMLInputElement).files?.[0])}
        />
        <Button
          intent={Intent.PRIMARY}
          icon="import"
          text="Importieren"
          // The bar below shows the work; a spinner in the button would say less.
          disabled={!datei || einlesen.laeuft}
          onClick={() => void importieren()}
        />
        <span className="auswertung-hinweis">CSV mit den Spalten Kennnummer, Link und Passwort</span>
      </div>
      {einlesen.laeuft && <AuftragFortschritt fortschritt={einlesen.fortschritt} einheit="Zugängen" />}
      <Fehlermeldung error={error} />
      <HTMLTable compact striped className="auswertung-tabelle">
        <thead>
          <tr>
            <th>Kennnummer</th>
            <th>Name</th>
            <th>Link</th>
            <th>Passwort</th>
          </tr>
        </thead>
        <tbody>
          {!data?.rows.length ? (
            <LeereZeile spalten={4} laedt={isLoading} />
          ) : (
            data.rows.map((z) => (
              <tr key={z.id}>
                <td>{z.kennnummer}</td>
                <td>
                  <a href={href(`/benutzer/benutzer/${z.id}`)}>{z.name}</a>
                </td>
                <td className="gehaltsumfrage-link">{z.link}</td>
                <td>{z.passwort_gesetzt ? 'gesetzt' : 'nicht gesetzt'}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
      <Blaettern seite={seite} anzahl={data?.count ?? 0} onSeite={setSeite} />
      <Dialog
        isOpen={ausgang !== undefined}
        title={ausgang?.ok ? `Erfolgreich nach ${ausgang.sekunden} Sekunden` : 'Fehler'}
        onClose={schliessen}
      >
        <DialogBody>
          {ausgang?.ok ? (
            <>
              <p>{`Es wurden ${ausgang.ergebnis.updated}/${ausgang.ergebnis.set} Datensätze aktualisiert.`}</p>
              {unbekannt && <p>{unbekannt}</p>}
            </>
          ) : (
            ausgang?.meldung
          )}
        </DialogBody>
        <DialogFooter actions={<Button text="OK" onClick={schliessen} />} />
      </Dialog>
    </Rahmen>
  );
}
