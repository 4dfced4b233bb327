/**
 * A ZIP archive written entry by entry to a stream (issue 28: the invoices of a selection as one
 * download): each file is compressed and written as it comes, only its name, offset and checksum
 * stay until the central directory closes the archive, so memory does not grow with the number of
 * files. Plain ZIP (APPNOTE 6.3, no ZIP64): up to 65 535 entries and 4 GiB; names in UTF-8.
 */
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw } from 'node:zlib';
import { schreibe } from '../queue/json-stueckweise';

const komprimiere = promisify(deflateRaw);

const LOKAL = 0x04034b50;
const ZENTRAL = 0x02014b50;
const ENDE = 0x06054b50;
const VERSION = 20;
/** Bit 11: names and comments are UTF-8. */
const UTF8 = 0x0800;
/** Bit 3: checksum and sizes follow the data in a data descriptor (a file written in pieces). */
const NACHGESTELLT = 0x0008;
const DESKRIPTOR = 0x08074b50;
const DEFLATE = 8;
const GRENZE = 0xffffffff;
const MAX_EINTRAEGE = 0xffff;

interface Eintrag {
  name: Buffer;
  crc: number;
  gepackt: number;
  groesse: number;
  zeit: number;
  datum: number;
  offset: number;
  flags: number;
}

