/**
 * A small photo of a page (a 480-px JPEG, as the dev corpus's French sample) is enlarged to a
 * page's width before it is read; its softness is then the enlargement's, not its lens's, and
 * it is not deconvolved (deconvolved, its JPEG blocks came out as marks and that photo lost a
 * row's date it read before). A page decoded at its own size is measured for blur as before.
 */
import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { decodeImagePages, wasEnlarged } from '../../src/engine/ocr/decode.js';
import { DEFAULT_OCR_LIMITS } from '../../src/engine/ocr/limits.js';
import { uprightGray } from '../../src/engine/ocr/upright.js';
import { SANS } from '../fixtures/generator/canvas-fonts.js';

function photo(width: number, height: number): Uint8Array {
  const c = createCanvas(width, height);
  const g = c.getContext('2d');
  g.fillStyle = '#f4f1ea'; g.fillRect(0, 0, width, height);
  g.fillStyle = '#222';
  const size = Math.round(width / 48);
  g.font = `${size}px ${SANS}`;
  for (let i = 0; i < 30; i++) g.fillText(`02/${String(i + 1).padStart(2, '0')}/2002  Virement salaire  1 240,00`, width * 0.06, size * 3 + i * size * 1.6);
  return new Uint8Array(c.toBuffer('image/jpeg', 60));
}

describe('a small photo enlarged to a page', () => {
  it('is known as enlarged and is not deconvolved', async () => {
    const [page] = await decodeImagePages(photo(480, 620), 'small.jpg', 'jpeg', DEFAULT_OCR_LIMITS);
    expect(page!.width).toBeGreaterThan(1700);
    expect(wasEnlarged(page!)).toBe(true);
    expect(uprightGray(page!, { enlarged: true }).sharpened).toBe(false);
  });

  it('a page decoded at its own size is not taken for enlarged', async () => {
    const [page] = await decodeImagePages(photo(2550, 3300), 'page.jpg', 'jpeg', DEFAULT_OCR_LIMITS);
    expect(page!.width).toBe(2550);
    expect(wasEnlarged(page!)).toBe(false);
  });
});
