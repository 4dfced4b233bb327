/** One billing action: asked first, the server's German refusal shown as an error alert, every billing view reloaded. */
import { confirm } from '../../lib/dialogs';
import { errorMessage } from '../../lib/errors';
import { showErrorToast, showToast } from '../../lib/toaster';
import { abrechnungGeaendert } from './api';

export async function aktion<T>(
  frage: string,
  ausfuehren: () => Promise<T>,
  erfolg?: string | ((ergebnis: T) => string),
): Promise<T | undefined> {
  if (!(await confirm(frage))) return undefined;
  try {
    const ergebnis = await ausfuehren();
    if (erfolg) showToast(typeof erfolg === 'string' ? erfolg : erfolg(ergebnis));
    return ergebnis;
  } catch (error) {
    showErrorToast(errorMessage(error));
    return undefined;
  } finally {
    abrechnungGeaendert();
  }
}
