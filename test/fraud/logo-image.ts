import path from 'node:path';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { PDFJS_FONT_DIR } from '../fixtures/generator/canvas-fonts.js';

// A font that ships with the dependencies (pdf.js's standard fonts), so a fresh machine draws the same logo.
GlobalFonts.registerFromPath(path.join(PDFJS_FONT_DIR, 'LiberationSans-Bold.ttf'), 'LogoSans');

/**
 * A logo as a bank prints it: a picture. `name` is drawn in bold letters on white, blue as
 * banks' marks often are; null draws a mark with no letters (a shield and a bar).
 */
export function logoPng(name: string | null, width = 640, height = 140): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#0b3d91';
  if (name === null) {
    ctx.beginPath();
    ctx.moveTo(30, 15); ctx.lineTo(120, 15); ctx.lineTo(120, 80); ctx.lineTo(75, 125); ctx.lineTo(30, 80); ctx.closePath();
    ctx.fill();
    ctx.fillRect(150, 55, width - 180, 30);
  } else {
    ctx.font = `${Math.round(height * 0.55)}px LogoSans`;
    ctx.textBaseline = 'middle';
    ctx.fillText(name, 20, height / 2, width - 40);
  }
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** Draws `png` on page `page` with its top-left at (x, y) points from the page's top-left, `w` × `h` points (pdf-lib rewrite, metadata kept). */
export async function drawLogoImage(bytes: Uint8Array, png: Uint8Array, at: { page: number; x: number; y: number; w: number; h: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const image = await doc.embedPng(png);
  const p = doc.getPage(at.page - 1);
  p.drawImage(image, { x: at.x, y: p.getSize().height - at.y - at.h, width: at.w, height: at.h });
  return doc.save({ useObjectStreams: false });
}
