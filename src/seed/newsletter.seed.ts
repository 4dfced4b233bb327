/**
 * Newsletter and web demo data: senders, websites, news, templates, newsletters with send and
 * exclusion groups, dispatchers (sent in the year before the seed's today, pending after it) with
 * their per-recipient logs, and link clicks up to today for the dashboard and the evaluations.
 */
import { Newsletter } from '../newsletter/adapters/persistence/newsletter.entity';
import { NewsletterAbsender } from '../newsletter/adapters/persistence/newsletter-absender.entity';
import {
  NewsletterDispatcher,
  NewsletterVersand,
} from '../newsletter/adapters/persistence/newsletter-dispatcher.entity';
import { NewsletterVorlage } from '../newsletter/adapters/persistence/newsletter-vorlage.entity';
import { StatistikNewsletter } from '../newsletter/adapters/persistence/statistik-newsletter.entity';
import { News, VerbandWebsite } from '../newsletter/adapters/persistence/verband-website.entity';
import { dispatcherInfo, dispatcherTyp } from '../newsletter/domain/versand';
import { berlinWandzeit, berlinZeitpunkt } from '../../common/kalender';
import type { SeedContext } from './seed-context';

const DAY = 86_400_000;

const THEMEN = [
  ['Jahressteuergesetz 2026', 'Die wichtigsten Änderungen für Ihre Mandanten im Überblick'],
  ['Grundsteuer: Einspruchsfristen', 'Was jetzt für Bescheide und Einsprüche gilt'],
  ['E-Rechnung im B2B-Verkehr', 'Übergangsfristen und Praxistipps für Kanzleien'],
  ['Lohnsteuer-Update', 'Sachbezugswerte, Minijob-Grenze und Pauschalen'],
  ['Umsatzsteuer aktuell', 'BMF-Schreiben und Rechtsprechung des Quartals'],
  ['Kanzleiorganisation', 'Digitale Belegverarbeitung und Mandantenportale'],
  ['Erbschaft- und Schenkungsteuer', 'Bewertungsfragen bei Betriebsvermögen'],
  ['Berufsrecht', 'Neues zur Fortbildungspflicht und zum Berufshaftpflichtschutz'],
  ['Seminarprogramm Herbst', 'Jetzt anmelden: Seminare und Webinare im Überblick'],
  ['Abschlussprüfung', 'Hinweise zur Jahresabschlusserstellung 2026'],
];
const LINKS = [
  ['Zur Anmeldung', 'https://www.stbv-demo.de/seminare/anmeldung'],
  ['Seminarprogramm', 'https://www.stbv-demo.de/seminare'],
  ['BMF-Schreiben (PDF)', 'https://www.stbv-demo.de/downloads/bmf-schreiben.pdf'],
  ['Mehr lesen', 'https://www.stbv-demo.de/news'],
  ['Mitgliederbereich', 'https://www.stbv-demo.de/intern'],
];

