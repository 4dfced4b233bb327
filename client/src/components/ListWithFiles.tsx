/**
 * Lists whose resource has a file area show two tabs: the records and their files (spec 001 §2
 * Bescheinigungen, spec 002 §2 Rechnungs- and Newsletter-Vorlagen, spec 003 §2 PDF-Vorlagen).
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import type { ResourceConfig } from '../resources/types';
import { Dateien } from './files/Dateien';
import { ResourceList } from './ResourceList';

/** The records tab is called as the spec calls it: 'Vorlagen' for templates, else the list's label. */
const recordsTitle = (config: ResourceConfig) =>
  config.resource.includes('vorlage') ? 'Vorlagen' : config.label;

export function ListWithFiles({ config }: { config: ResourceConfig }) {
  const [tab, setTab] = useState('records');
  return (
    <Tabs
      id={`files-${config.resource}`}
      selectedTabId={tab}
      onChange={(id) => setTab(String(id))}
      renderActiveTabPanelOnly
    >
      <Tab id="records" title={recordsTitle(config)} panel={<ResourceList config={config} />} />
      <Tab id="files" title="Dateien" panel={<Dateien resource={config.resource} folders />} />
    </Tabs>
  );
}
