/**
 * A ZIP streamed as the answer of a plain GET link (headers set by the caller): `fuellen` adds
 * its entries as they are made. Whatever can be refused is checked before this starts; a failure
 * after the first bytes went can only cut the download short: it is logged and the connection
 * closed, so the browser reports a failed download instead of keeping a damaged archive.
 */
import type { LoggerService } from '@nestjs/common';
import type { Response } from 'express';
import { ZipSchreiber } from './zip-schreiber';

export async function zipSenden(
  res: Response,
  fuellen: (zip: ZipSchreiber) => Promise<void>,
  logger: LoggerService,
  was: string,
): Promise<void> {
  try {
    const zip = new ZipSchreiber(res);
    await fuellen(zip);
    await zip.schliessen();
    res.end();
  } catch (error) {
    logger.error(`${was} abgebrochen: ${(error as Error).message}`);
    res.destroy(error as Error);
  }
}
