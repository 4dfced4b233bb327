/** Spec 003 §9: a Storno option's time before the seminar is shown in days when the hours are whole days. */
export function stornoFrist(hours: unknown): string {
  const n = Number(hours);
  if (!Number.isFinite(n)) return '';
  if (n !== 0 && n % 24 === 0) return `${n / 24} ${n === 24 ? 'Tag' : 'Tage'}`;
  return `${n} ${n === 1 ? 'Stunde' : 'Stunden'}`;
}
