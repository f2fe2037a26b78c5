import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type Client, type TestService } from './helpers.js';
import { FEATURE_ROUTES } from '../../src/service/http/routes/features.js';

let svc: TestService;
let withFeatures: Client;
let without: Client;
let thumb: Client;
let appid: number;

const MTJSON = JSON.stringify({
  accounts: [{
    bank_name: 'Test Bank', account_number: '12345678', account_type: 'checking', account_name: 'Ops',
    statements: [{ start_date: '2026-01-01', end_date: '2026-01-31', start_balance: 100, end_balance: 150,
      transactions: [{ date: '2026-01-05', description: 'Deposit', amount: 50 }] }],
  }],
});

/** Valid fields per route, so each route can reach its feature/provider checks. */
function validFields(url: string): Record<string, string> {
  switch (url) {
    case '/googlesheets': return { appnumber: 'FEAT-1', sheetid: 'abc_DEF-123' };
    case '/creditreport': return { appid: String(appid), consent: 'true' };
    default: return {};
  }
}

beforeAll(async () => {
  svc = await startTestService();
  withFeatures = await svc.addAccount('feat', 'pdfinsightstp', ['googlesheets', 'briefcase', 'creditreport']);
  without = await svc.addAccount('plain', 'pdfinsights');
  thumb = await svc.addAccount('thumb', 'thumbprint', ['googlesheets', 'briefcase', 'creditreport']);
  const made = await withFeatures.call('POST', '/makecsv', { appnumber: 'FEAT-1', accounttype: 'MTJson', jsondata: MTJSON });
  expect(made.status).toBe(200);
  appid = (made.json as { appinfo: { appid: number } }).appinfo.appid;
});
afterAll(async () => { await svc?.stop(); });

describe('feature routes', () => {
  it.each(FEATURE_ROUTES.map((r) => [r.method, r.url, r.feature] as const))('%s %s: 403 when %s is off for the account', async (method, url, feature) => {
    const r = await without.call(method, url, validFields(url));
    expect(r.status).toBe(403);
    expect((r.json as { error: string }).error).toContain(`the ${feature} feature is not enabled`);
  });

  it.each(FEATURE_ROUTES.map((r) => [r.method, r.url] as const))('%s %s: 403 outside the thumbprint licence', async (method, url) => {
    const r = await thumb.call(method, url, validFields(url));
    expect(r.status).toBe(403);
    expect((r.json as { error: string }).error).toMatch(/not available with the thumbprint licence/);
  });

  it.each(FEATURE_ROUTES.map((r) => [r.method, r.url, r.provider] as const))('%s %s: 501 naming the provider to configure', async (method, url, provider) => {
    const r = await withFeatures.call(method, url, validFields(url));
    expect(r.status).toBe(501);
    const error = (r.json as { error: string }).error;
    expect(error).toContain(`no ${provider} provider configured`);
    expect(error).toContain(`config.providers.${provider}`);
  });

  it.each([
    ['/googlesheets', { appnumber: 'FEAT-1' }, 'sheetid: is required'],
    ['/googlesheets', { sheetid: 'abc' }, 'appnumber: is required'],
    ['/googlesheets', { appnumber: 'FEAT-1', sheetid: 'a/b' }, 'sheetid: must be a sheet ID'],
    ['/creditreport', { consent: 'true' }, 'appid: is required'],
    ['/creditreport', { appid: '1' }, 'consent: is required'],
    ['/creditreport', { appid: '1', consent: 'false' }, 'consent: must be true'],
    ['/creditreport', { appid: '1', consent: 'true', ownerindex: '3' }, 'ownerindex: must be 1 or 2'],
    ['/briefcase/share', { appid: '1' }, 'connectionid: is required'],
    ['/briefcase/respond', { sharekey: 'k' }, 'action: is required'],
    ['/briefcase/respond', { sharekey: 'k', action: 'maybe' }, 'action: must be accept or reject'],
    ['/briefcase/update', { appid: 'x', shareid: 's' }, 'appid: must be an integer'],
  ])('POST %s %j → 400 "%s"', async (url, fields, message) => {
    const r = await withFeatures.call('POST', url, fields);
    expect(r.status).toBe(400);
    expect((r.json as { error: string }).error).toContain(message);
  });

  it('GET /briefcase/history validates its query', async () => {
    const r = await withFeatures.call('GET', '/briefcase/history', { limit: '0' });
    expect(r.status).toBe(400);
    expect((r.json as { error: string }).error).toBe('limit: must be 1 or more');
  });

  it('404 for an application the account does not have', async () => {
    const r = await withFeatures.call('POST', '/googlesheets', { appnumber: 'NOPE', sheetid: 'abc' });
    expect(r.status).toBe(404);
    const other = await svc.addAccount('other', 'pdfinsightstp', ['briefcase']);
    const r2 = await other.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'feat' });
    expect(r2.status).toBe(404);
    expect((r2.json as { error: string }).error).toBe(`appid: application ${appid} not found`);
  });

  it('creditreport needs converted documents first', async () => {
    const fresh = await withFeatures.call('POST', '/new', { appnumber: 'EMPTY-1' });
    const id = (fresh.json as { appid: number }).appid;
    const r = await withFeatures.call('POST', '/creditreport', { appid: String(id), consent: 'true' });
    expect(r.status).toBe(400);
    expect((r.json as { error: string }).error).toMatch(/run \/uploadpdfs or \/makecsv for it first/);
  });
});

describe('feature routes with a provider configured', () => {
  let svc2: TestService;
  const calls: Array<{ endpoint: string; fields: Record<string, unknown>; appnumber: string | null }> = [];
  beforeAll(async () => {
    svc2 = await startTestService({
      providers: {
        googlesheets: async (call) => {
          calls.push({ endpoint: call.endpoint, fields: call.fields, appnumber: call.app?.appnumber ?? null });
          return { status: 200, body: { updated: 'sheet-1', endpoint: call.endpoint } };
        },
      },
    });
  });
  afterAll(async () => { await svc2?.stop(); });

  it('hands the validated call to the provider and returns its answer', async () => {
    const c = await svc2.addAccount('bc', 'pdfinsights', ['creditreport', 'googlesheets']);
    const made = await c.call('POST', '/new', { appnumber: 'BC-1' });
    const id = (made.json as { appid: number }).appid;
    const r = await c.call('POST', '/googlesheets', { appnumber: 'BC-1', sheetid: 'abc' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ updated: 'sheet-1', endpoint: 'googlesheets' });
    expect(calls).toEqual([{ endpoint: 'googlesheets', fields: { appnumber: 'BC-1', sheetid: 'abc' }, appnumber: 'BC-1' }]);
    expect(id).toBeGreaterThan(0);
  });
});
