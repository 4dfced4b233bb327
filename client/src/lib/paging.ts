/** Paging rules of spec 000 §5 and §9. */
export const DEFAULT_PAGE_SIZE = 13;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** A typed page number (1-based); invalid input (non-numeric, below 1, above the count) keeps `current`. */
export function parsePageInput(text: string, pages: number, current: number): number {
  const page = wholeNumber(text);
  return page === null || page < 1 || page > pages ? current : page;
}

/** Rows per page: a whole number, minimum 1; non-numeric keeps `current`. */
export function parsePageSize(text: string, current: number): number {
  const size = wholeNumber(text);
  return size === null ? current : Math.max(1, size);
}
