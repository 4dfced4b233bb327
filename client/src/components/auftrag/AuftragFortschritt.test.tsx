/** The progress of long work as staff see it: a Blueprint ProgressBar with German counts, never a spinner. */
import { act, render, renderHook, screen } from '@testing-library/react';
import { AuftragFortschritt, useLangeArbeit } from './AuftragFortschritt';

describe('AuftragFortschritt', () => {
  it('fills the bar to the share done and counts in German', () => {
    const { container } = render(
      <AuftragFortschritt
        fortschritt={{ erledigt: 1500, gesamt: 6000, schritt: 'Rechnungen werden ausgestellt' }}
        einheit="Rechnungen"
      />,
    );
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      '1.500 von 6.000 Rechnungen – Rechnungen werden ausgestellt',
    );
    expect(container.querySelector<HTMLElement>('.bp6-progress-meter')!.style.width).toBe('25%');
    expect(container.querySelector('.bp6-spinner')).toBeNull();
  });

  it('runs indeterminate and says it is starting while the amount is unknown', () => {
    const { container } = render(<AuftragFortschritt fortschritt={null} einheit="Zeilen" />);
    expect(screen.getByRole('status').textContent).toBe('Wird gestartet …');
    expect(container.querySelector<HTMLElement>('.bp6-progress-meter')!.style.width).toBe('');
  });
});

describe('useLangeArbeit', () => {
  it('shows the progress the work reports while it runs, and clears it when it ends', async () => {
    const { result } = renderHook(() => useLangeArbeit());
    let melden!: (f: { erledigt: number; gesamt: number }) => void;
    let beenden!: (wert: string) => void;
    let ausgang!: Promise<string>;
    act(() => {
      ausgang = result.current.ausfuehren(
        (melde) =>
          new Promise<string>((resolve) => {
            melden = melde;
            beenden = resolve;
          }),
      );
    });
    expect(result.current).toMatchObject({ laeuft: true, fortschritt: null });
    act(() => melden({ erledigt: 3, gesamt: 10 }));
    expect(result.current.fortschritt).toEqual({ erledigt: 3, gesamt: 10 });
    await act(async () => {
      beenden('fertig');
      await expect(ausgang).resolves.toBe('fertig');
    });
    expect(result.current).toMatchObject({ laeuft: false, fortschritt: null });
  });

  it('ends the same way when the work fails', async () => {
    const { result } = renderHook(() => useLangeArbeit());
    await act(async () => {
      await expect(result.current.ausfuehren(() => Promise.reject(new Error('Abgelehnt')))).rejects.toThrow(
        'Abgelehnt',
      );
    });
    expect(result.current).toMatchObject({ laeuft: false, fortschritt: null });
  });
});
