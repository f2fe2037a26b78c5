import type { Query } from '../store/query.js';
import type { Application } from '../store/applications.js';
import { saveWebSearch, webSearchJson } from '../store/web-search.js';
import { loadStatements } from '../store/statements.js';
import { formsOfApp } from '../results/stored-forms.js';
import { classifyBusiness, type BusinessEvidence, type Classification, type IndustryPick } from './classify.js';

/** appinfo.webSearch (reference 2.1). */
export interface WebSearch {
  industry: { primary: IndustryPick | null; alternate: IndustryPick | null };
  homeBasedBusiness?: boolean;
  sitesUsed: string;
  lastRun: string;
  hasMinimalWebPresence: string;
  businessDescription: string;
  /** Ledgerdrop: 'local classifier' or the provider's name; why a provider's answer is missing. */
  source: string;
  providerError?: string;
}

/** What a configured web-search provider is given, and answers (fields it fills override the local ones). */
export interface WebSearchQuery {
  appnumber: string;
  businessName: string;
  evidence: BusinessEvidence;
  local: Classification;
}
export interface WebSearchAnswer {
  name: string;
  industry?: Partial<Classification>;
  homeBasedBusiness?: boolean;
  sitesUsed?: string;
  hasMinimalWebPresence?: string;
  businessDescription?: string;
}
export type WebSearchProvider = (q: WebSearchQuery) => Promise<WebSearchAnswer>;

/** More evidence adds nothing once a business's payments are this many. */
const MAX_TRANSACTIONS = 5_000;

export async function gatherEvidence(db: Query, app: Application): Promise<BusinessEvidence> {
  const statements = await loadStatements(db, app.id, { edits: true });
  const names = [app.owner, ...new Set(statements.map((s) => s.ownerName))].filter(Boolean);
  const descriptions: string[] = [];
  // Application forms: the business's own name and its own words for what it does.
  for (const f of await formsOfApp(db, app.id)) {
    names.unshift(...[f.legalName, f.dba].filter((x): x is string => !!x));
    descriptions.push(...[f.typeOfBiz, f.prodOrServ].filter((x): x is string => !!x));
  }
  const credits: string[] = [], debits: string[] = [];
  for (const s of statements) for (const t of s.transactions) {
    if (credits.length + debits.length >= MAX_TRANSACTIONS) break;
    (t.amount >= 0 ? credits : debits).push(t.description);
  }
  return { names, descriptions, credits, debits };
}

/**
 * Classifies the application's business (`dowebsearch`): the local classifier always runs,
 * offline; a provider configured by the operator (config.webSearch) may then add what only the
 * web knows (sites, web presence, a better code). A provider failure keeps the local answer and
 * says why. The result is stored and returned in appinfo.webSearch from then on.
 */
export async function runWebSearch(db: Query, app: Application, provider?: WebSearchProvider): Promise<WebSearch> {
  const evidence = await gatherEvidence(db, app);
  const local = classifyBusiness(evidence);
  const out: WebSearch = {
    industry: local, sitesUsed: '', lastRun: new Date().toISOString(), hasMinimalWebPresence: 'unknown',
    businessDescription: evidence.descriptions[0] ?? '', source: 'local classifier',
  };
  if (provider) {
    try {
      const a = await provider({ appnumber: app.appnumber, businessName: evidence.names[0] ?? '', evidence, local });
      out.source = a.name || 'web-search provider';
      if (a.industry?.primary !== undefined) out.industry = { primary: a.industry.primary, alternate: a.industry.alternate ?? local.primary };
      if (a.homeBasedBusiness !== undefined) out.homeBasedBusiness = a.homeBasedBusiness;
      if (a.sitesUsed !== undefined) out.sitesUsed = a.sitesUsed;
      if (a.hasMinimalWebPresence !== undefined) out.hasMinimalWebPresence = a.hasMinimalWebPresence;
      if (a.businessDescription) out.businessDescription = a.businessDescription;
    } catch (err) {
      out.providerError = `web-search provider failed (${(err as Error)?.message ?? String(err)}); the local classification stands`;
    }
  }
  await saveWebSearch(db, app.id, JSON.stringify(out), out.lastRun);
  return out;
}

export async function storedWebSearch(db: Query, appId: number): Promise<WebSearch | null> {
  const json = await webSearchJson(db, appId);
  return json ? (JSON.parse(json) as WebSearch) : null;
}
