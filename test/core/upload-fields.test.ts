/** Conversion fields sent with each upload, by example. */
import { describe, expect, it } from 'vitest';
import { accountTypeFor, serviceAccountType, uploadFields } from '../../src/desktop/upload-fields.js';
import { memoryStore, readUserSettings, writeUserSettings } from '../../src/desktop/settings.js';

describe('upload fields', () => {
  it('JSON is MTJson unless it is an asset report (Plaid); other files follow the user default or autoDetect', () => {
    expect(accountTypeFor('march.json', '{"accounts":[{"bank_name":"X"}]}')).toBe('MTJson');
    expect(accountTypeFor('report.json', '{"report":{"items":[{"accounts":[]}]}}')).toBe('Plaid');
    expect(accountTypeFor('export.txt', '  {"accounts": []}')).toBe('MTJson');
    expect(accountTypeFor('stmt.pdf', '%PDF-1.7')).toBe('autoDetect');
    expect(accountTypeFor('stmt.pdf', '%PDF-1.7', { accounttype: 'CCard' })).toBe('CCard');
    expect(accountTypeFor('stmt.pdf', '%PDF-1.7', { accounttype: 'Savings' })).toBe('Bank');
    expect(accountTypeFor('march.json', '{"accounts":[]}', { accounttype: 'CCard' })).toBe('MTJson');
    expect(serviceAccountType('')).toBeNull();
    expect(serviceAccountType('Brokerage')).toBeNull();
  });

  it('asks the engine, which reads the whole JSON: a file whose kind shows only after 4 KB is still told apart', () => {
    const pad = 'x'.repeat(10_000);
    expect(accountTypeFor('big.json', new TextEncoder().encode(JSON.stringify({ note: pad, accounts: [{ bank_name: 'X' }] })))).toBe('MTJson');
    expect(accountTypeFor('big.json', new TextEncoder().encode(JSON.stringify({ note: pad, report: { items: [{ accounts: [] }] } })))).toBe('Plaid');
  });

  it('date order and allowed difference from the conversion defaults', () => {
    expect(uploadFields('a.pdf', '%PDF', { dateOrder: 'eu', alloweddiff: 2.4 })).toEqual({ accounttype: 'autoDetect', finduntrue: 'true', readUSdates: 'false', alloweddiff: '2' });
    expect(uploadFields('a.pdf', '%PDF', { dateOrder: 'us', alloweddiff: 0 })).toEqual({ accounttype: 'autoDetect', finduntrue: 'true' });
  });

  it('finduntrue is sent on by default (true revenue without loan proceeds) and off only when the setting says so', () => {
    expect(uploadFields('a.pdf', '%PDF').finduntrue).toBe('true');
    expect(uploadFields('a.pdf', '%PDF', { finduntrue: true }).finduntrue).toBe('true');
    expect(uploadFields('a.pdf', '%PDF', { finduntrue: false }).finduntrue).toBe('false');
  });

  it('the finduntrue setting: absent means on; false is kept; a non-boolean is refused naming it', () => {
    const store = memoryStore();
    expect(readUserSettings(store).finduntrue).toBeUndefined();
    const fields = () => { const u = readUserSettings(store); return uploadFields('a.pdf', '%PDF', { ...u.conversionDefaults, finduntrue: u.finduntrue }); };
    expect(fields().finduntrue).toBe('true');
    writeUserSettings(store, { finduntrue: false });
    expect(fields().finduntrue).toBe('false');
    expect(() => writeUserSettings(store, { finduntrue: 'no' })).toThrow(/invalid settings: finduntrue/);
  });
});
