/** The file of a finished batch job is saved through a plain link, so the browser streams it to disk. */
import { dateiHerunterladen } from './auftrag';

describe('dateiHerunterladen', () => {
  it('clicks a link to the job’s download route with the file’s name, and leaves nothing behind', () => {
    const geklickt: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      geklickt.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    try {
      dateiHerunterladen({
        name: 'Bescheinigungen LG-1 Grundsteuer.pdf',
        auftrag: { name: 'bescheinigungen-pdf', id: '7' },
      });
    } finally {
      click.mockRestore();
    }
    expect(geklickt).toEqual([
      {
        href: '/node/api/auftraege/bescheinigungen-pdf/7/datei',
        download: 'Bescheinigungen LG-1 Grundsteuer.pdf',
      },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});
