/**
 * Thrown where the fast reader meets something it does not read with certainty (encryption, a
 * filter other than Flate, a font without a known encoding, a broken cross-reference table …).
 * The whole document then goes to pdf.js; `reason` is what the bench reports.
 */
export class Unsupported extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'Unsupported';
  }
}
