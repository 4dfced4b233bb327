/** A window that needs its resource's metadata: a German error or a spinner until it is there. */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';
import { useMeta, type ResourceMeta } from '../resources/meta';

export function MitMetadaten({
  resource,
  render,
}: {
  resource: string;
  render(meta: ResourceMeta): ReactNode;
}) {
  const { data: meta, error } = useMeta(resource);
  if (error)
    return (
      <Callout intent={Intent.DANGER} title="Fehler beim Laden">
        {errorMessage(error)}
      </Callout>
    );
  if (!meta) return <Spinner className="app-loading" aria-label="Daten werden geladen" />;
  return render(meta);
}
