/** Issue 34: what the DSGVO asks about one Benutzer, from the Benutzer window's toolbar. */
import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { dateiHerunterladen } from '../../components/auftrag/auftrag';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { formatDateValue } from '../../lib/format';
import { showToast } from '../../lib/toaster';
import { datenauskunft, loeschenAufWunsch } from './api';

/** The Datenauskunft (Art. 15 DSGVO): the bar counts the steps, then the browser saves the ZIP. */
export function DatenauskunftButton({ benutzerId }: { benutzerId: number }) {
  const auskunft = useLangeArbeit();
  const erstellen = async () => {
    try {
      dateiHerunterladen(await auskunft.ausfuehren((melde) => datenauskunft(benutzerId, melde)));
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <>
      <Button
        icon="archive"
        text="Datenauskunft"
        loading={auskunft.laeuft}
        onClick={() => void erstellen()}
      />
      {auskunft.laeuft && <AuftragFortschritt fortschritt={auskunft.fortschritt} einheit="Schritte" />}
    </>
  );
}

/**
 * Erasure on request (Art. 17 DSGVO) after a „Wirklich löschen?“ confirmation, as the spec asks
 * before deleting; a Benutzer erased already shows the day instead.
 */
export function LoeschenButton({
  benutzerId,
  name,
  geloeschtAm,
  onGeloescht,
}: {
  benutzerId: number;
  name: string;
  geloeschtAm: string | null;
  /** Reloads the window, which then shows the day. */
  onGeloescht(): Promise<void>;
}) {
  const [laeuft, setLaeuft] = useState(false);
  if (geloeschtAm)
    return <Button icon="disable" disabled text={`Gelöscht auf Wunsch am ${formatDateValue(geloeschtAm)}`} />;
  const loeschen = async () => {
    const sicher = await confirm(
      `Wirklich löschen? Kontaktdaten, Gruppen und Newsletter-Daten von „${name}“ werden endgültig gelöscht; Rechnungen, ihre Buchungen und Zahlungen bleiben bis zum Ende der Aufbewahrungsfrist, der Benutzer wird deaktiviert.`,
      { confirmText: 'Auf Wunsch löschen', danger: true },
    );
    if (!sicher) return;
    setLaeuft(true);
    try {
      const { geloescht_am, rechnungen } = await loeschenAufWunsch(benutzerId);
      showToast(
        `Gelöscht auf Wunsch am ${formatDateValue(geloescht_am)}${rechnungen ? `; ${rechnungen} Rechnung(en) bleiben aufbewahrt` : ''}.`,
        Intent.SUCCESS,
      );
      await onGeloescht();
    } catch (error) {
      reportError(error);
    } finally {
      setLaeuft(false);
    }
  };
  return (
    <Button
      icon="trash"
      intent={Intent.DANGER}
      text="Auf Wunsch löschen"
      loading={laeuft}
      onClick={() => void loeschen()}
    />
  );
}
