/** An unknown path (spec 000 §2): 'Seite nicht gefunden' with a way back. */
import { Button, NonIdealState } from '@blueprintjs/core';
import { navigate } from './router';

export function NotFound() {
  return (
    <NonIdealState
      icon="error"
      title="Seite nicht gefunden"
      description="Die aufgerufene Adresse gibt es nicht."
      action={
        <>
          <Button icon="arrow-left" text="Zurück" onClick={() => window.history.back()} />{' '}
          <Button icon="home" text="Zur Startseite" onClick={() => navigate('/')} />
        </>
      }
    />
  );
}
