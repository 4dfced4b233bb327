/**
 * The billing overview of one category object (spec 002 §2): Übersicht (the sums of calcCategory),
 * Mitglieder / Vorgänge (for Abos: Mitglieder / Abos) leading to the member level, Rechnungen and
 * Export (summaries, SEPA files, invoices by e-mail); actions 'Alle verifizieren' and 'Rechnungen
 * erstellen' (the invoice run).
 */
import {
  AnchorButton,
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  H4,
  HTMLTable,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { SepaAuslassung } from '../../../../common/sepa';
import { fieldLabel } from '../../../../common/vocabulary';
import { href } from '../../app/router';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { TabFrame } from '../../components/EditFrame';
import { RelatedTable } from '../../components/RelatedTable';
import { Amount } from '../../components/inputs/Amount';
import { resourcePath } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatAmount } from '../../lib/format';
import { useApi } from '../../lib/hooks';
import { showErrorToast } from '../../lib/toaster';
import { useUser } from '../../app/session';
import type { ColumnDef, Row } from '../../resources/types';
import {
  aboZahler,
  exportMeldung,
  laufMeldung,
  mitgliederAusVorgaengen,
  objektVorgaenge,
  objektWhere,
  type AbrechnungsArt,
  type Laufergebnis,
} from './abrechnung';
import { aktion } from './aktion';
import { ZeilenAktion } from './ZeilenAktion';
import { DatevDebitoren, datevLaden, DatevZeitraum } from './DatevExport';
import {
  abrechnungErstellen,
  abrechnungGeaendert,
  alleVerifizieren,
  lgAbrechnungUrl,
  rechnungenErstellen,
  rechnungenPerEmail,
  sepaHerunterladen,
  useKategoriesummen,
  type Posten,
  type SepaArt,
} from './api';
import { Rechnungen } from './Rechnungen';

const L = (feld: string) => fieldLabel('rw-calculation', feld) ?? feld;

/** The billed object's name: a seminar by its LG number and title, an Abo by its title. */
export function useObjekt(art: AbrechnungsArt, id: number) {
  const { data } = useApi<Row>(resourcePath(art.resource, id), {
    attributes: art.category === 'seminare' ? ['id', 'lg_id', 'titel'] : ['id', 'titel'],
  });
  if (!data) return String(id);
  return [data.lg_id, data.titel].filter(Boolean).join(' – ');
}

function PostenZeile({ feld, posten }: { feld: string; posten: Posten }) {
  return (
    <tr data-summe={feld}>
      <td>{L(feld)}</td>
      <td className="zahl">{posten.anzahl}</td>
      <td className="zahl">
        <Amount value={posten.betrag} />
      </td>
    </tr>
  );
}

function Uebersicht({ art, id }: { art: AbrechnungsArt; id: number }) {
  const { data, error, isLoading } = useKategoriesummen(art, id);
  if (error)
    return (
      <Callout intent={Intent.DANGER} title="Fehler beim Laden">
        {errorMessage(error)}
      </Callout>
    );
  if (!data || isLoading) return <Spinner size={20} aria-label="Daten werden geladen" />;
  const { transactions: t, rechnungen: r, abos: a } = data;
  return (
    <HTMLTable compact striped className="related-table abrechnung-summen">
      <thead>
        <tr>
          <th />
          <th>{L('anzahl')}</th>
          <th>{L('betrag')}</th>
        </tr>
      </thead>
      <tbody>
        {t && (
          <>
            <PostenZeile feld="offen" posten={t.offen} />
            <PostenZeile feld="verifiziert" posten={t.verifiziert} />
            <PostenZeile feld="abgerechnet" posten={t.abgerechnet} />
            <PostenZeile feld="aktuell" posten={t.aktuell} />
            <PostenZeile feld="storniert" posten={t.storniert} />
            <tr data-summe="mitglieder">
              <td>{L('mitglieder')}</td>
              <td className="zahl">{t.mitglieder}</td>
              <td />
            </tr>
            <tr data-summe="ohne_bezahloption">
              <td>{L('ohne_bezahloption')}</td>
              <td className="zahl">{t.ohne_bezahloption.length}</td>
              <td />
            </tr>
          </>
        )}
        {r && (
          <>
            <PostenZeile feld="rechnungen" posten={r.rechnungen} />
            <PostenZeile feld="storno" posten={r.storno} />
            <tr data-summe="saldo">
              <td>{L('saldo')}</td>
              <td />
              <td className="zahl">
                <Amount value={r.saldo} />
              </td>
            </tr>
          </>
        )}
        {a &&
          (['buchungen', 'aktiv', 'gekuendigt'] as const).map((feld) => (
            <tr key={feld} data-summe={feld}>
              <td>{L(feld)}</td>
              <td className="zahl">{a[feld]}</td>
              <td />
            </tr>
          ))}
      </tbody>
    </HTMLTable>
  );
}

