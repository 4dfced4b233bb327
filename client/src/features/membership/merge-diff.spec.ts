import { benutzerDiff, PASSWORT_MASKE } from './merge-diff';

describe('benutzerDiff', () => {
  const bleibend = {
    id: 1,
    vorname: 'Anna',
    nachname: 'Schmidt',
    aktiviert: true,
    anzeigename: 'Anna Schmidt',
  };
  const obsolet = {
    id: 2,
    vorname: 'Anne',
    nachname: 'Schmidt',
    aktiviert: false,
    data: { x: 1 },
    verband: 3,
  };

  it('compares field by field, leaving out id, derived names, data and verband', () => {
    const rows = benutzerDiff(bleibend, obsolet, { bleibend: false, obsolet: false });
    const fields = rows.map((r) => r.field);
    for (const hidden of ['id', 'anzeigename', 'data', 'verband', 'createdAt'])
      expect(fields).not.toContain(hidden);
    expect(rows.find((r) => r.field === 'vorname')).toMatchObject({
      label: 'Vorname',
      bleibend: 'Anna',
      obsolet: 'Anne',
      verschieden: true,
    });
    expect(rows.find((r) => r.field === 'nachname')?.verschieden).toBe(false);
    expect(rows.find((r) => r.field === 'aktiviert')).toMatchObject({ bleibend: 'ja', obsolet: 'nein' });
  });

  it('masks passwords and never offers to take one', () => {
    const rows = benutzerDiff(bleibend, obsolet, { bleibend: false, obsolet: true });
    expect(rows.find((r) => r.field === 'password')).toMatchObject({
      bleibend: '',
      obsolet: PASSWORT_MASKE,
      verschieden: true,
      uebernehmbar: false,
    });
    const none = benutzerDiff(bleibend, obsolet, { bleibend: false, obsolet: false });
    expect(none.find((r) => r.field === 'password')?.verschieden).toBe(false);
  });

  it('offers the take switch for differing fields, but never for the staff account', () => {
    const staff = {
      ...obsolet,
      atr_verband_mitarbeiter: true,
      atr_verband_admin: true,
      benutzername: 'chef',
    };
    const rows = benutzerDiff(bleibend, staff, { bleibend: false, obsolet: false });
    expect(rows.find((r) => r.field === 'vorname')?.uebernehmbar).toBe(true);
    for (const field of ['atr_verband_mitarbeiter', 'atr_verband_admin', 'benutzername']) {
      expect(rows.find((r) => r.field === field)).toMatchObject({ verschieden: true, uebernehmbar: false });
    }
  });
});

describe('benutzerDiff for reference fields', () => {
  it('shows what a reference points at, with its id', () => {
    const a = {
      id: 1,
      primaeremail_id: 4,
      Primaeremail: { id: 4, email: 'anna@kanzlei.de' },
      parent_id: null,
      Parent: null,
    };
    const b = {
      id: 2,
      primaeremail_id: 5,
      Primaeremail: { id: 5, email: 'anna.schmidt@privat.de' },
      parent_id: 9,
      Parent: { id: 9, firma: 'Schäfer & Partner' },
    };
    const rows = benutzerDiff(a, b, { bleibend: false, obsolet: false });
    expect(rows.find((r) => r.field === 'primaeremail_id')).toMatchObject({
      bleibend: 'anna@kanzlei.de (4)',
      obsolet: 'anna.schmidt@privat.de (5)',
    });
    expect(rows.find((r) => r.field === 'parent_id')).toMatchObject({
      bleibend: '',
      obsolet: 'Schäfer & Partner (9)',
    });
    expect(rows.map((r) => r.field)).not.toContain('Primaeremail');
  });
});

describe('benutzerDiff rows', () => {
  it('shows each field once, with its German label, also when a reference is empty', () => {
    const a = {
      id: 1,
      nachname: 'Schmidt',
      parent_id: null,
      Parent: null,
      primaeremail_id: 4,
      Primaeremail: { id: 4, email: 'a@x.de' },
      kuendigung_datum: null,
      tel2: '0171',
    };
    const b = {
      id: 2,
      nachname: 'Schmitt',
      parent_id: null,
      Parent: null,
      primaeremail_id: null,
      Primaeremail: null,
      kuendigung_datum: '2026-01-31',
      tel2: null,
    };
    const rows = benutzerDiff(a, b, { bleibend: false, obsolet: false });
    const fields = rows.map((r) => r.field);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).not.toContain('Parent');
    expect(fields).not.toContain('Primaeremail');
    for (const row of rows) expect(row.label).not.toMatch(/_|^[a-z]/);
    expect(rows.find((r) => r.field === 'tel2')?.label).toBe('Mobil');
  });
});
