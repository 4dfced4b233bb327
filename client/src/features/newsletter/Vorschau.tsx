/**
 * The preview of a newsletter for one recipient (spec 002 §7): the page the server renders for
 * `GET /node/newsletterVorschau`, exactly as the dispatch sends it, in a sandboxed iframe that
 * runs no script (the page's own Content-Security-Policy forbids scripts as well).
 */
import {
  Button,
  Callout,
  Classes,
  ControlGroup,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { buildUrl, request } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

export function Vorschau({ newsletterId, onClose }: { newsletterId: number; onClose(): void }) {
  const [eingabe, setEingabe] = useState('');
  const [adresse, setAdresse] = useState<string | null>(null);
  const [fehler, setFehler] = useState<string | null>(null);
  // Asked once as text first: a refusal (unknown Kennnummer) shows as a German message, not as a
  // JSON page in the frame.
  const anzeigen = async (kennnummer: string) => {
    const query = { newsletter: newsletterId, kennnummer };
    setAdresse(null);
    setFehler(null);
    try {
      await request('GET', '/newsletterVorschau', { query, responseType: 'text' });
      setAdresse(buildUrl('/newsletterVorschau', query));
    } catch (error) {
      setFehler(errorMessage(error));
    }
  };
  return (
    <Dialog isOpen title="Newsletter-Vorschau" onClose={onClose} style={{ width: 800 }}>
      <DialogBody>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (eingabe.trim()) void anzeigen(eingabe.trim());
          }}
        >
          <ControlGroup>
            <InputGroup
              aria-label="Kennnummer des Empfängers"
              placeholder="Kennnummer des Empfängers"
              value={eingabe}
              onChange={(e) => setEingabe(e.target.value)}
            />
            <Button type="submit" icon="eye-open">
              Anzeigen
            </Button>
          </ControlGroup>
        </form>
        {fehler && (
          <Callout intent={Intent.DANGER} className="newsletter-vorschau-fehler">
            {fehler}
          </Callout>
        )}
        {adresse && (
          <iframe
            className={`newsletter-vorschau ${Classes.ELEVATION_1}`}
            title="Vorschau"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            src={adresse}
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
