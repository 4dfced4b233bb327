import { einladungsDaten, type EinladungsSeminar, preisStaffel } from './seminareinladung';

const termin = (sonstiges: string | null) => ({
  datum: '2026-03-05',
  beginn: '09:00',
  ende: '17:00',
  titel: null,
  ort: 'Bonn',
  sonstiges,
  referenten: ['Dr. Weber'],
});

const seminar = (overrides: Partial<EinladungsSeminar> = {}): EinladungsSeminar => ({
  id: 7,
  titel: 'Umsatzsteuer aktuell',
  lg_id: 'LG-7',
  anmeldeschluss: '2026-02-20',
  data: null,
  preise: [{ beschreibung: 'Mitglieder', betrag: 190 }],
  inhalt: {
    einfuehrung: '<p>Was sich <b>ändert</b></p>',
    themenuebersicht: '<ul><li>Reverse Charge</li><li>E-Rechnung</li></ul>',
  },
  termine: [termin('Mittagessen inklusive'), termin(null), termin('Parkplätze vorhanden')],
  ...overrides,
});

describe('price tiers of an invitation', () => {
  it('lists the tiers that have a description, a description of 0 included', () => {
    expect(
      preisStaffel({
        preis1_beschreibung: 'Mitglieder',
        preis1: '190.50',
        preis2_beschreibung: '',
        preis2: 250,
        preis3_beschreibung: null,
        preis4_beschreibung: 0,
        preis4: null,
        preis6_beschreibung: 'Gäste',
        preis6: 300,
      }),
    ).toEqual([
      { beschreibung: 'Mitglieder', betrag: 190.5 },
      { beschreibung: '0', betrag: null },
      { beschreibung: 'Gäste', betrag: 300 },
    ]);
    expect(preisStaffel({ preis5_beschreibung: 'Frühbucher' })).toEqual([
      { beschreibung: 'Frühbucher', betrag: null },
    ]);
  });
});

describe('invitation data of a seminar', () => {
  it('switches texts on by strings only, and takes the seminar’s own text for an empty one', () => {
    const daten = einladungsDaten(seminar(), {
      subtitle: 'Frühjahr 2026',
      headline: 42,
      einfuehrung: '',
      themenuebersicht: '',
      sonstiges: '',
      header_field: null,
    });
    expect(daten).toMatchObject({
      subtitle: 'Frühjahr 2026',
      headline: null,
      header_field: null,
      einfuehrung: 'Was sich ändert',
      themenuebersicht: '• Reverse Charge\n• E-Rechnung',
      sonstiges: 'Mittagessen inklusive\nParkplätze vorhanden',
    });
    // A text that is not a seminar's own stays empty when given empty.
    expect(einladungsDaten(seminar(), { gebuehr_hinweis: '' })).toMatchObject({ gebuehr_hinweis: '' });
    expect(
      einladungsDaten(seminar({ inhalt: null }), { einfuehrung: '', themenuebersicht: '' }),
    ).toMatchObject({
      einfuehrung: '',
      themenuebersicht: '',
    });
  });

  it('turns the editors’ HTML into plain lines', () => {
    const daten = einladungsDaten(seminar(), {
      zahlungs_hinweis:
        '<h2>Zahlung</h2><p>Per&nbsp;Überweisung<br/>an A &amp; B &lt;Verband&gt;</p><p></p><p></p><p></p><ol><li class="x">sofort</li></ol>',
    });
    expect(daten).toMatchObject({
      zahlungs_hinweis: 'Zahlung\nPer Überweisung\nan A & B <Verband>\n\n• sofort',
    });
  });

  it('lets the document’s values win over the seminar’s own settings', () => {
    const eigene = seminar({
      data: {
        seminareinladung_pdf: {
          seminar_titel: 'Eigener Titel',
          subtitle: 'Eigener Untertitel',
          zahlungsweise: 'bar',
        },
      },
    });
    expect(einladungsDaten(eigene, {})).toMatchObject({
      titel: 'Eigener Titel',
      seminar_titel: 'Eigener Titel',
      subtitle: 'Eigener Untertitel',
      zahlungsweise: 'bar',
      dozent_image_url: null,
    });
    expect(
      einladungsDaten(eigene, { seminar_titel: '', subtitle: 'Vorgabe', zahlungsweise: 7 }),
    ).toMatchObject({
      titel: 'Umsatzsteuer aktuell',
      seminar_titel: null,
      subtitle: 'Vorgabe',
      zahlungsweise: null,
    });
  });

  it('carries the seminar’s facts unchanged', () => {
    const s = seminar();
    expect(einladungsDaten(s, {})).toMatchObject({
      id: 7,
      lg_id: 'LG-7',
      titel: 'Umsatzsteuer aktuell',
      anmeldeschluss: '2026-02-20',
      preise: s.preise,
      termine: s.termine,
    });
  });
});