const MITGLIED_SPALTEN: ColumnDef[] = [
  { field: 'kennnummer', label: fieldLabel('benutzer', 'kennnummer') },
  { field: 'name', label: fieldLabel('benutzer', 'anzeigename') },
  { field: 'anzahl', label: L('anzahl') },
  { field: 'offen', label: L('offen') },
  { field: 'verifiziert', label: L('verifiziert') },
  { field: 'abgerechnet', label: L('abgerechnet') },
  { field: 'betrag', label: L('betrag'), type: 'amount' },
];

function Mitglieder({ art, id }: { art: AbrechnungsArt; id: number }) {
  const { data, isLoading } = useApi<Row[]>(resourcePath('rw-transaction'), {
    ...objektVorgaenge(art, id, 'aktuell'),
    attributes: ['id', 'benutzer_id', 'betrag', 'verifiziert', 'storno', 'child_id', 'rw_rechnung_id'],
    include: [{ association: 'Benutzer', attributes: ['id', 'anzeigename', 'kennnummer'] }],
    limit: 1000,
  });
  const zeilen = mitgliederAusVorgaengen(data ?? []);
  return (
    <HTMLTable compact striped interactive className="related-table abrechnung-mitglieder">
      <thead>
        <tr>
          {MITGLIED_SPALTEN.map((c) => (
            <th key={c.field}>{c.label}</th>
          ))}
          <th className="actions" />
        </tr>
      </thead>
      <tbody>
        {zeilen.length === 0 ? (
          <tr>
            <td colSpan={MITGLIED_SPALTEN.length + 1} className="list-empty">
              {isLoading ? <Spinner size={16} /> : 'keine Daten vorhanden'}
            </td>
          </tr>
        ) : (
          zeilen.map((m) => (
            <tr key={m.id} data-benutzer={m.id}>
              {MITGLIED_SPALTEN.map((c) => (
                <td key={c.field}>
                  {c.type === 'amount' ? <Amount value={m.betrag} /> : String(m[c.field as keyof typeof m])}
                </td>
              ))}
              <td className="actions">
                <AnchorButton
                  small
                  variant="minimal"
                  icon="document-open"
                  text="Abrechnung des Mitglieds"
                  href={href(`${art.path}/${id}/${m.id}`)}
                />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}

/** Spec 002 §3: an Abo's bookings, each leading to its member's billing. */
function AboBuchungen({ art, id }: { art: AbrechnungsArt; id: number }) {
  const label = (feld: string) => fieldLabel('wb-abo-buchung', feld) ?? feld;
  return (
    <RelatedTable
      resource="wb-abo-buchung"
      query={{
        where: { wb_abo_id: id },
        include: [{ association: 'Benutzer', attributes: ['id', 'anzeigename', 'kennnummer', 'parent_id'] }],
        order: [['id', 'ASC']],
        limit: 1000,
      }}
      columns={[
        { field: 'id', label: label('id') },
        { field: 'Benutzer.anzeigename', label: label('benutzer_id') },
        { field: 'teilnehmer', label: label('teilnehmer') },
        { field: 'createdAt', label: label('createdAt'), type: 'datetime' },
        { field: 'storno_valid_from', label: label('storno_valid_from'), type: 'date' },
      ]}
      actions={(b) => (
        <AnchorButton
          small
          variant="minimal"
          icon="document-open"
          text="Abrechnung des Mitglieds"
          href={href(`${art.path}/${id}/${aboZahler(b)}`)}
        />
      )}
    />
  );
}

const SEPA_DATEI: Record<SepaArt, string> = {
  sepaDebit: 'SEPA-Lastschrift',
  sepaTransfer: 'SEPA-Überweisung',
};

/** The invoices a SEPA download of a summary had to leave out. */
interface Auslassungen {
  art: SepaArt;
  abrechnungId: number;
  liste: SepaAuslassung[];
}

/** After a SEPA download: the invoices the file had to leave out, with why, for staff to follow up. */
function Ausgelassen({ art, abrechnungId, liste, close }: Auslassungen & { close(): void }) {
  return (
    <Dialog
      isOpen
      title={`${SEPA_DATEI[art]} der Abrechnung ${abrechnungId}`}
      onClose={close}
      style={{ width: 640 }}
    >
      <DialogBody>
        <Callout intent={Intent.WARNING} className="sepa-ausgelassen" title="Nicht in der Datei enthalten">
          <p>
            {liste.length === 1 ? 'Diese Rechnung wurde' : `Diese ${liste.length} Rechnungen wurden`}{' '}
            ausgelassen, die übrigen sind in der heruntergeladenen Datei. Bitte ergänzen Sie die fehlenden
            Angaben; diese Beträge werden mit der Datei nicht{' '}
            {art === 'sepaDebit' ? 'eingezogen' : 'erstattet'}.
          </p>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{fieldLabel('rw-rechnung', 'rechnungs_nr')}</th>
                <th>Mitglied</th>
                <th>Grund</th>
              </tr>
            </thead>
            <tbody>
              {liste.map((a) => (
                <tr key={a.rechnung}>
                  <td>{a.rechnung}</td>
                  <td>{a.name}</td>
                  <td>{a.gruende.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Callout>
      </DialogBody>
      <DialogFooter actions={<Button text="Schließen" onClick={close} />} />
    </Dialog>
  );
}

/**
 * The summaries of the object (rw-abrechnung): 'Abrechnung erstellen' exports every invoice not yet
 * in one; per summary the SEPA files (disabled without SEPA data, spec 002 §4) and its invoices by
 * e-mail. A SEPA download that had to leave invoices out lists them.
 */
function Export({ art, id }: { art: AbrechnungsArt; id: number }) {
  const label = (feld: string) => fieldLabel('rw-abrechnung', feld) ?? feld;
  // The export and the mailing run long for large objects: their progress shows above the table.
  const arbeit = useLangeArbeit();
  const felder = [
    'data.betrag',
    'data.all',
    'data.created',
    'data.storno',
    'data.sepa_debit',
    'data.sepa_transfer',
    'data.rechnungenEmail',
    'data.hinweise',
  ];
  // SEPA data is {anzahl, betrag} or null (spec 002 §4: null disables the SEPA action).
  const sepaSpalte = (field: string): Partial<ColumnDef> =>
    // Issue 28: e.g. a debit netted off after its file was downloaded, to recall at the bank.
    field === 'data.hinweise'
      ? { format: (v) => (Array.isArray(v) ? v.join(' ') : '') }
      : field.startsWith('data.sepa_')
        ? { format: (v) => `${String((v as Posten).anzahl)} / ${formatAmount((v as Posten).betrag)}` }
        : { type: field === 'data.betrag' ? 'amount' : undefined };
  const [ausgelassen, setAusgelassen] = useState<Auslassungen | null>(null);
  const sepa = async (sepaArt: SepaArt, abrechnungId: number) => {
    try {
      const liste = await sepaHerunterladen(sepaArt, abrechnungId);
      if (liste.length > 0) setAusgelassen({ art: sepaArt, abrechnungId, liste });
    } catch (error) {
      showErrorToast(errorMessage(error));
    } finally {
      abrechnungGeaendert();
    }
  };
  return (
    <>
      {ausgelassen && <Ausgelassen {...ausgelassen} close={() => setAusgelassen(null)} />}
      <DatevZeitraum />
      <DatevDebitoren />
      <RelatedTable
        resource="rw-abrechnung"
        query={{ where: objektWhere(art, id), order: [['createdAt', 'DESC']] }}
        bar={
          <>
            <Button
              icon="export"
              intent={Intent.PRIMARY}
              text="Abrechnung erstellen"
              disabled={arbeit.laeuft}
              onClick={() =>
                void aktion(
                  'Wollen Sie wirklich eine Abrechnung aller Rechnungen erstellen, die noch in keiner Abrechnung enthalten sind?',
                  () => arbeit.ausfuehren((melde) => abrechnungErstellen(art, id, melde)),
                  (ergebnis) => exportMeldung(ergebnis).join(' '),
                )
              }
            />
            {arbeit.laeuft && <AuftragFortschritt fortschritt={arbeit.fortschritt} einheit="Rechnungen" />}
          </>
        }
        columns={[
          { field: 'id', label: label('id') },
          { field: 'createdAt', label: label('createdAt'), type: 'datetime' },
          ...felder.map((field): ColumnDef => ({ field, label: label(field), ...sepaSpalte(field) })),
        ]}
        actions={(a) => {
          const data = (a.data ?? {}) as Record<string, unknown>;
          return (
            <>
              <ZeilenAktion
                icon="bank-account"
                name={SEPA_DATEI.sepaDebit}
                disabled={!data.sepa_debit}
                onClick={() => void sepa('sepaDebit', Number(a.id))}
              />
              <ZeilenAktion
                icon="credit-card"
                name={SEPA_DATEI.sepaTransfer}
                disabled={!data.sepa_transfer}
                onClick={() => void sepa('sepaTransfer', Number(a.id))}
              />
              <ZeilenAktion
                icon="th-derived"
                name="DATEV-Buchungsstapel"
                onClick={() => void datevLaden({ abrechnungId: Number(a.id) }, false)}
              />
              <ZeilenAktion
                icon="envelope"
                name="Rechnungen per Email"
                disabled={arbeit.laeuft}
                onClick={() =>
                  void aktion(
                    'Wollen Sie alle Rechnungen dieser Abrechnung wirklich per Email an die Mitglieder versenden?',
                    () => arbeit.ausfuehren((melde) => rechnungenPerEmail(Number(a.id), melde)),
                    (ergebnis) => ergebnis.message,
                  )
                }
              />
            </>
          );
        }}
      />
    </>
  );
}

function Rechnungslauf({ art, id, close }: { art: AbrechnungsArt; id: number; close(): void }) {
  const [nurVerifizierte, setNurVerifizierte] = useState(true);
  const { laeuft, fortschritt, ausfuehren } = useLangeArbeit();
  const [ergebnis, setErgebnis] = useState<Laufergebnis | null>(null);
  const starten = async () => {
    try {
      setErgebnis(await ausfuehren((melde) => rechnungenErstellen(art, id, nurVerifizierte, melde)));
    } catch (error) {
      showErrorToast(errorMessage(error));
    } finally {
      abrechnungGeaendert();
    }
  };
  const [kopf, ...berichte] = ergebnis ? laufMeldung(ergebnis) : [];
  return (
    <Dialog isOpen title="Rechnungen erstellen" onClose={close} style={{ width: 600 }}>
      <DialogBody>
        <Checkbox
          label="Nur verifizierte Vorgänge abrechnen"
          checked={nurVerifizierte}
          disabled={laeuft || ergebnis !== null}
          onChange={(e) => setNurVerifizierte(e.currentTarget.checked)}
        />
        {laeuft && <AuftragFortschritt fortschritt={fortschritt} einheit="Rechnungen" />}
        {ergebnis && (
          <Callout
            className="rechnungslauf-ergebnis"
            intent={berichte.length ? Intent.WARNING : Intent.SUCCESS}
            title={kopf}
          >
            {berichte.map((bericht) => (
              <div key={bericht}>{bericht}</div>
            ))}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          ergebnis ? (
            <Button text="Schließen" onClick={close} />
          ) : (
            <>
              <Button text="Abbrechen" onClick={close} />
              <Button
                intent={Intent.PRIMARY}
                text="Rechnungen erstellen"
                disabled={laeuft}
                onClick={() => void starten()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}

export function Abrechnung({ art, id }: { art: AbrechnungsArt; id: number }) {
  const titel = useObjekt(art, id);
  const user = useUser();
  const [laufOffen, setLaufOffen] = useState(false);
  return (
    <Card className="edit-frame abrechnung">
      <div className="edit-header">
        <H4>{`${art.label}: ${titel}`}</H4>
        <div className="edit-actions">
          <Button
            icon="tick"
            text="Alle verifizieren"
            onClick={() =>
              void aktion(
                'Wollen Sie wirklich alle offenen Vorgänge verifizieren?',
                () => alleVerifizieren(art, id),
                (rows) => `${rows.length} Vorgänge verifiziert`,
              )
            }
          />
          <Button
            icon="document"
            intent={Intent.PRIMARY}
            text="Rechnungen erstellen"
            onClick={() => setLaufOffen(true)}
          />
          {art.category === 'seminare' && (
            // Spec 002 §6: the state branch's (verband 3) settlement link adds skript_per_post=true.
            <AnchorButton
              icon="th-list"
              text="LG-Abrechnung"
              href={lgAbrechnungUrl(id, user.verband === 3)}
            />
          )}
          <AnchorButton icon="arrow-left" text={art.label} href={href(art.path)} />
        </div>
      </div>
      <TabFrame
        route={`${art.path}/${id}`}
        tabs={[
          { id: 'uebersicht', title: 'Übersicht', panel: <Uebersicht art={art} id={id} /> },
          {
            id: 'mitglieder',
            title: art.category === 'abos' ? 'Mitglieder / Abos' : 'Mitglieder / Vorgänge',
            panel: (
              <>
                {art.category === 'abos' && <AboBuchungen art={art} id={id} />}
                <Mitglieder art={art} id={id} />
              </>
            ),
          },
          { id: 'rechnungen', title: 'Rechnungen', panel: <Rechnungen art={art} id={id} /> },
          { id: 'export', title: 'Export', panel: <Export art={art} id={id} /> },
        ]}
      />
      {laufOffen && <Rechnungslauf art={art} id={id} close={() => setLaufOffen(false)} />}
    </Card>
  );
}
