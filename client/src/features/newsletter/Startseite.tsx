/**
 * The start page (issue 15): the dashboard above the newsletter list. Its cards sit in two
 * columns from 760 px width (spec 003 §2, §9); the chart's code and recharts load with it only.
 */
import { ResourceList } from '../../components/ResourceList';
import { lazyScreen } from '../../lib/lazy';
import type { ResourceConfig } from '../../resources/types';

const KlickDiagramm = lazyScreen(() => import('../reporting/KlickDiagramm'), 'KlickDiagramm');

export function Startseite({ config }: { config: ResourceConfig }) {
  return (
    <>
      <section className="dashboard" aria-label="Übersicht">
        <KlickDiagramm />
      </section>
      <ResourceList config={config} />
    </>
  );
}
