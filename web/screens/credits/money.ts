export { formatMoney, intlLocale } from '../../format';

/** The time bonus countdown as hh:mm:ss, each part two digits. */
export function clockText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The welcome discount's time limit "in hours or minutes": whole hours from one hour up. */
export function timeLeftParts(msLeft: number): { unit: 'hours' | 'minutes'; count: number } {
  const minutes = Math.max(1, Math.ceil(msLeft / 60_000));
  return minutes >= 60
    ? { unit: 'hours', count: Math.floor(minutes / 60) }
    : { unit: 'minutes', count: minutes };
}
