/** The upload of every CSV import (DESIGN.md §3): one file of at most 10 MB in the multipart field `file`. */
import { DomainError } from '../../shared/domain-error';
import { MB, SingleFileUpload } from '../files/single-file-upload';

export const MAX_CSV_BYTES = 10 * MB;

export const CsvUpload = SingleFileUpload({
  maxBytes: MAX_CSV_BYTES,
  tooLarge: () => DomainError.invalid('CSV_TOO_LARGE', 'Die CSV-Datei ist zu groß (höchstens 10 MB).'),
});
