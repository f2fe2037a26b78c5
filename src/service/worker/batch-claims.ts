/**
 * The claims of a command's files (./convert-batch.ts), an Int32Array over a SharedArrayBuffer
 * that every thread of the command sees: [0] the next file's index (it runs past the end once
 * every file is taken); [1 + slot] the file the helper in `slot` is converting (-1 when none), so
 * that a helper whose thread dies (its heap bound) leaves that file alone as an error;
 * [1 + slots + i] the slot + 1 of the helper that took file i (0: the command's own thread or
 * none), so the files such a helper finished but had not yet returned are converted again. Apart
 * from the batch task so the command's thread reads claims without loading the worker's modules.
 */

/** The shared claims for `files` files and `slots` helpers, nothing taken. */
export function claimsFor(files: number, slots: number): Int32Array {
  const claims = new Int32Array(new SharedArrayBuffer(4 * (1 + slots + files)));
  for (let s = 0; s < slots; s++) claims[1 + s] = -1;
  return claims;
}

/** The next file's index for a thread, or -1 when every file is taken. `owner` 0 is the command's own thread. */
export function claimNext(claims: Int32Array, files: number, slots: number, owner: number): number {
  const i = Atomics.add(claims, 0, 1);
  if (i >= files) return -1;
  Atomics.store(claims, 1 + slots + i, owner);
  return i;
}

