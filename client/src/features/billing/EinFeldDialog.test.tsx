/** The one-value dialog of billing (paid by hand, entry assigned): refusals stay in the dialog. */
import { InputGroup, Intent } from '@blueprintjs/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { EinFeldDialog } from './EinFeldDialog';

function Probe({ senden, close }: { senden(wert: string): Promise<void>; close(): void }) {
  const [wert, setWert] = useState('');
  return (
    <EinFeldDialog
      titel="Probe"
      breite={400}
      label="Wert"
      feldId="probe-wert"
      aktion={{ text: 'Senden', intent: Intent.PRIMARY }}
      bereit={wert !== ''}
      senden={() => senden(wert)}
      close={close}
    >
      {(geaendert) => (
        <InputGroup
          id="probe-wert"
          value={wert}
          onValueChange={(neu) => {
            setWert(neu);
            geaendert();
          }}
        />
      )}
    </EinFeldDialog>
  );
}

describe('EinFeldDialog', () => {
  it('sends only a value, shows a refusal under the field and stays open, clears it on change, closes when sent', async () => {
    const gesendet: string[] = [];
    const close = jest.fn();
    const senden = async (wert: string) => {
      gesendet.push(wert);
      if (wert === 'falsch') throw new Error('Die Gebühr ist höher als der Betrag.');
    };
    render(<Probe senden={senden} close={close} />);
    const feld = screen.getByLabelText('Wert');
    const knopf = screen.getByRole('button', { name: 'Senden' });
    expect((knopf as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(feld, { target: { value: 'falsch' } });
    await act(async () => fireEvent.submit(feld));
    expect(await screen.findByText('Die Gebühr ist höher als der Betrag.')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();

    fireEvent.change(feld, { target: { value: 'richtig' } });
    expect(screen.queryByText('Die Gebühr ist höher als der Betrag.')).toBeNull();
    await act(async () => fireEvent.click(knopf));

    expect(gesendet).toEqual(['falsch', 'richtig']);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
