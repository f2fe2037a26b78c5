/**
 * A command's threads take files from one shared counter (src/service/worker/batch-claims.ts):
 * every file is taken exactly once whatever the interleaving, each taken file names its taker,
 * and a thread asking after the last file gets -1. Real threads share the claims here.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { claimNext, claimsFor } from '../../src/service/worker/batch-claims.js';

describe('batch claims', () => {
  it('gives each file to one thread, records the taker, and -1 once every file is taken', () => {
    const claims = claimsFor(3, 2);
    expect([claims[1], claims[2]]).toEqual([-1, -1]);
    expect(claimNext(claims, 3, 2, 0)).toBe(0);
    expect(claimNext(claims, 3, 2, 2)).toBe(1);
    expect(claimNext(claims, 3, 2, 1)).toBe(2);
    expect(claimNext(claims, 3, 2, 0)).toBe(-1);
    expect(claimNext(claims, 3, 2, 1)).toBe(-1);
    expect([...claims.subarray(3)]).toEqual([0, 2, 1]);
  });

  it('threads claiming at once never take the same file', async () => {
    const files = 20_000, helpers = 2;
    const claims = claimsFor(files, helpers);
    // The helpers' loop, as convert-batch.ts runs it (claimNext's body: the same Atomics calls).
    const code = `
      const { workerData, parentPort } = require('node:worker_threads');
      const c = new Int32Array(workerData.buf); let n = 0;
      for (;;) { const i = Atomics.add(c, 0, 1); if (i >= ${files}) break; Atomics.store(c, 1 + ${helpers} + i, workerData.owner); n++; }
      parentPort.postMessage(n);`;
    const took = Promise.all([1, 2].map((owner) => new Promise<number>((resolve, reject) => {
      const w = new Worker(code, { eval: true, workerData: { buf: claims.buffer, owner } });
      w.once('message', resolve);
      w.once('error', reject);
    })));
    let mine = 0;
    while (claimNext(claims, files, helpers, 3) >= 0) mine++;
    const theirs = await took;
    expect(mine + theirs[0]! + theirs[1]!).toBe(files);
    const owners = claims.subarray(1 + helpers);
    expect(owners.every((o) => o >= 1 && o <= 3)).toBe(true);
    expect([1, 2, 3].map((o) => owners.filter((x) => x === o).length)).toEqual([theirs[0], theirs[1], mine]);
  });
});
