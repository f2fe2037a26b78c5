import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ExportInputError, type ZipOptions } from './types.js';

/** The reference's advice for watermark logos (section 8): JPG, PNG or GIF; square; ≤ 1200 px a side; ≤ 3 MB. */
export const LOGO_LIMITS = { maxBytes: 3 * 1024 * 1024, maxSide: 1200, maxAspect: 4 } as const;

type Kind = 'png' | 'jpeg' | 'gif';

function sniff(bytes: Uint8Array): Kind | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && String.fromCharCode(...bytes.subarray(0, 4)) === 'GIF8') return 'gif';
  return null;
}

/** Decodes a `data:image/…;base64,…` URL; anything else that is a string is refused. */
export function decodeDataUrl(value: string): Uint8Array {
  const m = /^data:(image\/(png|jpe?g|gif));base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (!m) throw new ExportInputError('watermarkLogo', 'must be an uploaded PNG/JPG/GIF file or a data:image/(png|jpeg|gif);base64 URL');
  return new Uint8Array(Buffer.from(m[3]!.replace(/\s/g, ''), 'base64'));
}

export interface CheckedLogo {
  logo: NonNullable<ZipOptions['watermarkLogo']>;
  width: number;
  height: number;
  /** Advice not followed but still usable (e.g. not square). */
  warnings: string[];
}

/**
 * Checks a logo against the advice and returns PNG or JPEG bytes ready to embed (GIF is
 * converted to PNG, first frame). Not an image, over 3 MB, over 1200 px a side, or a strip
 * thinner than 1:4 → ExportInputError (HTTP 400). Not square → accepted with a warning.
 */
export async function checkLogo(bytes: Uint8Array): Promise<CheckedLogo> {
  if (bytes.length > LOGO_LIMITS.maxBytes) {
    throw new ExportInputError('watermarkLogo', `is ${(bytes.length / 1048576).toFixed(1)} MB; the limit is 3 MB`);
  }
  const kind = sniff(bytes);
  if (!kind) throw new ExportInputError('watermarkLogo', 'is not a PNG, JPG or GIF image');
  let image;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw new ExportInputError('watermarkLogo', `looks like a ${kind.toUpperCase()} but cannot be decoded`);
  }
  const { width, height } = image;
  if (!width || !height) throw new ExportInputError('watermarkLogo', 'has no pixels');
  if (width > LOGO_LIMITS.maxSide || height > LOGO_LIMITS.maxSide) {
    throw new ExportInputError('watermarkLogo', `is ${width}×${height} px; at most 1200 px a side`);
  }
  const aspect = Math.max(width, height) / Math.min(width, height);
  if (aspect > LOGO_LIMITS.maxAspect) {
    throw new ExportInputError('watermarkLogo', `is ${width}×${height} px; a logo should be square (at most 1:4)`);
  }
  const warnings = aspect > 1.25 ? [`watermarkLogo is ${width}×${height} px; a square logo is advised`] : [];
  if (kind === 'gif') {
    const canvas = createCanvas(width, height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    return { logo: { bytes: new Uint8Array(canvas.toBuffer('image/png')), mime: 'image/png' }, width, height, warnings };
  }
  return { logo: { bytes, mime: kind === 'png' ? 'image/png' : 'image/jpeg' }, width, height, warnings };
}
