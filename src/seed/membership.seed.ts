/** Membership data: members, companies with employees, e-mails, addresses, accounts, districts, groups. */
import { anzeigename, ansprache, automatischeAnrede, sortname } from '../../common/benutzer';
import { Benutzer } from '../membership/adapters/persistence/benutzer.entity';
import {
  BenutzerBenutzerGruppe,
  BenutzerEmailGruppe,
  BenutzerGruppe,
} from '../membership/adapters/persistence/benutzer-gruppe.entity';
import {
  BenutzerAdresse,
  BenutzerEmail,
  BenutzerKonto,
} from '../membership/adapters/persistence/benutzer-kontakt.entity';
import { VerbandBezirk } from '../membership/adapters/persistence/verband-bezirk.entity';
import {
  BANKEN,
  BERUFE,
  BEZIRKE,
  GRUPPEN,
  KANZLEI_FORMEN,
  NACHNAMEN,
  ORTE,
  STRASSEN,
  VORNAMEN_M,
  VORNAMEN_W,
  slug,
} from './german-data';
import { germanIban } from './iban';
import type { SeedContext } from './seed-context';

export async function seedMembership(ctx: SeedContext): Promise<void> {
  const { rng } = ctx;
  const bezirkStart = await ctx.nextId(VerbandBezirk);
  const bezirke = BEZIRKE.map((name, i) => ({
    id: bezirkStart + i,
    bezirk_nummer: i + 1,
    bezirk_name: name,
  }));
  await ctx.insert(VerbandBezirk, bezirke);

  let benutzerId = await ctx.nextId(Benutzer);
  let emailId = await ctx.nextId(BenutzerEmail);
  let adresseId = await ctx.nextId(BenutzerAdresse);
  let kontoId = await ctx.nextId(BenutzerKonto);
  const benutzer: Partial<Benutzer>[] = [];
  const emails: Partial<BenutzerEmail>[] = [];
  const adressen: Partial<BenutzerAdresse>[] = [];
  const konten: Partial<BenutzerKonto>[] = [];
  const now = ctx.heute;

  const address = (owner: number, zeilen: string[]) => {
    const [plz, ort] = rng.pick(ORTE);
    const strasse = `${rng.pick(STRASSEN)} ${rng.int(1, 120)}`;
    const lines = [...zeilen, strasse, `${plz} ${ort}`];
    adressen.push({
      id: adresseId,
      benutzer_id: owner,
      bezeichnung: 'Hauptadresse',
      zeile1: lines[0] ?? null,
      zeile2: lines[1] ?? null,
      zeile3: lines[2] ?? null,
      zeile4: lines[3] ?? null,
      strasse,
      plz,
      ort,
      norm: lines,
      intern: false,
      deaktiv: false,
    });
    return adresseId++;
  };

  const account = (owner: number, inhaber: string) => {
    const [blz, bic, bank] = rng.pick(BANKEN);
    konten.push({
      id: kontoId,
      benutzer_id: owner,
      bezeichnung: 'Girokonto',
      inhaber,
      iban: germanIban(blz, rng.digits(10)),
      bic,
      bank,
      sepa_referenz: `MANDAT-${owner}`,
      sepa_datum: rng.date(new Date('2015-01-01'), now),
      deaktiv: false,
    });
    return kontoId++;
  };

  const person = (parent: { id: number; domain: string } | null, mitglied: boolean) => {
    const gender = rng.chance(0.5) ? ('male' as const) : ('female' as const);
    const vorname = rng.pick(gender === 'male' ? VORNAMEN_M : VORNAMEN_W);
    const nachname = rng.pick(NACHNAMEN);
    const titel = rng.chance(0.15) ? rng.pick(['Dr.', 'Prof.', 'Prof. Dr.']) : null;
    const felder = { gender, vorname, nachname, titel, firma: null };
    const id = benutzerId++;
    const domain = parent?.domain ?? `${slug(nachname)}-${id}.de`;
    const email = { id: emailId++, benutzer_id: id, email: `${slug(vorname)}.${slug(nachname)}@${domain}` };
    emails.push(email);
    const beruf = rng.pick(BERUFE);
    const adresse = parent ? null : address(id, [anzeigename(felder)]);
    const konto = !parent && rng.chance(0.6) ? account(id, `${vorname} ${nachname}`) : null;
    benutzer.push({
      id,
      parent_id: parent?.id ?? null,
      kennnummer: String(100000 + id),
      ...felder,
      anrede: automatischeAnrede(felder),
      ansprache: ansprache(felder),
      anzeigename: anzeigename(felder),
      sortname: sortname(felder),
      berufsbezeichnung: beruf,
      stb_datum: beruf.startsWith('StB') ? rng.date(new Date('1985-01-01'), now) : null,
      tel1: `0${rng.int(30, 999)} ${rng.digits(7)}`,
      tel2: rng.chance(0.5) ? `01${rng.int(51, 79)} ${rng.digits(8)}` : null,
      aktiviert: rng.chance(0.95),
      primaeremail_id: email.id,
      re_email_id: email.id,
      re_adresse_id: adresse,
      re_konto_id: konto,
      verband_bezirk_id: rng.pick(bezirke).id,
      freigabe: parent ? rng.chance(0.3) : false,
      atr_mitglied: mitglied,
      atr_kein_newsletter: rng.chance(0.1),
      data: { seminar_teilnahmen: rng.int(0, 40) },
      verband: 3,
    });
    return id;
  };

  while (benutzer.length < ctx.scale) {
    if (rng.chance(0.3)) {
      const nachname = rng.pick(NACHNAMEN);
      const firma = `${nachname} ${rng.pick(KANZLEI_FORMEN)}`;
      const id = benutzerId++;
      const domain = `${slug(nachname)}-kanzlei-${id}.de`;
      const email = { id: emailId++, benutzer_id: id, email: `info@${domain}` };
      emails.push(email);
      const adresse = address(id, [firma]);
      const konto = account(id, firma);
      benutzer.push({
        id,
        kennnummer: String(100000 + id),
        firma,
        anrede: automatischeAnrede({ firma }),
        ansprache: ansprache({ firma }),
        anzeigename: firma,
        sortname: firma,
        tel1: `0${rng.int(30, 999)} ${rng.digits(7)}`,
        aktiviert: true,
        atr_mitglied: rng.chance(0.7),
        primaeremail_id: email.id,
        re_email_id: email.id,
        re_adresse_id: adresse,
        re_konto_id: konto,
        verband_bezirk_id: rng.pick(bezirke).id,
        data: {},
        verband: 3,
      });
      const mitarbeiter = Math.min(rng.int(1, 4), ctx.scale - benutzer.length);
      for (let i = 0; i < mitarbeiter; i++) person({ id, domain }, false);
    } else {
      person(null, rng.chance(0.75));
    }
  }
  await ctx.insert(Benutzer, benutzer);
  await ctx.insert(BenutzerEmail, emails);
  await ctx.insert(BenutzerAdresse, adressen);
  await ctx.insert(BenutzerKonto, konten);

  const gruppeStart = await ctx.nextId(BenutzerGruppe);
  const gruppen = GRUPPEN.map(([name, typ, zuordnung], i) => ({
    id: gruppeStart + i,
    name,
    typ,
    zuordnung,
    newsletter: typ === 'NWG',
    verbandsintern: typ !== 'NWG',
    beschreibung: `${name} (Demodaten)`,
  }));
  await ctx.insert(BenutzerGruppe, gruppen);
  const links: Partial<BenutzerBenutzerGruppe>[] = [];
  const emailLinks: Partial<BenutzerEmailGruppe>[] = [];
  const benutzerGruppen = gruppen.filter((g) => g.zuordnung !== 'email');
  const emailGruppen = gruppen.filter((g) => g.zuordnung !== 'benutzer');
  for (const b of benutzer) {
    if (rng.chance(0.4)) links.push({ benutzer_id: b.id, benutzer_gruppe_id: rng.pick(benutzerGruppen).id });
  }
  for (const e of emails) {
    if (rng.chance(0.5))
      emailLinks.push({ benutzer_email_id: e.id, benutzer_gruppe_id: rng.pick(emailGruppen).id });
  }
  await ctx.insert(BenutzerBenutzerGruppe, links);
  await ctx.insert(BenutzerEmailGruppe, emailLinks);
}
