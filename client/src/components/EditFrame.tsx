/**
 * Generic edit windows of spec 000 §2 and §4: id 'new' or a record id, a loading state while
 * fetching or saving, POST for new and PUT for existing records, save and close, tab frames that
 * remember their tab per user and route, and stepper frames.
 */
import { Button, ButtonGroup, Card, H4, Intent, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { navigate } from '../app/router';
import { useUser } from '../app/session';
import { SYSTEM_FIELDS } from '../../../common/resource-meta';
import { api, RequestError, resourcePath, type Query } from '../lib/api';
import { fieldErrors, isNotFound, reportError } from '../lib/errors';
import { invalidateResource } from '../lib/hooks';
import { ERROR_TOAST_MS, showToast } from '../lib/toaster';
import { loadTab, saveTab, tabKey } from '../lib/user-storage';
import type { Row } from '../resources/types';

/** The server refused the save: someone saved the record since this window loaded it (issue 17). */
function isStale(error: unknown): boolean {
  return error instanceof RequestError && error.status === 409 && error.body?.code === 'STALE_RECORD';
}

/** Included records (an object with id, a list of objects); lists of ids or lines are plain values. */
function isAssociation(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => typeof item === 'object' && item !== null);
  return typeof value === 'object' && value !== null && 'id' in value;
}

/** A copy is a new record: no id, no timestamps, no included associations, none of `without` (spec 000 §2). */
export function asCopy<T extends Row>(record: T, without: string[] = []): T {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([key, value]) => !SYSTEM_FIELDS.has(key) && !without.includes(key) && !isAssociation(value),
    ),
  ) as T;
}

/** Included link records become the id lists a save sends back (`Storno_Options: [3, 5]`). */
function asLinkIds<T extends Row>(record: T, linkFields: string[]): T {
  const converted: Row = { ...record };
  for (const name of linkFields) {
    const value = record[name];
    if (Array.isArray(value)) converted[name] = value.map((item) => (item as Row).id);
  }
  return converted as T;
}

export interface EditRecordOptions<T extends Row> {
  resource: string;
  /** The list path: new records open at {listPath}/{id}; closing goes back to it. */
  listPath: string;
  /** Where closing goes when that is not the list path (a window below another record). */
  closePath?: string;
  id: string;
  copy?: boolean;
  /** Fields a copy must not take over, e.g. links to the original's own e-mails (a stable array). */
  copyWithout?: string[];
  defaults?: Partial<T>;
  query?: Query;
  /** Included to-many associations that are edited as lists of ids (many-to-many links). */
  linkFields?: string[];
  /** Some windows reload a moment after saving (the user window after about 50 ms, spec 000 §4). */
  reloadAfterSaveMs?: number;
}

export interface EditRecord<T extends Row> {
  record: T;
  isNew: boolean;
  loading: boolean;
  /** The record does not exist (any more): the window shows the 404 page instead of its form. */
  notFound: boolean;
  /** Field errors of the last failed save (the server's `errors`). */
  errors: Record<string, string>;
  change(patch: Partial<T>): void;
  /** Resolves true when the record was saved. */
  save(close?: boolean): Promise<boolean>;
  reload(): Promise<void>;
  close(): void;
}

export function useEditRecord<T extends Row>(options: EditRecordOptions<T>): EditRecord<T> {
  const { resource, listPath, closePath, id, copy, copyWithout, query, reloadAfterSaveMs } = options;
  const linkKey = (options.linkFields ?? []).join(',');
  const isNew = id === 'new' || Boolean(copy);
  const [record, setRecord] = useState<T>(() => ({ ...options.defaults }) as T);
  const [loading, setLoading] = useState(id !== 'new');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notFound, setNotFound] = useState(false);
  const queryKey = JSON.stringify(query ?? {});

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const loaded = asLinkIds(
        await api.get<T>(resourcePath(resource, id), JSON.parse(queryKey) as Query),
        linkKey ? linkKey.split(',') : [],
      );
      setRecord(copy ? asCopy(loaded, copyWithout) : loaded);
      setNotFound(false);
    } catch (error) {
      // A deleted or merged record: the window says so instead of offering an empty form.
      if (isNotFound(error)) setNotFound(true);
      else reportError(error);
    } finally {
      setLoading(false);
    }
  }, [resource, id, copy, copyWithout, queryKey, linkKey]);

  useEffect(() => {
    if (id !== 'new') void load();
  }, [id, load]);

  const close = useCallback(() => navigate(closePath ?? listPath), [closePath, listPath]);

  // The latest record, so that a save started right after a change sends that change.
  const latest = useRef(record);
  useEffect(() => {
    latest.current = record;
  }, [record]);

  const change = useCallback((patch: Partial<T>) => setRecord((current) => ({ ...current, ...patch })), []);

  const save = useCallback(
    async (closeAfter = false) => {
      setLoading(true);
      setErrors({});
      // The loaded version goes back, so that the server refuses the save if someone saved meanwhile.
      const body = Object.fromEntries(
        Object.entries(latest.current).filter(
          ([key, value]) => (key === 'version' || !SYSTEM_FIELDS.has(key)) && !isAssociation(value),
        ),
      );
      let saved: T;
      try {
        saved = isNew
          ? await api.post<T>(resourcePath(resource), body)
          : await api.put<T>(resourcePath(resource, id), body);
      } catch (error) {
        // A failed save ends loading and cancels a pending close.
        setLoading(false);
        setErrors(fieldErrors(error));
        if (isStale(error))
          showToast((error as RequestError).displayMessage, Intent.WARNING, ERROR_TOAST_MS, {
            text: 'Neu laden',
            onClick: () => void load(),
          });
        else reportError(error);
        return false;
      }
      setLoading(false);
      invalidateResource(resource);
      // The save wrote an entry into the record's Verlauf.
      invalidateResource('audit');
      if (closeAfter) close();
      else if (isNew) navigate(`${listPath}/${saved.id}`, { replace: true });
      else {
        setRecord((current) => ({ ...current, ...saved }));
        if (reloadAfterSaveMs !== undefined) setTimeout(() => void load(), reloadAfterSaveMs);
      }
      return true;
    },
    [isNew, resource, id, listPath, close, load, reloadAfterSaveMs],
  );

  return { record, isNew, loading, notFound, errors, change, save, reload: load, close };
}

