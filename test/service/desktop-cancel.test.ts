import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coreFor, startRealService, until } from '../core/helpers.js';
import { nestedSavesPdf } from './hostile/files.js';
import { openDb } from '../../src/service/store/db.js';
import { DEFAULT_LIMITS } from '../../src/service/config.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-desk-cancel-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the window's Cancel on a converting file", () => {
  it('cancels the conversion on the service too (its worker is stopped)', async () => {
    const svc = await startRealService(path.join(dir, 'service'), { syncWaitMs: 0, workerThreads: 1, limits: { ...DEFAULT_LIMITS, maxNestingDepth: 10_000_000 } });
    const core = await coreFor(path.join(dir, 'core'), svc.url);
    try {
      await core.createApp('DC-1', {});
      const [job] = await core.addBytes('DC-1', [{ name: 'slow.pdf', bytes: nestedSavesPdf(200_000) }]);
      const serviceStatus = () => {
        const db = openDb(path.join(dir, 'service'));
        try { return (db.prepare('SELECT status, error FROM conversions ORDER BY id DESC LIMIT 1').get() as { status: string; error: string | null } | undefined); } finally { db.close(); }
      };
      await until(() => core.listJobs('DC-1')[0]?.status === 'converting' && serviceStatus()?.status === 'running', 'the file to be converting on the service');
      expect(core.cancelJob(job!.id).status).toBe('cancelled');
      await until(() => serviceStatus()?.status === 'failed', 'the service to stop the conversion');
      expect(serviceStatus()?.error).toBe('slow.pdf: conversion cancelled');
    } finally {
      await core.close();
      await svc.close();
    }
  }, 60_000);
});
