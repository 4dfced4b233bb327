/** Reading DATEV-Format lines in tests (issue 29): cells as DATEV writes them, quoted or bare. */

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