export function SaveButtons({
  edit,
  readOnly,
}: {
  edit: Pick<EditRecord<Row>, 'save' | 'close' | 'loading'>;
  /** Only 'Schließen' for records the server keeps unchanged. */
  readOnly?: boolean;
}) {
  if (readOnly) return <Button text="Schließen" onClick={edit.close} />;
  return (
    <ButtonGroup className="save-buttons">
      <Button text="Schließen" onClick={edit.close} />
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        text="Speichern"
        onClick={() => void edit.save(false)}
      />
      <Button intent={Intent.SUCCESS} text="Speichern und schließen" onClick={() => void edit.save(true)} />
    </ButtonGroup>
  );
}

export interface EditFrameProps {
  title: string;
  loading: boolean;
  children: ReactNode;
  /** The buttons; a stepper shows its own. */
  footer: ReactNode;
  /** Links to related screens, at the right of the title. */
  actions?: ReactNode;
  /** The record was not found: instead of the form, the 404 page with `onBack` as the way back. */
  notFound?: boolean;
  onBack?(): void;
}

export function EditFrame({ title, loading, children, footer, actions, notFound, onBack }: EditFrameProps) {
  if (notFound) return <RecordNotFound onBack={onBack} />;
  return (
    <Card className="edit-frame" aria-busy={loading}>
      <div className="edit-header">
        <H4>{title}</H4>
        {loading && <Spinner size={20} aria-label="Daten werden geladen" />}
        {actions && <div className="edit-actions">{actions}</div>}
      </div>
      <fieldset className="edit-body" disabled={loading}>
        {children}
      </fieldset>
      <div className="edit-footer">{footer}</div>
    </Card>
  );
}

/** An edit route of a record that does not exist (spec 000 §2: a way back), never an empty form. */
export function RecordNotFound({ onBack }: { onBack?(): void }) {
  return (
    <NonIdealState
      className="record-not-found"
      icon="search"
      title="Eintrag nicht gefunden"
      description="Diesen Eintrag gibt es nicht (mehr). Er wurde vielleicht gelöscht oder mit einem anderen zusammengeführt."
      action={
        <Button icon="arrow-left" text="Zurück zur Liste" onClick={onBack ?? (() => window.history.back())} />
      }
    />
  );
}

export interface FramePart {
  id: string;
  title: string;
  panel: ReactNode;
  disabled?: boolean;
}

/**
 * Tabs whose selection is remembered per user and route (spec 000 §2): the route with its record
 * id (`/seminare/veranstaltung/12`), so that each record opens on the tab last used for it.
 */
export function TabFrame({ tabs, route }: { tabs: FramePart[]; route: string }) {
  const user = useUser();
  const key = tabKey(user.id, route);
  const usable = (id: string | undefined) => tabs.find((tab) => tab.id === id && !tab.disabled)?.id;
  const [selected, setSelected] = useState(() => usable(loadTab(key)) ?? tabs[0].id);
  const current = usable(selected) ?? tabs[0].id;
  return (
    <Tabs
      id={`tabs-${route}`}
      selectedTabId={current}
      onChange={(id) => {
        setSelected(String(id));
        saveTab(key, String(id));
      }}
      renderActiveTabPanelOnly
    >
      {tabs.map((tab) => (
        <Tab key={tab.id} id={tab.id} title={tab.title} disabled={tab.disabled} panel={<>{tab.panel}</>} />
      ))}
    </Tabs>
  );
}

/** Steps with 'Weiter'; the save buttons appear on the last step (spec 000 §2). */
export function StepperFrame({ steps, saveButtons }: { steps: FramePart[]; saveButtons: ReactNode }) {
  const [index, setIndex] = useState(0);
  const last = index === steps.length - 1;
  return (
    <div className="stepper">
      <ol className="stepper-steps">
        {steps.map((step, i) => (
          <li key={step.id} className={i === index ? 'active' : i < index ? 'done' : undefined}>
            <span className="stepper-number">{i + 1}</span> {step.title}
          </li>
        ))}
      </ol>
      <div className="stepper-panel">{steps[index].panel}</div>
      <div className="stepper-buttons">
        {index > 0 && <Button icon="arrow-left" text="Zurück" onClick={() => setIndex(index - 1)} />}
        {last ? (
          saveButtons
        ) : (
          <Button
            intent={Intent.PRIMARY}
            rightIcon="arrow-right"
            text="Weiter"
            onClick={() => setIndex(index + 1)}
          />
        )}
      </div>
    </div>
  );
}
