/**
 * The reference's advice for a watermark logo: JPG, PNG or GIF; square; at most 1200 pixels a
 * side; at most 3 MB. As in the export module: wider than 1:4 is refused, beyond 1:1.25 a warning.
 */
export const LOGO_MAX_BYTES = 3 * 1024 * 1024;
export const LOGO_MAX_SIDE = 1200;
export const LOGO_MAX_ASPECT = 4;
export const LOGO_SQUARE_ASPECT = 1.25;

export type LogoMime = 'image/png' | 'image/jpeg' | 'image/gif';

/** The image type from the first bytes (never from the file name). */
export function sniffLogoType(head: Uint8Array): LogoMime | null {
  if (head.length >= 8 && head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x38) return 'image/gif';
  return null;
}

/** Problems with a logo, as sentences for the user; empty when it follows the advice. */
export function logoProblems(size: number, mime: LogoMime | null, width: number, height: number): string[] {
  const p: string[] = [];
  if (!mime) p.push('The logo must be a PNG, JPG or GIF image.');
  if (size > LOGO_MAX_BYTES) p.push(`The logo is ${(size / 1048576).toFixed(1)} MB; at most 3 MB.`);
  if (mime && (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)) p.push(`The logo is ${width}×${height} px; at most ${LOGO_MAX_SIDE} px a side.`);
  if (mime && width > 0 && height > 0 && Math.max(width, height) / Math.min(width, height) > LOGO_MAX_ASPECT) p.push(`The logo is ${width}×${height} px; it should be square (at most 1:4).`);
  return p;
}

/** Advice that does not block the export. */
export function logoWarnings(width: number, height: number): string[] {
  if (!width || !height) return [];
  const aspect = Math.max(width, height) / Math.min(width, height);
  return aspect > LOGO_SQUARE_ASPECT && aspect <= LOGO_MAX_ASPECT ? [`The logo is ${width}×${height} px; a square logo is advised.`] : [];
}
