/** Reading DATEV-Format lines in tests (issue 29): cells as DATEV writes them, quoted or bare. */
import type request from 'supertest';

/** Splits a DATEV line into cells, keeping whether each was quoted. */
export function zellen(line: string): { wert: string; quoted: boolean }[] {
  const out: { wert: string; quoted: boolean }[] = [];
  let wert = '';
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQuotes && c === '"' && line[i + 1] === '"') {
      wert += '"';
      i++;
    } else if (inQuotes && c === '"') {
      inQuotes = false;
    } else if (inQuotes) {
      wert += c;
    } else if (c === '"') {
      inQuotes = true;
      quoted = true;
    } else if (c === ';') {
      out.push({ wert, quoted });
      wert = '';
      quoted = false;
    } else {
      wert += c;
    }
  }
  out.push({ wert, quoted });
  return out;
}

/** The DATEV settings as a PUT body: what GET answers without the screen's extras. */
export async function datevEinstellungen(admin: request.Agent): Promise<Record<string, unknown>> {
  const {
    bearbeitbar: _b,
    vorgaben: _v,
    ...werte
  } = (await admin.get('/node/api/datev-einstellungen').expect(200)).body as Record<string, unknown>;
  return werte;
}
