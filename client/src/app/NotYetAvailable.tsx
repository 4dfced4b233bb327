/** A route the client already links to whose screen arrives with a later issue: say so, never a blank page. */
import { Button, NonIdealState } from '@blueprintjs/core';

export function NotYetAvailable({ screen }: { screen: string }) {
  return (
    <NonIdealState
      className="not-yet-available"
      icon="build"
      title="Noch nicht verfügbar"
      description={`Die Ansicht „${screen}“ ist noch nicht verfügbar.`}
      action={<Button icon="arrow-left" text="Zurück" onClick={() => window.history.back()} />}
    />
  );
}
