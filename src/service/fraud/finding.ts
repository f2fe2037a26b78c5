import type { ReasonKey } from './reasons.js';

/**
 * Where a signal was seen, so a reviewer can look: the file (by name), the page (1-based), the
 * box on that page in PDF points measured from the page's top-left corner [x, y, width, height],
 * and for signals between documents the other file and its application.
 */
export interface Evidence {
  file?: string;
  page?: number;
  box?: [number, number, number, number];
  appnumber?: string;
}

/** One signal found, with the sentence that names its evidence. */
export interface Finding { key: ReasonKey; text: string; evidence?: Evidence[] }

/** A box around a text item (its baseline `y` from the top, its font size as height). */
export function itemBox(it: { x: number; y: number; w: number; size: number }): [number, number, number, number] {
  const r = (v: number) => Math.round(v * 10) / 10;
  return [r(it.x), r(it.y - it.size), r(it.w), r(it.size * 1.2)];
}
