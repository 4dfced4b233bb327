/**
 * The billing of one member within a category object (spec 002 §2): Abos (Abos only), Vorgänge
 * (verify, cancel, revert, delete, and 'Vorgang hinzufügen'), Rechnungen, Übersicht / Bezahlung
 * (the payment option; a missing one forces this tab open and opens its dialog, spec 002 §4) and
 * Verfügbare Teilnehmer (the member and its employees); a link to the member's maintenance.
 */
import { AnchorButton, Button, Callout, Card, H4, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { enumLabel, fieldLabel } from '../../../../common/vocabulary';
import { href } from '../../app/router';
import { useUser } from '../../app/session';
import { TabFrame } from '../../components/EditFrame';
import { RelatedTable } from '../../components/RelatedTable';
import { resourcePath } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { invalidateResource, useApi } from '../../lib/hooks';
import { saveTab, tabKey } from '../../lib/user-storage';
import type { ColumnDef, Row } from '../../resources/types';
import {
  aboBuchungenWhere,
  bezahlungErzwungen,
  objektVorgaenge,
  vorgangAktionen,
  type AbrechnungsArt,
} from './abrechnung';
import { useObjekt } from './Abrechnung';
import { aktion } from './aktion';
import { ZeilenAktion } from './ZeilenAktion';
import {
  abrechnungGeaendert,
  bestelluebersichtPerEmail,
  useBezahloption,
  vorgangLoeschen,
  vorgangStornieren,
  vorgangVerifizieren,
  vorgangZuruecksetzen,
} from './api';
import { BezahloptionDialog } from './BezahloptionDialog';
import { BuchungDialog } from './BuchungDialog';
import { Rechnungen } from './Rechnungen';
import { AboKuendigung } from '../promotions/AboKuendigung';

const T = (feld: string) => fieldLabel('rw-transaction', feld) ?? feld;

const VORGANG_SPALTEN: ColumnDef[] = [
  { field: 'id', label: T('id') },
  { field: 'buchung_time', label: T('buchung_time'), type: 'datetime' },
  { field: 'titel', label: T('titel') },
  { field: 'teilnehmer', label: T('teilnehmer') },
  { field: 'buchung_typ', label: T('buchung_typ') },
  { field: 'betrag', label: T('betrag'), type: 'amount' },
  { field: 'verifiziert', label: T('verifiziert'), type: 'boolean' },
  { field: 'storno', label: T('storno'), type: 'boolean' },
  { field: 'RW_Rechnung.rechnungs_nr', label: T('rw_rechnung_id') },
];

interface Ebene {
  art: AbrechnungsArt;
  id: number;
  benutzerId: number;
}

function Vorgaenge({ art, id, benutzerId }: Ebene) {
  const [buchen, setBuchen] = useState(false);
  const frage = (was: string, t: Row) =>
    `Wollen Sie den Vorgang ${String(t.id)} (${String(t.titel ?? '')}) wirklich ${was}?`;
  // The latest versions, cancelled ones too: their cancellation can be reverted.
  const vorgaenge = objektVorgaenge(art, id, 'neueste');
  return (
    <>
      <RelatedTable
        resource="rw-transaction"
        query={{
          where: { ...vorgaenge.where, benutzer_id: benutzerId },
          scope: vorgaenge.scope,
          include: [{ association: 'RW_Rechnung', attributes: ['id', 'rechnungs_nr'] }],
          order: [['id', 'ASC']],
          limit: 1000,
        }}
        columns={VORGANG_SPALTEN}
        bar={
          art.category === 'seminare' && (
            <Button icon="add" text="Vorgang hinzufügen" onClick={() => setBuchen(true)} />
          )
        }
        actions={(t) => {
          const erlaubt = vorgangAktionen(t);
          const vid = Number(t.id);
          return (
            <>
              <ZeilenAktion
                icon="tick"
                name="Verifizieren"
                disabled={!erlaubt.verifizieren}
                onClick={() =>
                  void aktion(frage('verifizieren', t), () => vorgangVerifizieren(vid), 'Vorgang verifiziert')
                }
              />
              <ZeilenAktion
                icon="disable"
                name="Stornieren"
                disabled={!erlaubt.stornieren}
                onClick={() =>
                  void aktion(frage('stornieren', t), () => vorgangStornieren(vid), 'Vorgang storniert')
                }
              />
              <ZeilenAktion
                icon="undo"
                name="Zurücksetzen"
                onClick={() =>
                  void aktion(
                    frage('zurücksetzen', t),
                    () => vorgangZuruecksetzen(vid),
                    'Vorgang zurückgesetzt',
                  )
                }
              />
              <ZeilenAktion
                intent={Intent.DANGER}
                icon="trash"
                name="Löschen"
                onClick={() =>
                  void aktion(frage('löschen', t), () => vorgangLoeschen(vid), 'Vorgang gelöscht')
                }
              />
            </>
          );
        }}
      />
      {buchen && (
        <BuchungDialog veranstaltungId={id} benutzerId={benutzerId} close={() => setBuchen(false)} />
      )}
    </>
  );
}

const B = (feld: string) => fieldLabel('rw-bezahloption', feld) ?? feld;
const adresse = (a: Row | null | undefined) =>
  a ? [a.bezeichnung, a.strasse, [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
const konto = (k: Row | null | undefined) =>
  k ? [k.inhaber, k.iban, k.bic, k.bank].filter(Boolean).join(', ') : '';
const typ = (wert: unknown) => (wert ? enumLabel('rw-bezahloption', 'typ', String(wert)) : '');

function Bezahlung({
  option,
  fehler,
  laden,
  bearbeiten,
}: {
  option: Row | null | undefined;
  fehler: unknown;
  laden: boolean;
  bearbeiten(): void;
}) {
  if (laden) return <Spinner size={20} aria-label="Daten werden geladen" />;
  return (
    <div className="bezahlung">
      {fehler ? (
        <Callout intent={Intent.DANGER} title="Fehler beim Laden">
          {errorMessage(fehler)}
        </Callout>
      ) : !option ? (
        <Callout intent={Intent.WARNING}>Für dieses Mitglied fehlt eine Zahlungsart.</Callout>
      ) : (
        <HTMLTable compact className="bezahloption">
          <tbody>
            <tr>
              <td>{B('benutzer_adresse_id')}</td>
              <td>{adresse(option.Benutzer_Adresse as Row)}</td>
            </tr>
            <tr>
              <td>{B('typ')}</td>
              <td data-feld="typ">{typ(option.typ)}</td>
            </tr>
            <tr>
              <td>{B('benutzer_konto_id')}</td>
              <td>{konto(option.Benutzer_Konto as Row)}</td>
            </tr>
            <tr>
              <td>{B('neg_typ')}</td>
              <td>{typ(option.neg_typ)}</td>
            </tr>
            <tr>
              <td>{B('neg_benutzer_konto_id')}</td>
              <td>{konto(option.Neg_Benutzer_Konto as Row)}</td>
            </tr>
            <tr>
              <td>{B('skript_per_post')}</td>
              <td>{option.skript_per_post ? 'ja' : 'nein'}</td>
            </tr>
            <tr>
              <td>{B('e_rechnung')}</td>
              <td>{option.e_rechnung ? 'ja' : 'nein'}</td>
            </tr>
            {option.leitweg_id ? (
              <tr>
                <td>{B('leitweg_id')}</td>
                <td>{String(option.leitweg_id)}</td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      )}
      <Button icon="edit" text="Zahlungsart bearbeiten" onClick={bearbeiten} />
    </div>
  );
}

const P = (feld: string) => fieldLabel('benutzer', feld) ?? feld;

function Teilnehmer({ benutzerId }: { benutzerId: number }) {
  return (
    <RelatedTable
      resource="benutzer"
      query={{
        where: { $or: [{ id: benutzerId }, { parent_id: benutzerId }] },
        attributes: ['id', 'kennnummer', 'anzeigename', 'vorname', 'nachname', 'parent_id', 'aktiviert'],
        order: [['id', 'ASC']],
      }}
      columns={[
        { field: 'kennnummer', label: P('kennnummer') },
        { field: 'anzeigename', label: P('anzeigename') },
        { field: 'vorname', label: P('vorname') },
        { field: 'nachname', label: P('nachname') },
        { field: 'aktiviert', label: P('aktiviert'), type: 'boolean' },
      ]}
      actions={(p) => (
        <AnchorButton
          small
          variant="minimal"
          icon="person"
          text="Öffnen"
          href={href(`/benutzer/benutzer/${String(p.id)}`)}
        />
      )}
    />
  );
}

function Abos({ id, benutzerId }: { id: number; benutzerId: number }) {
  const A = (feld: string) => fieldLabel('wb-abo-buchung', feld) ?? feld;
  const [kuendigen, setKuendigen] = useState<Row | null>(null);
  return (
    <>
      {kuendigen && (
        <AboKuendigung
          buchung={kuendigen}
          close={(geaendert) => {
            setKuendigen(null);
            if (!geaendert) return;
            // The booking's end and its transactions changed.
            invalidateResource('wb-abo-buchung');
            abrechnungGeaendert();
          }}
        />
      )}
      <RelatedTable
        resource="wb-abo-buchung"
        query={{
          where: aboBuchungenWhere(id, benutzerId),
          include: [{ association: 'Benutzer', attributes: ['id', 'anzeigename'] }],
          order: [['id', 'ASC']],
        }}
        columns={[
          { field: 'id', label: A('id') },
          { field: 'Benutzer.anzeigename', label: A('benutzer_id') },
          { field: 'teilnehmer', label: A('teilnehmer') },
          { field: 'createdAt', label: A('createdAt'), type: 'datetime' },
          { field: 'storno_valid_from', label: A('storno_valid_from'), type: 'date' },
          { field: 'storno_datum', label: A('storno_datum'), type: 'date' },
        ]}
        actions={(row) => (
          <Button small variant="minimal" icon="disable" text="Kündigen" onClick={() => setKuendigen(row)} />
        )}
      />
    </>
  );
}

export function MitgliedAbrechnung({ art, id, benutzerId }: Ebene) {
  const user = useUser();
  const titel = useObjekt(art, id);
  const { data: benutzer } = useApi<Row>(resourcePath('benutzer', benutzerId), {
    attributes: ['id', 'anzeigename', 'kennnummer'],
  });
  const { data: optionen, error, isLoading } = useBezahloption(art, id, benutzerId);
  const option = optionen?.[0] ?? null;
  const [dialog, setDialog] = useState(false);
  const route = `${art.path}/${id}/${benutzerId}`;
  const erzwungen = bezahlungErzwungen(optionen !== undefined, option, error);
  // Spec 002 §4: once per visit, a missing option (or a failed load) opens the payment tab and its dialog.
  const [tabs, setTabs] = useState(0);
  const erzwungenGezeigt = useRef(false);
  useEffect(() => {
    if (!erzwungen || erzwungenGezeigt.current) return;
    erzwungenGezeigt.current = true;
    saveTab(tabKey(user.id, route), 'bezahlung');
    setTabs((n) => n + 1);
    setDialog(true);
  }, [erzwungen, user.id, route]);

  const name = benutzer ? `${String(benutzer.anzeigename ?? benutzerId)}` : String(benutzerId);
  return (
    <Card className="edit-frame abrechnung-mitglied">
      <div className="edit-header">
        <H4>{`${art.label}: ${titel} – ${name}`}</H4>
        <div className="edit-actions">
          <Button
            icon="envelope"
            text="Bestellübersicht per Email"
            onClick={() =>
              void aktion(
                'Wollen Sie dem Mitglied die Bestellübersicht wirklich per Email senden?',
                () => bestelluebersichtPerEmail(art, id, benutzerId),
                (ergebnis) => ergebnis.message,
              )
            }
          />
          <AnchorButton icon="person" text="Zum Benutzer" href={href(`/benutzer/benutzer/${benutzerId}`)} />
          <AnchorButton icon="arrow-left" text="Zur Abrechnung" href={href(`${art.path}/${id}`)} />
        </div>
      </div>
      <TabFrame
        key={tabs}
        route={route}
        tabs={[
          ...(art.category === 'abos'
            ? [{ id: 'abos', title: 'Abos', panel: <Abos id={id} benutzerId={benutzerId} /> }]
            : []),
          {
            id: 'vorgaenge',
            title: 'Vorgänge',
            panel: <Vorgaenge art={art} id={id} benutzerId={benutzerId} />,
          },
          {
            id: 'rechnungen',
            title: 'Rechnungen',
            panel: <Rechnungen art={art} id={id} benutzerId={benutzerId} />,
          },
          {
            id: 'bezahlung',
            title: 'Übersicht / Bezahlung',
            panel: (
              <Bezahlung
                option={option}
                fehler={error}
                laden={isLoading}
                bearbeiten={() => setDialog(true)}
              />
            ),
          },
          { id: 'teilnehmer', title: 'Verfügbare Teilnehmer', panel: <Teilnehmer benutzerId={benutzerId} /> },
        ]}
      />
      {dialog && (
        <BezahloptionDialog
          art={art}
          id={id}
          benutzerId={benutzerId}
          option={option}
          close={() => setDialog(false)}
        />
      )}
    </Card>
  );
}
