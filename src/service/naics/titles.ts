import { NAICS_2022 } from './data/naics-2022.js';

const TITLES = new Map<string, string>(NAICS_2022);

/** Official NAICS 2022 title of a code ('' when the shipped list does not hold it). */
export function naicsTitle(code: string): string {
  return TITLES.get(code) ?? '';
}

/** The sector code of a 6-digit code: '31-33', '44-45', '48-49' for the split sectors. */
export function sectorOf(code: string): string {
  const two = code.slice(0, 2);
  if (['31', '32', '33'].includes(two)) return '31-33';
  if (['44', '45'].includes(two)) return '44-45';
  if (['48', '49'].includes(two)) return '48-49';
  return two;
}

/** Every 6-digit code of the shipped list with its title. */
export function nationalIndustries(): Array<[string, string]> {
  return NAICS_2022.filter(([c]) => /^\d{6}$/.test(c)).map(([c, t]) => [c, t]);
}
