/**
 * The evaluations' charts (issue 32): each drawn from the same data as the table below it, so the
 * two always show the same filter. German amounts, counts, rates and month names; no animation, so
 * the bars stand still while data reloads; legends in the order of the bars (recharts sorts by name).
 */
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatAmount } from '../../lib/format';
import type { Kategorie, NewsletterWirkung, SeminarZeile, UmsatzJahr } from './api';
import { monatsName, zahl } from './teile';

const kurzFormat = new Intl.DateTimeFormat('de-DE', { month: 'short', timeZone: 'UTC' });
/** '2026-03' → 'März' on the axis; the tooltip names the month in full. */
export const monatKurz = (monat: string) => {
  const [jahr, nummer] = monat.split('-').map(Number);
  return kurzFormat.format(new Date(Date.UTC(jahr, nummer - 1, 1)));
};

const ganzeEuro = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const prozentFormat = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });
/** A share as staff read it: 0.1234 → 12,3 %. */
export const anteil = (wert: number) => prozentFormat.format(wert);

const FARBEN: Record<Kategorie, string> = {
  seminare: '#2d72d2',
  abos: '#238551',
  bundle: '#c87619',
  produkte: '#7961db',
};

function Rahmen({ name, children }: { name: string; children: React.ReactElement }) {
  return (
    <div className="auswertung-diagramm" data-diagramm={name}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Umsatzprognose: per month one bar per category; months gone by are booked (solid), the current
 * and coming months expected (pale: their bookings may still change).
 */
export function UmsatzDiagramm({
  daten,
  kategorien,
  heute,
}: {
  daten: UmsatzJahr;
  kategorien: { kategorie: Kategorie; label: string }[];
  heute: string;
}) {
  const aktuellerMonat = heute.slice(0, 7);
  const erwartet = (monat: string) => monat >= aktuellerMonat;
  return (
    <>
      <Rahmen name="umsatz">
        <BarChart data={daten.monate} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: 16 }}>
          <CartesianGrid vertical={false} stroke="#dce0e5" />
          <XAxis dataKey="monat" tickFormatter={monatKurz} tickLine={false} />
          <YAxis
            tickFormatter={(v: number) => ganzeEuro.format(v)}
            tickLine={false}
            axisLine={false}
            width={90}
          />
          <Tooltip
            labelFormatter={(monat) =>
              `${monatsName(String(monat))} (${erwartet(String(monat)) ? 'erwartet' : 'gebucht'})`
            }
            formatter={(wert, name) => [formatAmount(Number(wert)), name]}
            separator=": "
            cursor={{ fill: '#f6f7f9' }}
          />
          <Legend itemSorter={null} />
          {kategorien.map(({ kategorie, label }) => (
            <Bar
              key={kategorie}
              dataKey={kategorie}
              name={label}
              fill={FARBEN[kategorie]}
              isAnimationActive={false}
            >
              {daten.monate.map((m) => (
                <Cell key={m.monat} fillOpacity={erwartet(m.monat) ? 0.35 : 1} />
              ))}
            </Bar>
          ))}
        </BarChart>
      </Rahmen>
      <p className="auswertung-hinweis">
        Kräftige Balken: gebucht (vergangene Monate); blasse Balken: erwartet (ab {monatsName(aktuellerMonat)}
        ).
      </p>
    </>
  );
}

/** Newsletter evaluation: clicking recipients per month as bars, the click rate as a line on its own axis. */
export function NewsletterDiagramm({ daten }: { daten: NewsletterWirkung }) {
  return (
    <Rahmen name="newsletter">
      <ComposedChart data={daten.monate} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#dce0e5" />
        <XAxis dataKey="monat" tickFormatter={monatKurz} tickLine={false} />
        <YAxis
          yAxisId="anzahl"
          allowDecimals={false}
          tickFormatter={zahl}
          tickLine={false}
          axisLine={false}
        />
        <YAxis yAxisId="rate" orientation="right" tickFormatter={anteil} tickLine={false} axisLine={false} />
        <Tooltip
          labelFormatter={(monat) => monatsName(String(monat))}
          formatter={(wert, name) => [name === 'Klickrate' ? anteil(Number(wert)) : zahl(Number(wert)), name]}
          separator=": "
          cursor={{ fill: '#f6f7f9' }}
        />
        <Legend itemSorter={null} />
        <Bar yAxisId="anzahl" dataKey="klicks" name="Klicks" fill="#8abbff" isAnimationActive={false} />
        <Bar
          yAxisId="anzahl"
          dataKey="klickende"
          name="Klickende Empfänger"
          fill="#2d72d2"
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          dataKey="klickrate"
          name="Klickrate"
          stroke="#c87619"
          strokeWidth={2}
          isAnimationActive={false}
        />
      </ComposedChart>
    </Rahmen>
  );
}

/** Seminar result: net revenue, costs and margin per seminar (by LG number, the title in the tooltip). */
export function SeminarDiagramm({ seminare }: { seminare: SeminarZeile[] }) {
  const daten = useMemo(() => seminare.map((s) => ({ ...s, name: s.lg_id ?? s.titel })), [seminare]);
  return (
    <Rahmen name="seminare">
      <BarChart data={daten} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: 16 }}>
        <CartesianGrid vertical={false} stroke="#dce0e5" />
        <XAxis dataKey="name" tickLine={false} interval="preserveStartEnd" />
        <YAxis
          tickFormatter={(v: number) => ganzeEuro.format(v)}
          tickLine={false}
          axisLine={false}
          width={90}
        />
        <Tooltip
          labelFormatter={(_, eintraege) => {
            const s = eintraege?.[0]?.payload as SeminarZeile | undefined;
            return s ? [s.lg_id, s.titel].filter(Boolean).join(' – ') : '';
          }}
          formatter={(wert, name) => [formatAmount(Number(wert)), name]}
          separator=": "
          cursor={{ fill: '#f6f7f9' }}
        />
        <Legend itemSorter={null} />
        <Bar dataKey="netto" name="Nettoumsatz" fill="#2d72d2" isAnimationActive={false} />
        <Bar dataKey="kosten" name="Kosten" fill="#cd4246" isAnimationActive={false} />
        <Bar dataKey="marge" name="Marge" fill="#238551" isAnimationActive={false} />
      </BarChart>
    </Rahmen>
  );
}
