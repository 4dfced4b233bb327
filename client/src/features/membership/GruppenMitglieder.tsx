/**
 * The Emails and Benutzer tabs of the group window (spec 001 §2, §7, §8): the members as a generic
 * list (paging, search, sorting, export, removing one), adding picked records, removing all, the
 * newsletter-group fill and the refill of an automatic group, each confirmed first.
 */
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { aufgefuelltMeldung, hinzugefuegtMeldung, type MitgliedArt } from '../../../../common/gruppen';
import { fieldLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { AuftragFortschritt, useLangeArbeit } from '../../components/auftrag/AuftragFortschritt';
import { RecordsSelect } from '../../components/inputs/RecordsSelect';
import { ResourceList } from '../../components/ResourceList';
import { api, resourcePath } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import type { ResourceConfig, Row } from '../../resources/types';
import {
  gruppeAuffuellen,
  gruppeHinzufuegen,
  gruppeLeeren,
  MITGLIED_RESOURCE,
  newsletterGruppeFuellen,
} from './api';
import { benutzerLabel } from './benutzer-felder';
import type { Gruppe } from './typen';

const HINZUGEFUEGT = { field: 'createdAt', label: 'Hinzugefügt am', type: 'datetime' } as const;

/** What one kind of member is called, picked by and listed with. */
const ARTEN: Record<
  MitgliedArt,
  {
    mehrzahl: string;
    /** Where a member row opens (a route of the slice that leads on to the record). */
    pfad: string;
    auswahl: { resource: string; label(row: Row): string; searchFields: string[] };
    liste: (gruppeId: number) => Pick<ResourceConfig, 'columns' | 'query'>;
  }
> = {
  benutzer: {
    mehrzahl: 'Benutzer',
    pfad: 'benutzer',
    auswahl: {
      resource: 'benutzer',
      label: (row) => `${benutzerLabel(row)}${row.kennnummer ? ` (${row.kennnummer})` : ''}`,
      searchFields: ['anzeigename', 'kennnummer'],
    },
    liste: (gruppeId) => ({
      columns: [
        { field: 'Benutzer.kennnummer', label: fieldLabel('benutzer', 'kennnummer'), sortable: true },
        { field: 'Benutzer.anzeigename', label: 'Benutzer', sortable: true },
        { field: 'Benutzer.Primaeremail.email', label: 'Email' },
        HINZUGEFUEGT,
      ],
      query: {
        where: { benutzer_gruppe_id: gruppeId },
        include: [
          {
            association: 'Benutzer',
            attributes: ['id', 'kennnummer', 'anzeigename'],
            include: [{ association: 'Primaeremail', attributes: ['id', 'email'] }],
          },
        ],
      },
    }),
  },
  email: {
    mehrzahl: 'Emails',
    pfad: 'email',
    auswahl: { resource: 'benutzer-email', label: (row) => String(row.email), searchFields: ['email'] },
    liste: (gruppeId) => ({
      columns: [
        { field: 'Benutzer_Email.email', label: 'Email', sortable: true },
        { field: 'Benutzer_Email.Benutzer.anzeigename', label: 'Benutzer' },
        HINZUGEFUEGT,
      ],
      query: {
        where: { benutzer_gruppe_id: gruppeId },
        include: [
          {
            association: 'Benutzer_Email',
            attributes: ['id', 'email', 'benutzer_id'],
            include: [{ association: 'Benutzer', attributes: ['id', 'anzeigename'] }],
          },
        ],
      },
    }),
  },
};

export function MitgliederTab({ gruppe, art }: { gruppe: Gruppe; art: MitgliedArt }) {
  const gruppeId = gruppe.id as number;
  const name = String(gruppe.name ?? '');
  const { mehrzahl, pfad, auswahl, liste } = ARTEN[art];
  const auto = gruppe.typ === 'Auto';
  const [gewaehlt, setGewaehlt] = useState<number[]>([]);
  const [arbeitet, setArbeitet] = useState(false);
  const befuellen = useLangeArbeit();
  const config = useMemo<ResourceConfig>(
    () => ({
      path: `/benutzer/gruppe/${gruppeId}/${pfad}`,
      resource: MITGLIED_RESOURCE[art],
      label: `${name} – ${mehrzahl}`,
      noCreate: true,
      noCopy: true,
      ...liste(gruppeId),
    }),
    [art, gruppeId, name, mehrzahl, pfad, liste],
  );

  /** Asks, runs, and shows the success message the action answers. */
  const nachFrage = async (
    frage: string,
    bestaetigen: string,
    aktion: () => Promise<string>,
    danger = false,
  ) => {
    if (!(await confirm(frage, { confirmText: bestaetigen, danger }))) return;
    setArbeitet(true);
    try {
      showToast(await aktion());
    } catch (error) {
      reportError(error);
    } finally {
      setArbeitet(false);
    }
  };

  const hinzufuegen = () =>
    nachFrage(
      `Wollen Sie ${gewaehlt.length} ${mehrzahl} zur Gruppe „${name}“ hinzufügen?`,
      'Hinzufügen',
      async () => {
        const neu = await gruppeHinzufuegen(gruppeId, art, gewaehlt);
        setGewaehlt([]);
        return hinzugefuegtMeldung(neu.length);
      },
    );
  const newsletterFuellen = () =>
    nachFrage(
      `Wollen Sie alle Mitglieder mit primärer Email, die keinen Newsletter abgelehnt haben, zur Gruppe „${name}“ hinzufügen?`,
      'Hinzufügen',
      async () => hinzugefuegtMeldung((await newsletterGruppeFuellen(gruppeId)).created),
    );
  const auffuellen = () =>
    nachFrage(`Wollen Sie die Gruppe „${name}“ jetzt nach ihrer Regel neu befüllen?`, 'Befüllen', async () =>
      aufgefuelltMeldung(await befuellen.ausfuehren((melde) => gruppeAuffuellen(gruppeId, melde))),
    );
  const alleEntfernen = () =>
    nachFrage(
      `Wollen Sie wirklich alle ${mehrzahl} aus der Gruppe „${name}“ entfernen?`,
      'Alle entfernen',
      async () =>
        `Es wurden ${(await gruppeLeeren(gruppeId, art)).deleted} ${mehrzahl} aus der Gruppe entfernt.`,
      true,
    );

  return (
    <div className="gruppen-mitglieder" aria-busy={arbeitet}>
      <div className="related-bar">
        {!auto && (
          <>
            <div className="mitglieder-auswahl">
              <RecordsSelect
                id={`mitglieder-${art}`}
                resource={auswahl.resource}
                value={gewaehlt}
                onChange={setGewaehlt}
                label={auswahl.label}
                searchFields={auswahl.searchFields}
              />
            </div>
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text="Hinzufügen"
              disabled={gewaehlt.length === 0 || arbeitet}
              onClick={() => void hinzufuegen()}
            />
          </>
        )}
        {!auto && art === 'email' && gruppe.newsletter && (
          <Button
            icon="envelope"
            text="Newsletter-Empfänger hinzufügen"
            disabled={arbeitet}
            onClick={() => void newsletterFuellen()}
          />
        )}
        {auto && art === 'benutzer' && (
          <Button
            icon="automatic-updates"
            intent={Intent.PRIMARY}
            text="Jetzt befüllen"
            disabled={arbeitet}
            onClick={() => void auffuellen()}
          />
        )}
        {befuellen.laeuft && <AuftragFortschritt fortschritt={befuellen.fortschritt} einheit="Schritten" />}
        <span className="spacer" />
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text="Alle entfernen"
          disabled={arbeitet}
          onClick={() => void alleEntfernen()}
        />
      </div>
      <ResourceList config={config} />
    </div>
  );
}

/**
 * A member row opened from the list: the Benutzer's or the e-mail's own window, as staff expect
 * (the link row itself has nothing to edit).
 */
export function MitgliedOeffnen({ art, linkId }: { art: MitgliedArt; linkId: number }) {
  useEffect(() => {
    let offen = true;
    api
      .get<Row>(resourcePath(MITGLIED_RESOURCE[art], linkId))
      .then((link) => {
        if (!offen) return;
        const ziel =
          art === 'benutzer'
            ? `/benutzer/benutzer/${link.benutzer_id}`
            : `/benutzer/email/${link.benutzer_email_id}`;
        navigate(ziel, { replace: true });
      })
      .catch(reportError);
    return () => {
      offen = false;
    };
  }, [art, linkId]);
  return <Spinner className="app-loading" aria-label="Daten werden geladen" />;
}
