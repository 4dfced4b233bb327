/**
 * The dashboard chart 'Newsletter Klicks in den letzten 6 Monaten' (spec 003 §2): one bar per month.
 * recharts is loaded with this screen only, so the first load of the client stays small.
 */
import { Card, H4, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { berlinDatum } from '../../../../common/kalender';
import { useApi } from '../../lib/hooks';
import { klickQuery, klicksJeMonat } from './klicks';
import { Fehlermeldung, monatsName, zahl } from './teile';

const kurzFormat = new Intl.DateTimeFormat('de-DE', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** '2026-03' → 'März 26' on the axis; the tooltip names the month in full. */
const kurz = (monat: string) => {
  const [jahr, nummer] = monat.split('-').map(Number);
  return kurzFormat.format(new Date(Date.UTC(jahr, nummer - 1, 1)));
};

export function KlickDiagramm() {
  const heute = berlinDatum(new Date());
  const { data, error, isLoading } = useApi<{ datum: string; count: number }[]>(
    '/api/statistik-newsletter',
    klickQuery(heute),
  );
  const monate = useMemo(() => klicksJeMonat(data ?? [], heute), [data, heute]);
  return (
    <Card className="dashboard-karte" data-screen="dashboard-klicks">
      <div className="edit-header">
        <H4>Newsletter Klicks in den letzten 6 Monaten</H4>
        {isLoading && <Spinner size={20} aria-label="Daten werden geladen" />}
      </div>
      <Fehlermeldung error={error} />
      <div className="dashboard-diagramm">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={monate} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#dce0e5" />
            <XAxis dataKey="monat" tickFormatter={kurz} tickLine={false} />
            <YAxis allowDecimals={false} tickFormatter={zahl} tickLine={false} axisLine={false} />
            <Tooltip
              labelFormatter={(monat) => monatsName(String(monat))}
              formatter={(wert) => [zahl(Number(wert)), 'Klicks']}
              separator=": "
              cursor={{ fill: '#f6f7f9' }}
            />
            {/* No animation: the bars stand still while the window is resized or the data reloads. */}
            <Bar
              dataKey="klicks"
              name="Klicks"
              fill="#2d72d2"
              radius={[3, 3, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
