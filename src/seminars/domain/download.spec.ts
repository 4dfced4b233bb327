import { downloadExtension, downloadFelder, downloadFileName } from './download';

describe('stored download names', () => {
  it('keeps a harmless extension in lower case', () => {
    expect(downloadExtension('Skript Übung.PDF')).toBe('pdf');
    expect(downloadExtension('archiv.tar.gz')).toBe('gz');
    expect(downloadExtension('ohne-endung')).toBe('');
    expect(downloadExtension('böse.p?hp')).toBe('');
    expect(downloadFileName('ab12', 'pdf')).toBe('ab12.pdf');
    expect(downloadFileName('ab12', '')).toBe('ab12');
  });

  it('takes the record fields from the data part, never the storage fields', () => {
    expect(downloadFelder('{"title":"Skript","file_name":"../x","size":1,"public":false}')).toEqual({
      title: 'Skript',
      public: false,
    });
    expect(downloadFelder(undefined)).toEqual({});
    expect(() => downloadFelder('{kaputt')).toThrow('kein gültiges JSON');
    expect(() => downloadFelder('[1]')).toThrow('müssen ein Objekt sein');
  });
});
