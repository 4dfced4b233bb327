/** The progress of long work (auftrag.ts) as a Blueprint ProgressBar with counts, instead of a spinner. */
import { Intent, ProgressBar } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { fortschrittText, type Fortschritt, type Melder } from './auftrag';
import './auftrag.css';

export function AuftragFortschritt({
  fortschritt,
  einheit,
}: {
  fortschritt: Fortschritt | null;
  /** What is counted, in the plural: "Rechnungen", "Zeilen". */
  einheit: string;
}) {
  const bekannt = fortschritt !== null && fortschritt.gesamt > 0;
  return (
    <div className="auftrag-fortschritt" role="status" aria-live="polite">
      <ProgressBar
        intent={Intent.PRIMARY}
        // Without a total the bar runs indeterminate until the server knows how much there is.
        value={bekannt ? fortschritt.erledigt / fortschritt.gesamt : undefined}
      />
      <span className="auftrag-fortschritt-text">{fortschrittText(fortschritt, einheit)}</span>
    </div>
  );
}

/**
 * Runs one long call at a time for a screen: `laeuft` while it runs, `fortschritt` as the server
 * reports it; both reset when it ends, whether it succeeded or failed.
 */
export function useLangeArbeit() {
  const [laeuft, setLaeuft] = useState(false);
  const [fortschritt, setFortschritt] = useState<Fortschritt | null>(null);
  const ausfuehren = useCallback(async <T,>(arbeit: (melde: Melder) => Promise<T>): Promise<T> => {
    setLaeuft(true);
    setFortschritt(null);
    try {
      return await arbeit(setFortschritt);
    } finally {
      setLaeuft(false);
      setFortschritt(null);
    }
  }, []);
  return { laeuft, fortschritt, ausfuehren };
}
