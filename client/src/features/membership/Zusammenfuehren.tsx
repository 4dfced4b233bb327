/**
 * The merge window /benutzer/benutzer/{id}/zusammenfuehren (spec 000 §2, §4, §8): a panel that
 * merges another user into this one field by field, and the dialogs EmailsZusammenfuehren,
 * AdressenZusammenfuehren and KontenZusammenfuehren for the user's own duplicates. The employee
 * route /benutzer/benutzer/{parent_id}/mitarbeiter_zusammenfueren/{id} shows the same user panel.
 */
import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  Intent,
  Section,
  SectionCard,
  Switch,
} from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { navigate } from '../../app/router';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { confirm, openDialog, type DialogProps } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { cellText } from '../../resources/values';
import { benutzerLabel } from './benutzer-felder';
import { KONTAKTE, type KontaktArt } from './Kontakte';
import { benutzerDiff, MIT_REFERENZEN } from './merge-diff';
import {
  fuehreBenutzerZusammen,
  fuehreKontakteZusammen,
  invalidateMembership,
  useBenutzer,
  useEigeneZeilen,
  usePasswortGesetzt,
} from './api';

const UNWIDERRUFLICH = 'Das Zusammenführen kann nicht rückgängig gemacht werden!';

/** Chooses the obsolete user among those of the same parent, shows the diff, merges with the take list. */
export function BenutzerMergePanel({ stayingId, parentId }: { stayingId: number; parentId?: number | null }) {
  const { data: staying } = useBenutzer(stayingId, MIT_REFERENZEN);
  const [obsoleteId, setObsoleteId] = useState<number | null>(null);
  const { data: obsolete } = useBenutzer(obsoleteId, MIT_REFERENZEN);
  const { data: stayingPw } = usePasswortGesetzt(stayingId);
  const { data: obsoletePw } = usePasswortGesetzt(obsoleteId ?? undefined);
  const [take, setTake] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [merges, setMerges] = useState(0);
  // Only once the obsolete user is no longer shown: refreshing it now would answer 404.
  useEffect(() => {
    if (merges > 0) invalidateMembership();
  }, [merges]);
  if (!staying) return null;
  const parent = parentId === undefined ? (staying.parent_id ?? null) : parentId;
  const rows =
    obsolete && obsolete.id === obsoleteId
      ? benutzerDiff(staying, obsolete, {
          bleibend: Boolean(stayingPw?.gesetzt),
          obsolet: Boolean(obsoletePw?.gesetzt),
        })
      : [];

  const choose = (id: number | null) => {
    setObsoleteId(id);
    setTake(new Set());
  };
  const toggle = (field: string, on: boolean) =>
    setTake((current) => {
      const next = new Set(current);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });

  const merge = async () => {
    if (!obsolete) return;
    const sure = await confirm(
      `${UNWIDERRUFLICH} Der Benutzer ${benutzerLabel(obsolete)} (${obsolete.id}) wird gelöscht und alle mit ihm verknüpften Daten werden auf ${benutzerLabel(staying)} (${staying.id}) übertragen. Bereits ausgestellte Rechnungen werden inhaltlich nicht verändert.`,
      { confirmText: 'Zusammenführen', danger: true },
    );
    if (!sure) return;
    setBusy(true);
    try {
      await fuehreBenutzerZusammen(stayingId, obsolete.id as number, [...take]);
      showToast('Benutzer erfolgreich zusammengeführt');
      choose(null);
      setMerges((n) => n + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="merge-panel">
      <FormGroup
        label="Zu entfernender Benutzer"
        labelFor="merge-obsolete"
        helperText={parent ? 'Mitarbeiter desselben Benutzers' : 'Benutzer ohne übergeordneten Benutzer'}
      >
        <RecordSelect
          id="merge-obsolete"
          resource="benutzer"
          value={obsoleteId}
          onChange={choose}
          label={(row) => `${benutzerLabel(row)}${row.kennnummer ? ` (${row.kennnummer})` : ''}`}
          query={{
            // Candidates: the same parent (null included), never the kept user itself (spec 000 §5).
            where: { parent_id: parent, id: { $ne: stayingId } },
            attributes: ['id', 'kennnummer', 'firma', 'titel', 'vorname', 'nachname'],
            order: [['sortname', 'ASC']],
          }}
        />
      </FormGroup>
      {rows.length > 0 && (
        <HTMLTable compact striped className="related-table merge-diff">
          <thead>
            <tr>
              <th>Feld</th>
              <th>Bleibender Benutzer ({stayingId})</th>
              <th>Zu entfernender Benutzer ({obsoleteId})</th>
              <th>Übernehmen</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} className={row.verschieden ? 'verschieden' : undefined}>
                <td>{row.label}</td>
                <td>{row.bleibend}</td>
                <td>{row.obsolet}</td>
                <td>
                  <Switch
                    aria-label={`${row.label} übernehmen`}
                    checked={take.has(row.field)}
                    disabled={!row.uebernehmbar}
                    onChange={(e) => toggle(row.field, e.currentTarget.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Button
        intent={Intent.DANGER}
        icon="merge-columns"
        text="Benutzer zusammenführen"
        disabled={!obsolete}
        loading={busy}
        onClick={() => void merge()}
      />
    </div>
  );
}

interface KontaktMerge {
  art: KontaktArt;
  titel: string;
  erfolg: string;
  /** Shown when the kept record is deactivated (addresses and accounts). */
  deaktiv?: string;
  label(row: Row): string;
}

const KONTAKT_MERGES: Record<string, KontaktMerge> = {
  EmailsZusammenfuehren: {
    art: KONTAKTE.email,
    titel: 'Emails zusammenführen',
    erfolg: 'Emails erfolgreich zusammengeführt',
    label: (row) => String(row.email),
  },
  AdressenZusammenfuehren: {
    art: KONTAKTE.adresse,
    titel: 'Adressen zusammenführen',
    erfolg: 'Adressen erfolgreich zusammengeführt',
    deaktiv: 'Achtung: Bleibende Adresse ist deaktiv!',
    label: (row) =>
      [row.bezeichnung, row.zeile1, row.strasse, [row.plz, row.ort].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
  },
  KontenZusammenfuehren: {
    art: KONTAKTE.konto,
    titel: 'Konten zusammenführen',
    erfolg: 'Kontos erfolgreich zusammengeführt',
    deaktiv: 'Achtung: Bleibendes Konto ist deaktiv!',
    label: (row) => [row.bezeichnung, row.iban].filter(Boolean).join(', '),
  },
};

/** One dialog for the three small merges: kept and obsolete among the user's own records. */
function KontaktMergeDialog({
  merge,
  benutzerId,
  close,
}: DialogProps<boolean> & { merge: KontaktMerge; benutzerId: number }) {
  const { art } = merge;
  const { data: items = [] } = useEigeneZeilen(art.resource, benutzerId);
  const [stayingId, setStayingId] = useState<number>();
  const [obsoleteId, setObsoleteId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const staying = items.find((item) => item.id === stayingId);
  const obsolete = items.find((item) => item.id === obsoleteId && item.id !== stayingId);
  const options = (list: Row[]) => [
    { value: '', label: 'Bitte wählen' },
    ...list.map((item) => ({ value: String(item.id), label: merge.label(item) })),
  ];

  const run = async () => {
    if (!staying || !obsolete) return;
    const sure = await confirm(
      `${UNWIDERRUFLICH} „${merge.label(obsolete)}“ wird gelöscht, alle Verweise darauf zeigen danach auf „${merge.label(staying)}“.`,
      { confirmText: 'Zusammenführen', danger: true },
    );
    if (!sure) return;
    setBusy(true);
    try {
      await fuehreKontakteZusammen(art.resource, staying.id as number, obsolete.id as number);
      showToast(merge.erfolg);
      close(true);
    } catch (error) {
      reportError(error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title={merge.titel}
      icon="merge-columns"
      onClose={() => close(false)}
      style={{ width: 800 }}
    >
      <DialogBody>
        <div className="form-columns">
          <FormGroup label="Bleibt" labelFor="merge-staying">
            <HTMLSelect
              id="merge-staying"
              fill
              value={stayingId ? String(stayingId) : ''}
              onChange={(e) => setStayingId(Number(e.target.value) || undefined)}
              options={options(items)}
            />
          </FormGroup>
          <FormGroup label="Wird entfernt" labelFor="merge-obsolete-item">
            <HTMLSelect
              id="merge-obsolete-item"
              fill
              disabled={!staying}
              value={obsolete ? String(obsolete.id) : ''}
              onChange={(e) => setObsoleteId(Number(e.target.value) || undefined)}
              options={options(items.filter((item) => item.id !== stayingId))}
            />
          </FormGroup>
        </div>
        {merge.deaktiv && staying?.deaktiv === true && (
          <Callout intent={Intent.WARNING} icon="warning-sign" className="merge-warning">
            {merge.deaktiv}
          </Callout>
        )}
        {staying && obsolete && (
          <HTMLTable compact striped className="related-table">
            <thead>
              <tr>
                <th />
                <th>Bleibt</th>
                <th>Wird entfernt</th>
              </tr>
            </thead>
            <tbody>
              {art.columns.map((column) => (
                <tr key={column.field}>
                  <td>{column.label}</td>
                  <td>{cellText(staying, column)}</td>
                  <td>{cellText(obsolete, column)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              intent={Intent.DANGER}
              icon="merge-columns"
              text="Zusammenführen"
              disabled={!staying || !obsolete}
              loading={busy}
              onClick={() => void run()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** The dialogs EmailsZusammenfuehren, AdressenZusammenfuehren and KontenZusammenfuehren (spec 000 §2). */
export function kontaktMergeDialog(name: string) {
  const merge = KONTAKT_MERGES[name];
  return function BenannterKontaktMerge(props: DialogProps<boolean> & { benutzerId: number }) {
    return <KontaktMergeDialog {...props} merge={merge} />;
  };
}

function MergeFrame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <Card className="edit-frame merge-window">
      <div className="edit-header">
        <H4>{title}</H4>
        <div className="edit-actions">
          <Button icon="arrow-left" text="Zurück zum Benutzer" onClick={() => navigate(back)} />
        </div>
      </div>
      {children}
    </Card>
  );
}

export function BenutzerZusammenfuehren({ id }: { id: number }) {
  const { data: benutzer } = useBenutzer(id);
  const name = benutzer ? benutzerLabel(benutzer) : String(id);
  return (
    <MergeFrame title={`Zusammenführen: ${name}`} back={`/benutzer/benutzer/${id}`}>
      <Section title="Benutzer zusammenführen" icon="person" compact>
        <SectionCard>
          <p>
            Ein doppelt angelegter Benutzer wird in {name} übernommen: er wird gelöscht, seine Emails,
            Adressen, Konten, Mitarbeiter, Gruppen und Buchungen gehen auf {name} über. Je Feld lässt sich
            sein Wert übernehmen.
          </p>
          <BenutzerMergePanel stayingId={id} />
        </SectionCard>
      </Section>
      {Object.entries(KONTAKT_MERGES).map(([dialog, merge]) => (
        <Section key={dialog} title={merge.titel} icon="merge-columns" compact>
          <SectionCard className="merge-kontakt">
            <span>Zwei {merge.titel.split(' ')[0]} dieses Benutzers zu einem Eintrag zusammenführen.</span>
            <Button
              icon="merge-columns"
              text={merge.titel}
              onClick={() => void openDialog(dialog, { benutzerId: id })}
            />
          </SectionCard>
        </Section>
      ))}
    </MergeFrame>
  );
}

export function MitarbeiterZusammenfuehren({ parentId, id }: { parentId: number; id: number }) {
  const { data: mitarbeiter } = useBenutzer(id);
  return (
    <MergeFrame
      title={`Mitarbeiter zusammenführen: ${mitarbeiter ? benutzerLabel(mitarbeiter) : id}`}
      back={`/benutzer/benutzer/${parentId}`}
    >
      <BenutzerMergePanel stayingId={id} parentId={parentId} />
    </MergeFrame>
  );
}
