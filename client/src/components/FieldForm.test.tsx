/**
 * The generic edit form (spec 000 §5) as staff use it: German labels from the field definitions,
 * German number entry committed when the field is left, options by their labels, errors beside
 * their field, and nothing editable in a read-only form.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { FieldDef, Row } from '../resources/types';
import { FieldForm } from './FieldForm';

const FELDER: FieldDef[] = [
  { name: 'titel', label: 'Titel', maxLength: 20 },
  { name: 'betrag', label: 'Betrag', type: 'amount', min: 0 },
  { name: 'plaetze', label: 'Plätze', type: 'number', min: 1, max: 50 },
  {
    name: 'typ',
    label: 'Typ',
    type: 'select',
    options: [
      { value: null, label: '' },
      { value: 'lastschrift', label: 'Lastschrift' },
      { value: 'ueberweisung', label: 'Überweisung' },
    ],
  },
  { name: 'aktiv', label: 'Aktiv', type: 'boolean' },
  { name: 'zeilen', label: 'Zeilen', type: 'lines' },
];

/** The form with its record kept as an edit window keeps it; `gesehen` has every patch. */
function Formular({
  start,
  gesehen,
  errors,
  readOnly,
}: {
  start: Row;
  gesehen: Row[];
  errors?: Record<string, string>;
  readOnly?: boolean;
}) {
  const [record, setRecord] = useState(start);
  return (
    <FieldForm
      fields={FELDER}
      record={record}
      errors={errors}
      readOnly={readOnly}
      onChange={(patch) => {
        gesehen.push(patch);
        setRecord((r) => ({ ...r, ...patch }));
      }}
    />
  );
}

const eingabe = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('FieldForm', () => {
  it('labels every field in German and shows the record in German notation', () => {
    render(
      <Formular
        start={{ titel: 'Steuerrecht', betrag: 1234.5, plaetze: 12, typ: 'ueberweisung', aktiv: true }}
        gesehen={[]}
      />,
    );
    expect(eingabe('Titel').value).toBe('Steuerrecht');
    expect(eingabe('Betrag').value).toBe('1.234,50');
    expect(eingabe('Plätze').value).toBe('12');
    expect((screen.getByLabelText('Typ') as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      'Überweisung',
    );
    expect(eingabe('Aktiv').checked).toBe(true);
    expect(eingabe('Titel').maxLength).toBe(20);
  });

  it('commits a German number when the field is left, clamped to its bounds', () => {
    const gesehen: Row[] = [];
    render(<Formular start={{ betrag: null, plaetze: 1 }} gesehen={gesehen} />);
    fireEvent.change(eingabe('Betrag'), { target: { value: '1.999,999' } });
    // Nothing is committed while typing.
    expect(gesehen).toEqual([]);
    fireEvent.blur(eingabe('Betrag'));
    expect(gesehen).toEqual([{ betrag: 2000 }]);
    expect(eingabe('Betrag').value).toBe('2.000,00');
    fireEvent.change(eingabe('Plätze'), { target: { value: '80' } });
    fireEvent.keyDown(eingabe('Plätze'), { key: 'Enter' });
    expect(gesehen.at(-1)).toEqual({ plaetze: 50 });
    fireEvent.change(eingabe('Plätze'), { target: { value: 'viele' } });
    fireEvent.blur(eingabe('Plätze'));
    expect(gesehen.at(-1)).toEqual({ plaetze: null });
  });

  it('sets an option by its value, the empty option as null, a switch and lines', () => {
    const gesehen: Row[] = [];
    render(<Formular start={{ typ: null, aktiv: false }} gesehen={gesehen} />);
    fireEvent.change(screen.getByLabelText('Typ'), { target: { value: 'lastschrift' } });
    fireEvent.change(screen.getByLabelText('Typ'), { target: { value: '' } });
    fireEvent.click(eingabe('Aktiv'));
    fireEvent.change(screen.getByLabelText('Zeilen'), { target: { value: 'eins\n\nzwei' } });
    expect(gesehen).toEqual([
      { typ: 'lastschrift' },
      { typ: null },
      { aktiv: true },
      { zeilen: ['eins', '', 'zwei'] },
    ]);
  });

  it('empties a key whose resource another field names when that field changes', () => {
    const gesehen: Row[] = [];
    const felder: FieldDef[] = [
      {
        name: 'relation',
        label: 'Gehört zu',
        type: 'select',
        options: [
          { value: 'Veranstaltung', label: 'Seminar' },
          { value: 'News', label: 'News' },
        ],
      },
      {
        name: 'relation_id',
        label: 'Datensatz',
        type: 'record',
        resourceBy: {
          field: 'relation',
          label: 'Gehört zu',
          resources: { News: { resource: 'news', display: ['titel'] } },
        },
      },
    ];
    render(
      <FieldForm
        fields={felder}
        record={{ relation: 'Veranstaltung', relation_id: null }}
        onChange={(patch) => gesehen.push(patch)}
      />,
    );
    // Without a resource for the chosen relation there is nothing to pick yet.
    expect((screen.getByLabelText('Datensatz') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Gehört zu'), { target: { value: 'News' } });
    expect(gesehen).toEqual([{ relation: 'News', relation_id: null }]);
  });

  it('shows a German error beside its field', () => {
    render(<Formular start={{}} gesehen={[]} errors={{ titel: 'Titel muss ausgefüllt werden.' }} />);
    const gruppe = eingabe('Titel').closest('.bp6-form-group')!;
    expect(gruppe.className).toContain('bp6-intent-danger');
    expect(gruppe.textContent).toContain('Titel muss ausgefüllt werden.');
  });

  it('lets nothing be changed in a read-only form', () => {
    render(<Formular start={{ titel: 'Fest' }} gesehen={[]} readOnly />);
    for (const label of ['Titel', 'Betrag', 'Plätze', 'Aktiv', 'Zeilen'])
      expect(eingabe(label).disabled).toBe(true);
    expect((screen.getByLabelText('Typ') as HTMLSelectElement).disabled).toBe(true);
  });
});
