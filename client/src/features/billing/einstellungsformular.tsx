/**
 * What the settings screens of billing (Verbandsdaten, DATEV-Einstellungen) share: the saved values
 * loaded into an editable copy, saving it with the server's German field errors kept per field and
 * its message above the form, what shows while loading or after a failed load, and the save button
 * for those the server lets change them (`bearbeitbar`).
 */
import { Button, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactElement } from 'react';
import type { SWRResponse } from 'swr';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { showToast } from '../../lib/toaster';

export function useEinstellungsformular<T extends { bearbeitbar: boolean }>(
  geladen: SWRResponse<T>,
  speichere: (werte: T) => Promise<T>,
  gespeichert: string,
) {
  const { data, mutate, error } = geladen;
  const [werte, setWerte] = useState<T>();
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [meldung, setMeldung] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) setWerte(data);
  }, [data]);

  const speichern = async () => {
    if (!werte) return;
    setBusy(true);
    setFehler({});
    setMeldung(undefined);
    try {
      const neu = await speichere(werte);
      await mutate(neu, { revalidate: false });
      setWerte(neu);
      showToast(gespeichert);
    } catch (err) {
      setFehler(fieldErrors(err));
      setMeldung(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  /** Shown instead of the form while nothing is loaded, or when loading failed. */
  const ersatz: ReactElement | null = error ? (
    <NonIdealState icon="error" title={errorMessage(error)} />
  ) : !werte ? (
    <Spinner />
  ) : null;

  const speichernKnopf = werte?.bearbeitbar ? (
    <Button
      intent={Intent.PRIMARY}
      icon="floppy-disk"
      text="Speichern"
      loading={busy}
      onClick={() => void speichern()}
    />
  ) : null;

  return { werte, setWerte, fehler, meldung, ersatz, speichernKnopf };
}
