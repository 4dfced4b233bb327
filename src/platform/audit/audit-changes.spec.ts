import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields that differ, with before and after', () => {
    expect(
      auditChanges(
        { id: 1, nachname: 'Müller', vorname: 'Jürgen', tel1: null },
        { id: 1, nachname: 'Müller-Lüdenscheidt', vorname: 'Jürgen', tel1: '0221 1' },
      ),
    ).toEqual({
      nachname: { before: 'Müller', after: 'Müller-Lüdenscheidt' },
      tel1: { before: null, after: '0221 1' },
    });
  });

  it('compares dates by their instant and objects by their content', () => {
    const at = '2026-11-23T10:00:00.000Z';
    expect(
      auditChanges({ stb_datum: new Date(at), data: { a: 1 } }, { stb_datum: new Date(at), data: { a: 1 } }),
    ).toEqual({});
    expect(auditChanges({ stb_datum: new Date(at) }, { stb_datum: null })).toEqual({
      stb_datum: { before: at, after: null },
    });
  });

  it('lists the values of a new record and of a deleted one, leaving out empty fields', () => {
    expect(auditChanges(null, { id: 7, nachname: 'Weber', firma: null })).toEqual({
      nachname: { after: 'Weber' },
    });
    expect(auditChanges({ id: 7, nachname: 'Weber', firma: null }, null)).toEqual({
      nachname: { before: 'Weber' },
    });
  });

  it('never lists hidden fields or the system bookkeeping', () => {
    expect(
      auditChanges(
        { password: 'hash-1', version: 1, updatedAt: new Date(0), nachname: 'A' },
        { password: 'hash-2', version: 2, updatedAt: new Date(1), nachname: 'A' },
        ['password'],
      ),
    ).toEqual({});
    expect(auditChanges(null, { password: 'hash' }, ['password'])).toEqual({});
  });
});