/** MS-DOS time and date (local time, 2-second steps), as ZIP stores them. */
function dosZeit(d: Date): { zeit: number; datum: number } {
  return {
    zeit: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    datum: (Math.max(d.getFullYear() - 1980, 0) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipSchreiber {
  private position = 0;
  private readonly eintraege: Eintrag[] = [];
  private readonly namen = new Set<string>();

  constructor(private readonly out: Writable) {}

  private async schreibe(bytes: Buffer) {
    await schreibe(this.out, bytes);
    this.position += bytes.length;
  }

  /** A name not yet in the archive: a second `a.pdf` becomes `a (2).pdf`. */
  private eindeutig(name: string): string {
    let kandidat = name;
    for (let n = 2; this.namen.has(kandidat); n++) kandidat = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    this.namen.add(kandidat);
    return kandidat;
  }

  /** A new entry at the current position, its name made unique; the archive's limit on entries checked. */
  private neuerEintrag(name: string, geaendert: Date, flags: number): Eintrag {
    if (this.eintraege.length >= MAX_EINTRAEGE)
      throw new Error('Ein ZIP-Archiv fasst höchstens 65 535 Dateien.');
    return {
      name: Buffer.from(this.eindeutig(name), 'utf8'),
      crc: 0,
      gepackt: 0,
      groesse: 0,
      ...dosZeit(geaendert),
      offset: this.position,
      flags,
    };
  }

  /** The entry's local header; checksum and sizes are zero there when a data descriptor follows. */
  private lokalerKopf(eintrag: Eintrag): Promise<void> {
    const kopf = Buffer.alloc(30);
    kopf.writeUInt32LE(LOKAL, 0);
    kopf.writeUInt16LE(VERSION, 4);
    kopf.writeUInt16LE(eintrag.flags, 6);
    kopf.writeUInt16LE(DEFLATE, 8);
    kopf.writeUInt16LE(eintrag.zeit, 10);
    kopf.writeUInt16LE(eintrag.datum, 12);
    kopf.writeUInt32LE(eintrag.crc, 14);
    kopf.writeUInt32LE(eintrag.gepackt, 18);
    kopf.writeUInt32LE(eintrag.groesse, 22);
    kopf.writeUInt16LE(eintrag.name.length, 26);
    kopf.writeUInt16LE(0, 28);
    return this.schreibe(Buffer.concat([kopf, eintrag.name]));
  }

  /** Adds one file; answers the name it got in the archive. */
  async datei(name: string, inhalt: Uint8Array, geaendert = new Date()): Promise<string> {
    const eintrag = this.neuerEintrag(name, geaendert, UTF8);
    const gepackt = await komprimiere(inhalt);
    if (this.position + gepackt.length > GRENZE) throw new Error('Ein ZIP-Archiv fasst höchstens 4 GiB.');
    Object.assign(eintrag, { crc: crc32(inhalt), gepackt: gepackt.length, groesse: inhalt.length });
    await this.lokalerKopf(eintrag);
    await this.schreibe(gepackt);
    this.eintraege.push(eintrag);
    return eintrag.name.toString('utf8');
  }

  /**
   * Adds one file from its pieces, each compressed and written as it comes (issue 29: a CSV of
   * the whole audit trail never sits in memory); its checksum and sizes follow in a data descriptor.
   */
  async dateiStueckweise(
    name: string,
    teile: AsyncIterable<Uint8Array>,
    geaendert = new Date(),
  ): Promise<string> {
    const eintrag = this.neuerEintrag(name, geaendert, UTF8 | NACHGESTELLT);
    await this.lokalerKopf(eintrag);
    const packer = createDeflateRaw();
    const geschrieben = (async () => {
      for await (const stueck of packer as AsyncIterable<Buffer>) {
        if (this.position + stueck.length > GRENZE) throw new Error('Ein ZIP-Archiv fasst höchstens 4 GiB.');
        await this.schreibe(stueck);
        eintrag.gepackt += stueck.length;
      }
    })();
    try {
      for await (const teil of teile) {
        eintrag.crc = crc32(teil, eintrag.crc);
        eintrag.groesse += teil.length;
        if (!packer.write(teil)) await once(packer, 'drain');
      }
      packer.end();
    } catch (error) {
      packer.destroy(error as Error);
      await geschrieben.catch(() => undefined);
      throw error;
    }
    await geschrieben;
    if (eintrag.groesse > GRENZE) throw new Error('Ein ZIP-Archiv fasst höchstens 4 GiB.');
    const deskriptor = Buffer.alloc(16);
    deskriptor.writeUInt32LE(DESKRIPTOR, 0);
    deskriptor.writeUInt32LE(eintrag.crc, 4);
    deskriptor.writeUInt32LE(eintrag.gepackt, 8);
    deskriptor.writeUInt32LE(eintrag.groesse, 12);
    await this.schreibe(deskriptor);
    this.eintraege.push(eintrag);
    return eintrag.name.toString('utf8');
  }

  /** Writes the central directory; the stream is left open. Answers the number of files. */
  async schliessen(): Promise<number> {
    const beginn = this.position;
    for (const e of this.eintraege) {
      const kopf = Buffer.alloc(46);
      kopf.writeUInt32LE(ZENTRAL, 0);
      kopf.writeUInt16LE(VERSION, 4);
      kopf.writeUInt16LE(VERSION, 6);
      kopf.writeUInt16LE(e.flags, 8);
      kopf.writeUInt16LE(DEFLATE, 10);
      kopf.writeUInt16LE(e.zeit, 12);
      kopf.writeUInt16LE(e.datum, 14);
      kopf.writeUInt32LE(e.crc, 16);
      kopf.writeUInt32LE(e.gepackt, 20);
      kopf.writeUInt32LE(e.groesse, 24);
      kopf.writeUInt16LE(e.name.length, 28);
      // Extra field, comment, disk number, internal and external attributes: none.
      kopf.writeUInt32LE(e.offset, 42);
      await this.schreibe(Buffer.concat([kopf, e.name]));
    }
    const ende = Buffer.alloc(22);
    ende.writeUInt32LE(ENDE, 0);
    ende.writeUInt16LE(this.eintraege.length, 8);
    ende.writeUInt16LE(this.eintraege.length, 10);
    ende.writeUInt32LE(this.position - beginn, 12);
    ende.writeUInt32LE(beginn, 16);
    await this.schreibe(ende);
    return this.eintraege.length;
  }
}
