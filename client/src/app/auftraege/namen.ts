/** German names of the server's job names (src/…/adapters/jobs); an unknown name shows as it is. */
const NAMEN: Record<string, string> = {
  'newsletter-planen': 'Newsletterplanung',
  'newsletter-senden': 'Newsletterversand',
  'newsletter-automatik': 'Automatische Newsletter',
  'abo-perioden': 'Abo-Perioden abrechnen',
  'gruppe-auffuellen': 'Gruppe befüllen',
  'gruppen-nachtlauf': 'Nächtliche Gruppenbefüllung',
  'gruppe-csv-abgleich': 'Gruppenabgleich per CSV',
  'gehaltsumfrage-import': 'Zugänge der Gehaltsumfrage einlesen',
  rechnungslauf: 'Rechnungslauf',
  'abrechnung-export': 'Abrechnungsexport',
  'rechnungen-email': 'Rechnungsversand per E-Mail',
  'bescheinigungen-pdf': 'Alle Bescheinigungen eines Seminars (PDF)',
  'serienbrief-pdf': 'Serienbrief eines Seminars (PDF)',
};

export function auftragsname(name: string): string {
  return NAMEN[name] ?? name;
}

/** What a job works on, from the ids of its data: `dispatcherId: 5` → 'Dispatcher 5'. */
export function betrifft(dataIds: Record<string, string | number>): string {
  return Object.entries(dataIds)
    .map(([feld, wert]) => {
      const wort = feld.replace(/(_id|Id)$/, '');
      return wort === 'id' ? `Nr. ${wert}` : `${wort.charAt(0).toUpperCase()}${wort.slice(1)} ${wert}`;
    })
    .join(', ');
}
