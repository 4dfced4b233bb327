/**
 * Vouchers (spec 003 §2–§5, §9): the relation selector ('Alle' or one seminar) opens the voucher
 * table of that relation, `/werbung/voucher/table?relation=…&relation_id=…`, with the bulk creation
 * (num codes at once, creation disabled without a relation) and the codes as CSV for printing.
 */
import {
  AnchorButton,
  Button,
  Callout,
  Card,
  FormGroup,
  H4,
  HTMLSelect,
  InputGroup,
  Intent,
  SegmentedControl,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  gutscheinBezug,
  GUTSCHEINE_MAX,
  GUTSCHEIN_RELATION,
  type GutscheinBezug,
} from '../../../../common/gutschein';
import { rabattEinheit } from '../../../../common/rabatt';
import { enumLabels } from '../../../../common/vocabulary';
import { navigate, useLocation } from '../../app/router';
import { NumberInput } from '../../components/inputs/NumberInput';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { ResourceList } from '../../components/ResourceList';
import { reportError } from '../../lib/errors';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import type { ResourceConfig, Row } from '../../resources/types';
import { gutscheinExportUrl, gutscheineErstellen, gutscheinTabelle, useSeminar } from './api';

const seminarText = (row: Row) => [row.lg_id, row.titel].filter(Boolean).join(' – ');

export function GutscheinAuswahl() {
  const [art, setArt] = useState<'alle' | 'seminar'>('alle');
  const [seminarId, setSeminarId] = useState<number | null>(null);
  const bezug: GutscheinBezug | null =
    art === 'alle' ? gutscheinBezug('alle', null) : gutscheinBezug(GUTSCHEIN_RELATION, seminarId);
  return (
    <Card className="gutschein-auswahl" data-screen="gutschein-auswahl">
      <H4>Gutscheine</H4>
      <FormGroup label="Gutscheine für">
        <SegmentedControl
          options={[
            { value: 'alle', label: 'Alle' },
            { value: 'seminar', label: 'ein Seminar' },
          ]}
          value={art}
          onValueChange={(value) => setArt(value as 'alle' | 'seminar')}
        />
      </FormGroup>
      {art === 'seminar' && (
        <FormGroup label="Seminar" labelFor="gutschein-seminar">
          <RecordSelect
            id="gutschein-seminar"
            resource="veranstaltung"
            value={seminarId}
            onChange={setSeminarId}
            label={seminarText}
            searchFields={['lg_id', 'titel']}
            query={{ order: [['beginn', 'DESC']] }}
          />
        </FormGroup>
      )}
      <Button
        intent={Intent.PRIMARY}
        icon="th"
        text="Gutscheine anzeigen"
        disabled={!bezug}
        onClick={() => bezug && navigate(gutscheinTabelle(bezug))}
      />
    </Card>
  );
}

const TYPEN = Object.entries(enumLabels('wb-voucher', 'typ') ?? {}).map(([value, label]) => ({
  value,
  label,
}));

/** The bulk creation: num vouchers alike but for their codes. */
function Serie({ bezug }: { bezug: GutscheinBezug | null }) {
  const [num, setNum] = useState<number | null>(10);
  const [typ, setTyp] = useState('percent');
  const [wert, setWert] = useState<number | null>(10);
  const [titel, setTitel] = useState('');
  const [laeuft, setLaeuft] = useState(false);
  const erstellen = async () => {
    if (!bezug) return;
    setLaeuft(true);
    try {
      const { created } = await gutscheineErstellen(bezug, {
        num: num ?? 0,
        typ,
        wert: wert ?? 0,
        titel: titel.trim() || null,
      });
      showToast(`${created.toLocaleString('de-DE')} Gutscheine erstellt`, Intent.SUCCESS);
      invalidateResource('wb-voucher');
    } catch (error) {
      reportError(error);
    } finally {
      setLaeuft(false);
    }
  };
  return (
    <div className="gutschein-serie">
      <FormGroup label="Anzahl" labelFor="gutschein-num">
        <NumberInput
          id="gutschein-num"
          value={num}
          onChange={setNum}
          min={1}
          max={GUTSCHEINE_MAX}
          decimals={0}
        />
      </FormGroup>
      <FormGroup label="Gutscheinart" labelFor="gutschein-typ">
        <HTMLSelect id="gutschein-typ" value={typ} options={TYPEN} onChange={(e) => setTyp(e.target.value)} />
      </FormGroup>
      <FormGroup label="Wert" labelFor="gutschein-wert">
        <NumberInput
          id="gutschein-wert"
          value={wert}
          onChange={setWert}
          min={0}
          max={typ === 'percent' ? 100 : undefined}
          decimals={2}
          rightElement={<span className="input-unit">{rabattEinheit(typ)}</span>}
        />
      </FormGroup>
      <FormGroup label="Titel" labelFor="gutschein-titel">
        <InputGroup id="gutschein-titel" value={titel} onChange={(e) => setTitel(e.target.value)} />
      </FormGroup>
      <Button
        intent={Intent.PRIMARY}
        icon="plus"
        text="Gutscheine erstellen"
        loading={laeuft}
        disabled={!bezug || !num}
        onClick={() => void erstellen()}
      />
      <AnchorButton
        icon="export"
        text="Codes als CSV"
        href={bezug ? gutscheinExportUrl(bezug) : undefined}
        disabled={!bezug}
      />
    </div>
  );
}

export function GutscheinTabelle({ config }: { config: ResourceConfig }) {
  const { query } = useLocation();
  const bezug = gutscheinBezug(query.get('relation'), query.get('relation_id'));
  const { data: seminar } = useSeminar(bezug?.relation_id ?? null);
  const liste = useMemo<ResourceConfig>(
    () => ({
      ...config,
      // Single vouchers are typed in the bulk form (num 1); without a relation nothing is created.
      noCreate: true,
      timeDefault: 'alle',
      query: bezug ? { where: { relation: bezug.relation, relation_id: bezug.relation_id } } : undefined,
    }),
    [config, bezug?.relation, bezug?.relation_id], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const titel = !bezug
    ? 'alle Relationen'
    : bezug.relation_id === null
      ? 'Alle'
      : seminar
        ? `Seminar ${seminarText(seminar)}`
        : 'Seminar';
  return (
    <div className="gutschein-tabelle">
      <H4>Gutscheine: {titel}</H4>
      {!bezug && (
        <Callout intent={Intent.WARNING} icon="info-sign">
          Wählen Sie „Alle“ oder ein Seminar, um Gutscheine zu erstellen.{' '}
          <a onClick={() => navigate(config.path)}>Zur Auswahl</a>
        </Callout>
      )}
      <Serie bezug={bezug} />
      <ResourceList key={`${bezug?.relation}-${bezug?.relation_id}`} config={liste} />
    </div>
  );
}
