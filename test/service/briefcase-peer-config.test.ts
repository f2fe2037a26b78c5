import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from '../../src/service/config-file.js';

/** The `briefcase` section of an operator's config file: peers are taken whole or refused by name. */
const file = (value: unknown) => {
  const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ld-bc-config-')), 'service.json');
  fs.writeFileSync(f, JSON.stringify(value));
  return f;
};
const peer = { url: 'https://funders.example', secret: 's'.repeat(32), as: 'lenders', accounts: ['funder'] };

describe('config briefcase', () => {
  it('reads peers with their limits', () => {
    const cfg = { briefcase: { remotes: { funders: peer }, maxBundleBytes: 1_000_000, peerTimeoutMs: 5000 } };
    expect(readConfigFile(file(cfg))).toEqual(cfg);
  });
  it.each([
    [{ remotes: { funders: { ...peer, secret: 'short' } } }, /briefcase\.remotes\.funders\.secret must be the secret shared with that service, 32 to 512 characters/],
    [{ remotes: { funders: { url: peer.url } } }, /briefcase\.remotes\.funders\.secret/],
    [{ remotes: { funders: { ...peer, as: 'no spaces allowed' } } }, /briefcase\.remotes\.funders\.as must be the name that service's config gives this one/],
    [{ remotes: { funders: { ...peer, accounts: [] } } }, /briefcase\.remotes\.funders\.accounts must list that service's usernames/],
    [{ remotes: { funders: { ...peer, url: 'ftp://funders.example' } } }, /briefcase\.remotes\.funders\.url must be the http\(s\) base URL/],
    [{ remotes: { funders: { ...peer, token: 'x' } } }, /briefcase\.remotes\.funders\.token is not a setting \(known: url, secret, as, accounts\)/],
    [{ remotes: { 'bad name': peer } }, /"bad name" must be letters, digits/],
    [{ peers: {} }, /briefcase\.peers is not a setting/],
    [{ maxBundleBytes: 10 }, /briefcase\.maxBundleBytes must be a whole number ≥ 1000/],
  ])('refuses %j naming the setting', (briefcase, message) => {
    expect(() => readConfigFile(file({ briefcase }))).toThrow(message);
  });
});
