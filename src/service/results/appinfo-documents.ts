import type { Query } from '../store/query.js';
import type { Application } from '../store/applications.js';
import type { AppInfo } from './appinfo.js';
import { storedWebSearch } from '../naics/web-search.js';
import { formsOfApp, taxFormsOfApp } from './stored-forms.js';

/** appinfo fields that come from outside the statements: application forms and the industry classification (`webSearch`). */
export async function withDocuments(db: Query, app: Application, info: AppInfo): Promise<AppInfo & { webSearch?: unknown }> {
  const out: AppInfo & { webSearch?: unknown } = { ...info };
  // An application form names the business (unless the client named the owner) and gives its address when no statement did.
  const form = (await formsOfApp(db, app.id)).find((f) => f.legalName || f.dba);
  if (form) {
    if (!app.owner) out.owner = form.legalName || form.dba || out.owner;
    if (!out.address1 && !out.city) {
      Object.assign(out, { address1: form.physAddrStreet ?? '', city: form.physAddrCity ?? '', state: form.physAddrState ?? '', zip: form.physAddrZip ?? '' });
      out.citystate = out.city && out.state ? `${out.city}, ${out.state}` : out.city || out.state;
    }
  }
  const tax = await taxFormsOfApp(db, app.id);
  out.totaltaxforms = tax.length;
  out.totaltaxreturns = tax.filter((t) => t.isReturn).length;
  const ws = await storedWebSearch(db, app.id);
  if (ws) out.webSearch = ws;
  return out;
}
