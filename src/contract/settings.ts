import { z } from 'zod';
import { ExportFormSchema } from './export-options.js';

/**
 * The desktop user's settings (`settings:get` / `settings:set`). The core validates every
 * change against this schema, so a bad key or value is refused with its name.
 */
export const UserSettings = z.object({
  /** Uploads at the same time. */
  concurrency: z.number().int().min(1).max(8).default(2),
  /** Attempts before a job is failed (5xx, resets, timeouts). */
  maxAttempts: z.number().int().min(1).max(50).default(8),
  /** Desktop notification when a file finishes. */
  notifyOnComplete: z.boolean().default(true),
  // Window preferences: optional so that stores written before they existed still read.
  /** 'system' follows the OS light/dark setting. */
  theme: z.enum(['system', 'light', 'dark']).optional(),
  /** Default conversion options offered for new uploads (reference 4.3). */
  conversionDefaults: z.object({
    accounttype: z.string().max(40),
    dateOrder: z.enum(['us', 'eu']),
    /** Dollars. */
    alloweddiff: z.number().min(0).max(1_000_000),
  }).strict().optional(),
  /**
   * Uploads ask the service to find untrue credits (loan/MCA proceeds, refunds, reversals, own
   * transfers) so true revenue leaves them out. Absent = true; false sends `finduntrue=false`.
   */
  finduntrue: z.boolean().optional(),
  /** Saved options of the watermarked-zip export dialog. */
  exportPresets: z.array(z.object({
    name: z.string().trim().min(1).max(100),
    options: ExportFormSchema,
  }).strict()).max(50).optional(),
}).strict();
export type UserSettings = z.infer<typeof UserSettings>;