export async function seedNewsletter(ctx: SeedContext): Promise<void> {
  const { rng } = ctx;
  // Nothing was sent or clicked after the seed's today began (in Berlin, where the logs' days are).
  const jetzt = berlinZeitpunkt(ctx.heute.toISOString().slice(0, 10), '00:00').getTime() - 60_000;

  const absenderStart = await ctx.nextId(NewsletterAbsender);
  const absender = [
    ['Steuerberaterverband – Newsletter', 'newsletter@stbv-demo.de', 'info@stbv-demo.de'],
    ['Steuerberaterverband – Seminare', 'seminare@stbv-demo.de', 'anmeldung@stbv-demo.de'],
    ['Steuerakademie', 'info@akademie-demo.de', null],
  ].map(([name, email, reply_to], i) => ({ id: absenderStart + i, name: name!, email: email!, reply_to }));

  const websiteStart = await ctx.nextId(VerbandWebsite);
  const websites = [
    ['https://www.stbv-demo.de', 'Hauptseite des Verbands', absender[0].id],
    ['https://www.akademie-demo.de', 'Seminarportal der Akademie', absender[2].id],
  ].map(([website, sonstiges, newsletter_absender_id], i) => ({
    id: websiteStart + i,
    website: website as string,
    sonstiges: sonstiges as string,
    newsletter_absender_id: newsletter_absender_id as number,
    data: {
      seminar_bescheinigung_template: i === 0 ? 'bescheinigung-verband.html' : 'bescheinigung-akademie.html',
    },
  }));

  const news: Partial<News>[] = [];
  const newsCount = Math.min(200, 6 + Math.ceil(ctx.scale / 100));
  for (let i = 0; i < newsCount; i++) {
    const [titel, description] = THEMEN[i % THEMEN.length];
    const von = ctx.tage(-rng.int(0, 330));
    const detail = rng.chance(0.6);
    const [linkTitel, link] = rng.pick(LINKS);
    news.push({
      typ: 'News',
      titel: i < THEMEN.length ? titel : `${titel} (${i + 1})`,
      aktiv: rng.chance(0.8),
      von: von.toISOString().slice(0, 10),
      bis: rng.chance(0.5)
        ? new Date(von.getTime() + rng.int(14, 120) * DAY).toISOString().slice(0, 10)
        : null,
      verband_website_id: rng.pick(websites).id,
      data: {
        detail_page: detail,
        link: detail ? null : link,
        link_titel: detail ? null : linkTitel,
        preview_image: `news-${(i % 6) + 1}.jpg`,
        theme: rng.pick(['default-green', 'light-green', 'green', 'blue', 'dark-blue']),
        description,
        teaser_image: detail ? `news-teaser-${(i % 6) + 1}.jpg` : null,
        content: detail
          ? `<p>${description}.</p><p>Weitere Informationen erhalten Sie in unserer Geschäftsstelle.</p>`
          : null,
      },
    });
  }

  const typen = await ctx.rows('SELECT id FROM veranstaltung_typ ORDER BY id');
  const vorlageStart = await ctx.nextId(NewsletterVorlage);
  const scheme = {
    einleitung: 'HTML|160',
    artikel: [{ titel: 'String', text: 'HTML|240', link: 'String', datum: 'Date' }],
    hinweis_anzeigen: 'Boolean',
  };
  const gruppen = await ctx.rows('SELECT id, typ FROM benutzer_gruppe ORDER BY id');
  const nwg = gruppen.filter((g) => g.typ === 'NWG').map((g) => Number(g.id));
  const andere = gruppen.filter((g) => g.typ !== 'NWG').map((g) => Number(g.id));
  const vorlagen: Partial<NewsletterVorlage>[] = [
    {
      id: vorlageStart,
      titel: 'Standard-Newsletter',
      beschreibung: 'Monatlicher Newsletter mit Einleitung und Artikeln',
      vorlage: 'newsletter-standard.html',
      json_content_scheme: scheme,
      data: { newsletter_absender_id: absender[0].id, allow_duplicate_email: false },
    },
    {
      id: vorlageStart + 1,
      titel: 'Seminareinladung (automatisch)',
      beschreibung: 'Wird 20 Tage vor Seminarbeginn an die Versand-Gruppen verschickt',
      vorlage: 'seminareinladung.html',
      veranstaltung_typ_id: typen.length ? Number(typen[0].id) : null,
      automatik: typen.length > 0,
      auto_typ: 'seminar',
      json_content_scheme: { einleitung: 'HTML|140', programm: 'HTML|240' },
      data: {
        auto_titel: '{lg_id} - {titel} - {datum}',
        auto_betreff: '{titel}',
        auto_vortage: 20,
        auto_day_time: '12:00',
        newsletter_absender_id: absender[1].id,
        auto_teilnehmer_group: 'exclude',
        auto_ausgebucht: false,
        allow_duplicate_email: false,
        versand_gruppen: nwg.slice(0, 1),
        ausschluss_gruppen: andere.slice(0, 1),
      },
    },
    {
      id: vorlageStart + 2,
      titel: 'Event-Erinnerung',
      beschreibung: 'Erinnerung an die Teilnehmer zwei Stunden vor dem Webinar',
      vorlage: 'event-erinnerung.html',
      veranstaltung_typ_id: typen.length > 1 ? Number(typen[1].id) : null,
      automatik: typen.length > 1,
      auto_typ: 'event',
      json_content_scheme: { hinweis: 'HTML|140', zugangslink: 'String', beginn: 'Time' },
      data: {
        auto_titel: 'Erinnerung: {titel}',
        auto_betreff: 'Ihr Webinar beginnt bald: {titel}',
        auto_minutes: 120,
        newsletter_absender_id: absender[1].id,
        auto_teilnehmer_group: 'include',
        allow_duplicate_email: true,
        versand_gruppen: [],
        ausschluss_gruppen: [],
      },
    },
    {
      id: vorlageStart + 3,
      titel: 'StBdirekt Wochenüberblick',
      beschreibung: 'Übernimmt die Inhalte aus StBdirekt',
      vorlage: 'stbdirekt.html',
      external_data_type: 'StBdirekt',
      json_content_scheme: { beitraege: [{ titel: 'String', teaser: 'HTML|120', url: 'String' }] },
      data: { newsletter_absender_id: absender[0].id },
    },
  ];

  // Recipients: primary e-mails of Benutzer in a group plus e-mails in a group
  const emails = await ctx.rows('SELECT id, benutzer_id, email FROM benutzer_email ORDER BY id');
  const emailById = new Map(emails.map((e) => [Number(e.id), e]));
  const primaer = new Map(
    (await ctx.rows('SELECT id, primaeremail_id, atr_kein_newsletter FROM benutzer ORDER BY id'))
      .filter((b) => b.primaeremail_id != null && !Number(b.atr_kein_newsletter))
      .map((b) => [Number(b.id), Number(b.primaeremail_id)]),
  );
  const mitglieder = new Map<number, Set<number>>();
  const add = (gruppe: number, emailId: number | undefined) => {
    if (emailId === undefined || !emailById.has(emailId)) return;
    if (!mitglieder.has(gruppe)) mitglieder.set(gruppe, new Set());
    mitglieder.get(gruppe)!.add(emailId);
  };
  for (const l of await ctx.rows(
    'SELECT benutzer_gruppe_id, benutzer_id FROM benutzer_benutzer_gruppe ORDER BY id',
  ))
    add(Number(l.benutzer_gruppe_id), primaer.get(Number(l.benutzer_id)));
  for (const l of await ctx.rows(
    'SELECT benutzer_gruppe_id, benutzer_email_id FROM benutzer_email_gruppe ORDER BY id',
  ))
    add(Number(l.benutzer_gruppe_id), Number(l.benutzer_email_id));

  const seminare = ctx.ids.get('veranstaltung') ?? [];
  const eventRows = seminare.length
    ? await ctx.rows('SELECT id, veranstaltung_id FROM veranstaltung_event ORDER BY id')
    : [];
  const eventIds = new Set(ctx.ids.get('veranstaltung_event') ?? []);

  let newsletterId = await ctx.nextId(Newsletter);
  let dispatcherId = await ctx.nextId(NewsletterDispatcher);
  const newsletters: Partial<Newsletter>[] = [];
  const sendeGruppen: { newsletter_id: number; benutzer_gruppe_id: number }[] = [];
  const ausschlussGruppen: { newsletter_id: number; benutzer_gruppe_id: number }[] = [];
  const dispatchers: Partial<NewsletterDispatcher>[] = [];
  const versand: Partial<NewsletterVersand>[] = [];
  const klicks: Partial<StatistikNewsletter>[] = [];
  const cap = Math.min(1000, 20 + Math.ceil(ctx.scale / 10));
  const count = Math.min(300, 8 + Math.ceil(ctx.scale / 500));

  for (let i = 0; i < count; i++) {
    const id = newsletterId++;
    const [thema, unterzeile] = THEMEN[i % THEMEN.length];
    const seminar = seminare.length && rng.chance(0.35) ? rng.pick(seminare) : null;
    const events = seminar
      ? eventRows.filter((e) => Number(e.veranstaltung_id) === seminar && eventIds.has(Number(e.id)))
      : [];
    const vorlage = seminar ? vorlagen[1] : rng.chance(0.2) ? vorlagen[3] : vorlagen[0];
    // One after the other from eleven months ago to six weeks ahead, about monthly at demo scale.
    const tag = -330 + Math.floor(((i + rng.next()) / count) * 375);
    const sendeTermin = new Date(ctx.tage(tag).getTime() + rng.int(7, 17) * 3_600_000);
    // Those planned after today are still open (the last one or two of them).
    const versendet = rng.chance(0.85) && sendeTermin.getTime() < jetzt;
    const auto = vorlage.automatik === true && rng.chance(0.5);
    newsletters.push({
      id,
      titel: `${thema}${seminar ? ' – Seminareinladung' : ''} ${i + 1}/${sendeTermin.getUTCFullYear()}`,
      newsletter_absender_id: vorlage.data?.newsletter_absender_id as number,
      betreff: `${thema}: ${unterzeile}`,
      veranstaltung_id: seminar,
      veranstaltung_event_id: events.length && rng.chance(0.3) ? Number(rng.pick(events).id) : null,
      newsletter_vorlagen_id: vorlage.id,
      bearbeitungsstatus: versendet ? 'versendet' : rng.pick(['offen', 'in Bearbeitung', 'freigegeben']),
      manual_versanddatum: versendet ? null : berlinWandzeit(sendeTermin).datum,
      manual_versanduhrzeit: versendet ? null : '09:00',
      allow_duplicate_email: false,
      freigabe: versendet,
      auto_newsletter: auto,
      json_content: {
        einleitung: `<p>Sehr geehrte Damen und Herren,</p><p>${unterzeile}.</p>`,
        artikel: [
          {
            titel: thema,
            text: `<p>${unterzeile}.</p>`,
            link: rng.pick(LINKS)[1],
            datum: berlinWandzeit(sendeTermin).datum,
          },
        ],
        hinweis_anzeigen: rng.chance(0.5),
      },
      body: `<h1>${thema}</h1><p>${unterzeile}.</p>`,
      createdAt: new Date(sendeTermin.getTime() - rng.int(2, 20) * DAY),
    });

    const senden = nwg.length ? [rng.pick(nwg)] : andere.length ? [rng.pick(andere)] : [];
    if (nwg.length > 1 && rng.chance(0.4)) {
      const zweite = rng.pick(nwg);
      if (!senden.includes(zweite)) senden.push(zweite);
    }
    const ausschluss =
      andere.length && rng.chance(0.4) ? [rng.pick(andere)].filter((g) => !senden.includes(g)) : [];
    for (const g of senden) sendeGruppen.push({ newsletter_id: id, benutzer_gruppe_id: g });
    for (const g of ausschluss) ausschlussGruppen.push({ newsletter_id: id, benutzer_gruppe_id: g });

    const empfaenger = new Set<number>();
    for (const g of senden) for (const e of mitglieder.get(g) ?? []) empfaenger.add(e);
    for (const g of ausschluss) for (const e of mitglieder.get(g) ?? []) empfaenger.delete(e);
    const alle = [...empfaenger].sort((a, b) => a - b);

    const laeufe = versendet && rng.chance(0.3) ? 2 : 1;
    for (let l = 0; l < laeufe; l++) {
      const did = dispatcherId++;
      const versandTime = new Date(sendeTermin.getTime() + l * rng.int(3, 10) * DAY);
      if (!versendet || versandTime.getTime() > jetzt) {
        const geplant = new Date(Math.max(versandTime.getTime(), ctx.tage(7).getTime() + 8 * 3_600_000));
        dispatchers.push({
          id: did,
          newsletter_id: id,
          versand_time: geplant,
          versendet: false,
          auto_dispatcher: auto,
          typ: dispatcherTyp(auto),
          typ_data: { gruppen: senden, ausschluss },
          info: dispatcherInfo({ versendet: false, versand_time: geplant, total: 0, sent: 0, failed: 0 }),
        });
        continue;
      }
      // The second run reaches those added to the groups since (here: a fresh sample).
      const quote = Math.min(1, cap / Math.max(1, alle.length));
      const seen = new Set<string>();
      let sent = 0;
      let failed = 0;
      const start = versandTime.getTime() + rng.int(1, 5) * 60_000;
      for (const emailId of alle) {
        if (seen.size >= cap || !rng.chance(quote)) continue;
        const e = emailById.get(emailId)!;
        const adresse = String(e.email).toLowerCase();
        if (seen.has(adresse)) continue;
        seen.add(adresse);
        const zeit = new Date(start + seen.size * 1500);
        const ok = rng.chance(0.98);
        if (ok) sent++;
        else failed++;
        versand.push({
          newsletter_dispatcher_id: did,
          newsletter_id: id,
          benutzer_id: Number(e.benutzer_id),
          benutzer_email_id: emailId,
          email: String(e.email),
          versandflag: ok,
          ...(() => {
            const { datum, uhrzeit } = berlinWandzeit(zeit);
            return { versanddatum: datum, versanduhrzeit: uhrzeit };
          })(),
          // As the dispatch workers write them (src/newsletter/domain/versand.ts).
          status: ok ? 'versendet' : 'fehler',
          versuche: 1,
          fehler: ok ? null : '550 5.1.1 Postfach unbekannt',
          createdAt: zeit,
        });
        if (ok && rng.chance(0.25)) {
          const n = rng.int(1, 3);
          for (let k = 0; k < n; k++) {
            const klick = new Date(Math.min(jetzt, zeit.getTime() + rng.int(10, 14 * 24 * 60) * 60_000));
            const [linkTitel, url] = rng.pick(LINKS);
            klicks.push({
              ...berlinWandzeit(klick),
              newsletter_id: id,
              dispatcher_id: did,
              benutzer_id: Number(e.benutzer_id),
              link: linkTitel,
              url,
              createdAt: klick,
            });
          }
        }
      }
      dispatchers.push({
        id: did,
        newsletter_id: id,
        versand_time: versandTime,
        versendet: true,
        versendet_time: new Date(start + (seen.size + 1) * 1500),
        auto_dispatcher: auto,
        typ: dispatcherTyp(auto),
        typ_data: { gruppen: senden, ausschluss },
        info: dispatcherInfo({ versendet: true, versand_time: versandTime, total: seen.size, sent, failed }),
        error: failed ? `${failed} E-Mail(s) konnten nicht zugestellt werden` : null,
        total: seen.size,
        sent,
        failed,
      });
    }
  }

  await ctx.insert(NewsletterAbsender, absender);
  await ctx.insert(VerbandWebsite, websites);
  await ctx.insert(News, news);
  await ctx.insert(NewsletterVorlage, vorlagen);
  await ctx.insert(Newsletter, newsletters);
  await insertLinks(ctx, 'newsletter_benutzer_gruppe', sendeGruppen);
  await insertLinks(ctx, 'newsletter_ausschluss_gruppe', ausschlussGruppen);
  await ctx.insert(NewsletterDispatcher, dispatchers);
  await ctx.insert(NewsletterVersand, versand);
  await ctx.insert(StatistikNewsletter, klicks);

  // Seminar types of the earlier step are shown on the association's main website.
  await ctx.rows(
    `UPDATE veranstaltung_typ SET verband_website_id = ${websites[0].id} WHERE verband_website_id IS NULL`,
  );
}

/** The two link tables have no entity of their own. */
async function insertLinks(
  ctx: SeedContext,
  tableName: string,
  rows: { newsletter_id: number; benutzer_gruppe_id: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    await ctx.dataSource.query(
      `INSERT INTO ${tableName} (newsletter_id, benutzer_gruppe_id) VALUES ${batch.map(() => '(?, ?)').join(', ')}`,
      batch.flatMap((r) => [r.newsletter_id, r.benutzer_gruppe_id]),
    );
  }
  ctx.options.log?.(`${tableName}: ${rows.length} Zeilen`);
}
