/**
 * Reads a ZIP archive as a reader does: from the end-of-central-directory record through the
 * central directory to each local header, every entry inflated and its CRC-32 checked.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEintrag {
  name: string;
  inhalt: Buffer;
}

export function zipLesen(zip: Buffer): ZipEintrag[] {
  const ende = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (ende < 0) throw new Error('kein ZIP-Archiv: Verzeichnisende fehlt');
  const anzahl = zip.readUInt16LE(ende + 10);
  let p = zip.readUInt32LE(ende + 16);
  const eintraege: ZipEintrag[] = [];
  for (let i = 0; i < anzahl; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`Verzeichniseintrag ${i} beschädigt`);
    const methode = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const gepackt = zip.readUInt32LE(p + 20);
    const groesse = zip.readUInt32LE(p + 24);
    const nameLaenge = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    const offset = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLaenge);
    p += 46 + nameLaenge + extra;
    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`lokaler Kopf von ${name} beschädigt`);
    const daten = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const roh = zip.subarray(daten, daten + gepackt);
    const inhalt = methode === 8 ? inflateRawSync(roh) : Buffer.from(roh);
    if (inhalt.length !== groesse || crc32(inhalt) !== crc) throw new Error(`${name}: Prüfsumme falsch`);
    eintraege.push({ name, inhalt });
  }
  return eintraege;
}
