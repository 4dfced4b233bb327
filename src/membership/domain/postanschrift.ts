/**
 * A Benutzer's postal address as letters print it (the Serienbrief): which of the addresses, and
 * its lines. The member address first, then the invoice address, then the first active one: a
 * letter about membership matters goes where the member wants such mail.
 */
export interface AdressFelder {
  id: number;
  zeile1: string | null;
  zeile2: string | null;
  zeile3: string | null;
  zeile4: string | null;
  zeile5: string | null;
  zeile6: string | null;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  deaktiv: boolean;
}

const text = (wert: string | null) => (wert ?? '').trim();

/**
 * The printed address block. The lines `zeile1`–`zeile6` are the whole block as staff keep it
 * (name, street, town); without them the block is built from `name` (the Benutzer's firm and
 * name), the street, postcode and town. Empty lines are left out.
 */
export function anschriftZeilen(a: AdressFelder, name: (string | null)[]): string[] {
  const zeilen = [a.zeile1, a.zeile2, a.zeile3, a.zeile4, a.zeile5, a.zeile6].map(text).filter(Boolean);
  if (zeilen.length > 0) return zeilen;
  const ort = [text(a.plz), text(a.ort)].filter(Boolean).join(' ');
  return [...name, a.strasse].map(text).concat(ort).filter(Boolean);
}

/**
 * The address a letter goes to, of the Benutzer's own (`adressen`), or undefined without one: the
 * member address first, or the invoice address first for what concerns invoices (DATEV's debtor).
 */
export function briefAdresse<A extends Pick<AdressFelder, 'id' | 'deaktiv'>>(
  benutzer: { mi_adresse_id: number | null; re_adresse_id: number | null },
  adressen: A[],
  zuerst: 'mitglied' | 'rechnung' = 'mitglied',
): A | undefined {
  const eigene = (id: number | null) => adressen.find((a) => a.id === id && !a.deaktiv);
  const [erste, zweite] =
    zuerst === 'mitglied'
      ? [benutzer.mi_adresse_id, benutzer.re_adresse_id]
      : [benutzer.re_adresse_id, benutzer.mi_adresse_id];
  return eigene(erste) ?? eigene(zweite) ?? [...adressen].sort((x, y) => x.id - y.id).find((a) => !a.deaktiv);
}
