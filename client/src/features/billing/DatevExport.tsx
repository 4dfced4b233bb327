/**
 * DATEV Buchungsstapel in the billing export tab (issue 29): per calendar month (one file each, a
 * ZIP for several) with the months of a year marked when exported before — exporting one again is
 * asked first and allowed — and, per summary, a row action. Payments from the bank statements are
 * added when wanted. The members with a debtor number go to the Steuerberater as Debitoren.
 */
import { Button, Callout, Checkbox, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { deutschesDatum } from '../../../../common/kalender';
import { confirm } from '../../lib/dialogs';
import { errorMessage } from '../../lib/errors';
import { showErrorToast, showToast } from '../../lib/toaster';
import { datevHerunterladen, debitorenHerunterladen, useDatevMonate, type DatevMonat } from './api';

const MONATE = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const monatsname = (monat: string) => `${MONATE[Number(monat.slice(5, 7)) - 1]} ${monat.slice(0, 4)}`;

/** Downloads and tells what happened: the hint of an earlier export as a warning, else success. */
export async function datevLaden(ziel: Parameters<typeof datevHerunterladen>[0], zahlungen: boolean) {
  try {
    const hinweis = await datevHerunterladen(ziel, zahlungen);
    if (hinweis) showToast(hinweis, Intent.WARNING, 10000);
    else showToast('DATEV-Datei erstellt');
  } catch (error) {
    showErrorToast(errorMessage(error));
  }
}

function exportiertText(m: DatevMonat): string | null {
  const letzter = m.exporte[m.exporte.length - 1];
  return letzter
    ? `exportiert am ${deutschesDatum(new Date(letzter.createdAt))}${letzter.admin_name ? ` von ${letzter.admin_name}` : ''}`
    : null;
}

/** Of months exported before, the one exported last: the question names its date and who, once. */
const zuletzt = (monate: DatevMonat[]) =>
  monate.reduce((a, b) =>
    a.exporte[a.exporte.length - 1].createdAt >= b.exporte[b.exporte.length - 1].createdAt ? a : b,
  );

export function DatevZeitraum() {
  const diesesJahr = new Date().getFullYear();
  const [jahr, setJahr] = useState(diesesJahr);
  const [von, setVon] = useState(1);
  const [bis, setBis] = useState(new Date().getMonth() + 1);
  const [zahlungen, setZahlungen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: monate, mutate } = useDatevMonate(jahr);
  const monat = (n: number) => `${jahr}-${String(n).padStart(2, '0')}`;

  const exportieren = async () => {
    const bereits = (monate ?? []).filter(
      (m) => m.monat >= monat(von) && m.monat <= monat(bis) && m.exporte.length,
    );
    if (
      bereits.length > 0 &&
      !(await confirm(
        `Bereits an DATEV exportiert: ${bereits.map((m) => monatsname(m.monat)).join(', ')} ` +
          `(zuletzt ${exportiertText(zuletzt(bereits))}). Trotzdem erneut exportieren? ` +
          'Bitte beim Steuerberater nicht doppelt buchen.',
      ))
    )
      return;
    setBusy(true);
    await datevLaden({ von: monat(von), bis: monat(bis) }, zahlungen);
    setBusy(false);
    void mutate();
  };

  const jahre = [diesesJahr - 2, diesesJahr - 1, diesesJahr];
  return (
    <Callout className="datev-zeitraum" icon="th-derived" title="DATEV-Buchungsstapel nach Monaten">
      <div className="datev-monate">
        {(monate ?? []).map((m) => (
          <Tag
            key={m.monat}
            minimal={m.exporte.length === 0}
            intent={m.exporte.length ? Intent.SUCCESS : Intent.NONE}
            icon={m.exporte.length ? 'tick' : undefined}
            title={exportiertText(m) ?? 'noch nicht exportiert'}
            className="datev-monat"
          >
            {monatsname(m.monat)}: {m.rechnungen} Rechnungen{m.exporte.length ? ', exportiert' : ''}
          </Tag>
        ))}
      </div>
      <HTMLSelect aria-label="Jahr" value={jahr} onChange={(e) => setJahr(Number(e.currentTarget.value))}>
        {jahre.map((j) => (
          <option key={j} value={j}>
            {j}
          </option>
        ))}
      </HTMLSelect>{' '}
      von{' '}
      <HTMLSelect aria-label="von Monat" value={von} onChange={(e) => setVon(Number(e.currentTarget.value))}>
        {MONATE.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </HTMLSelect>{' '}
      bis{' '}
      <HTMLSelect aria-label="bis Monat" value={bis} onChange={(e) => setBis(Number(e.currentTarget.value))}>
        {MONATE.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </HTMLSelect>{' '}
      <Checkbox
        inline
        label="Zahlungseingänge einbeziehen"
        checked={zahlungen}
        onChange={(e) => setZahlungen(e.currentTarget.checked)}
      />
      <Button
        icon="download"
        intent={Intent.PRIMARY}
        text="DATEV-Export"
        disabled={von > bis}
        loading={busy}
        onClick={() => void exportieren()}
      />
    </Callout>
  );
}

/** The members with a debtor number as DATEV Debitoren (category 16), for the Steuerberater's master data. */
export function DatevDebitoren() {
  const [busy, setBusy] = useState(false);
  const laden = async () => {
    setBusy(true);
    try {
      await debitorenHerunterladen();
      showToast('DATEV-Debitoren erstellt');
    } catch (error) {
      showErrorToast(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout className="datev-debitoren" icon="people" title="DATEV-Debitoren (Stammdaten)">
      Alle Benutzer mit Debitorennummer mit Rechnungsanschrift und Bankverbindung, zum Import beim
      Steuerberater.{' '}
      <Button icon="download" text="Debitoren exportieren" loading={busy} onClick={() => void laden()} />
    </Callout>
  );
}
