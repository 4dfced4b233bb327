import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { FieldValueError, toColumnValue, toDateOnly } from './field-values';

const column = (type: string, length = '') => ({ type, length }) as unknown as ColumnMetadata;

describe('field values', () => {
  it('keeps calendar dates and maps a date picker timestamp to its Berlin date', () => {
    expect(toDateOnly('2026-03-05')).toBe('2026-03-05');
    expect(toDateOnly('2026-03-04T23:00:00.000Z')).toBe('2026-03-05');
    expect(toDateOnly('2026-07-04T22:00:00.000Z')).toBe('2026-07-05');
    expect(() => toDateOnly('2026-02-30')).toThrow(FieldValueError);
    expect(() => toDateOnly('morgen')).toThrow('muss ein Datum sein');
  });

  it('converts numbers, German decimals and booleans', () => {
    expect(toColumnValue(column('integer'), '42')).toBe(42);
    expect(() => toColumnValue(column('integer'), '4.5')).toThrow('ganze Zahl');
    expect(toColumnValue(column('decimal'), '1.234,50')).toBe(1234.5);
    expect(toColumnValue(column('decimal'), '12,5')).toBe(12.5);
    expect(toColumnValue(column('boolean'), 'true')).toBe(true);
    expect(toColumnValue(column('boolean'), 0)).toBe(false);
    expect(() => toColumnValue(column('boolean'), 'ja')).toThrow('wahr oder falsch');
    expect(toColumnValue(column('integer'), '')).toBeNull();
  });

  it('checks text length and refuses objects in text fields', () => {
    expect(toColumnValue(column('varchar', '5'), 'abcde')).toBe('abcde');
    expect(() => toColumnValue(column('varchar', '5'), 'abcdef')).toThrow('höchstens 5 Zeichen');
    expect(() => toColumnValue(column('varchar', '5'), { a: 1 })).toThrow('muss ein Text sein');
  });
});

describe('German sort key', () => {
  it('sorts umlauts with their base letter and ß as ss, ignoring case', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { germanSortKey } = require('../database/data-source') as typeof import('../database/data-source');
    const names = ['Weber', 'Özdemir', 'Müller', 'Mueller', 'Oz', 'straße', 'Strasse'];
    expect([...names].sort((a, b) => (germanSortKey(a) < germanSortKey(b) ? -1 : 1))).toEqual([
      'Mueller',
      'Müller',
      'Oz',
      'Özdemir',
      'straße',
      'Strasse',
      'Weber',
    ]);
  });
});
