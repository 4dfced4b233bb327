/**
 * The data of a seminar-invitation PDF (spec 001 §3) wherever it is kept: a seminar's own
 * (data.seminareinladung_pdf) or a PDF-Vorlage's (data). Its fields, and its optional texts, each
 * switched on by being a string.
 */
import { Button, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { EINLADUNG_FELDER, EINLADUNG_TEXTE } from '../../../../common/seminar';
import { fieldLabel } from '../../../../common/vocabulary';
import { saveBlob } from '../../lib/csv';
import { reportError } from '../../lib/errors';
import type { Row } from '../../resources/types';
import { readPath } from '../../resources/values';
import { seminareinladung } from './api';
import { PDF } from './felder';
import type { FensterKontext } from './Fenster';

/** The vocabulary names the invitation's fields once, as the seminar keeps them. */
const label = (name: string) => fieldLabel('veranstaltung', `${PDF}.${name}`) ?? name;

export function EinladungsDaten({ kontext, pfad }: { kontext: FensterKontext; pfad: string }) {
  const { record, change, felder } = kontext;
  const daten = (readPath(record, pfad) ?? {}) as Row;
  return (
    <>
      <section>
        {felder(
          EINLADUNG_FELDER.map((name) => ({
            name: `${pfad}.${name}`,
            type: 'text' as const,
            label: label(name),
          })),
        )}
      </section>
      <section>
        {EINLADUNG_TEXTE.map((name) => {
          const feld = `${pfad}.${name}`;
          const an = typeof daten[name] === 'string';
          return (
            <div key={name} className="pdf-text">
              <Switch
                id={`schalter-${name}`}
                label={label(name)}
                checked={an}
                onChange={(e) => change({ [feld]: e.currentTarget.checked ? '' : null })}
              />
              {an && felder([{ name: feld, type: 'textarea', label: '' }])}
            </div>
          );
        })}
      </section>
    </>
  );
}

/**
 * The invitation's fields and texts as the screen shows them, saved or not: each named, so that
 * the server renders exactly these and none of the stored ones (a text switched off is null).
 */
export function einladungsVorgaben(record: Row, pfad: string): Row {
  const daten = (readPath(record, pfad) ?? {}) as Row;
  return Object.fromEntries(
    [...EINLADUNG_FELDER, ...EINLADUNG_TEXTE].map((name) => [name, daten[name] ?? null]),
  );
}

/**
 * 'PDF erzeugen' (spec 001 §7): `POST /node/api/pdf-vorlage/render` with the invitation `auftrag()`
 * gives, saved under the file name of the answer's Content-Disposition.
 */
export function PdfErzeugen({ auftrag, disabled }: { auftrag(): Row; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const erzeugen = async () => {
    setBusy(true);
    try {
      const { blob, name } = await seminareinladung(auftrag());
      saveBlob(blob, name);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="document" text="PDF erzeugen" loading={busy} disabled={disabled} onClick={erzeugen} />;
}
