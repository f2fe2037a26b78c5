/**
 * A tolerant reader of OFX markup into a tree, for both dialects:
 * - OFX 1.x SGML: a `KEY:VALUE` header, then tags where leaf elements are never closed
 *   (`<TRNAMT>-5.50` followed directly by the next tag);
 * - OFX 2.x XML: an XML declaration and `<?OFX …?>` header, every element closed.
 * Real files mix the two (an XML header over an SGML body, closed and unclosed leaves in one
 * file), so one reader handles both: a tag followed by text is a leaf, closed by its own end
 * tag or implicitly by the next tag; a tag followed by another tag is an aggregate, closed by
 * its end tag (which also closes anything left open inside it).
 */
export interface OfxNode {
  name: string;
  /** The text of a leaf element (trimmed, entities decoded); undefined for aggregates. */
  text?: string;
  children: OfxNode[];
}

/** Leaf elements that may appear empty (`<NAME>` with no value) and must not swallow their siblings. */
const KNOWN_LEAVES = new Set([
  'NAME', 'MEMO', 'BRANCHID', 'BANKID', 'ACCTID', 'ACCTTYPE', 'ACCTKEY', 'CHECKNUM', 'FITID', 'REFNUM', 'SIC', 'PAYEEID',
  'CURDEF', 'BALAMT', 'DTASOF', 'TRNAMT', 'TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'DTSTART', 'DTEND', 'SRVRTID',
  'CORRECTFITID', 'CORRECTACTION', 'INV401KSOURCE', 'MESSAGE', 'CODE', 'SEVERITY', 'DTSERVER', 'LANGUAGE', 'ORG', 'FID',
  'TRNUID', 'CURSYM', 'CURRATE', 'ACCTBAL', 'VALUEDATE', 'CATEGORY', 'TRANSACTIONSPLIT', 'MKTGINFO', 'DTPROFUP', 'DTACCTUP',
  'INTU.BID', 'INTU.USERID', 'ADDR1', 'ADDR2', 'ADDR3', 'CITY', 'STATE', 'POSTALCODE', 'COUNTRY', 'PHONE',
]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const TOKEN = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][\w.:-]*)[^>]*?(\/?)>|([^<]+)|</g;

/** Parses OFX markup (header included or not) into a root node named '#root'. */
export function parseOfxTree(text: string): OfxNode {
  const start = text.search(/<OFX[\s>]/i);
  const body = start >= 0 ? text.slice(start) : text;
  const root: OfxNode = { name: '#root', children: [] };
  const stack: OfxNode[] = [root];
  // The element just opened, while we do not yet know whether it is a leaf or an aggregate.
  let pending: OfxNode | null = null;
  let pendingText = '';

  const settlePending = (nextIsOpen: boolean) => {
    if (!pending) return;
    const t = pendingText.trim();
    if (t !== '' || (nextIsOpen && KNOWN_LEAVES.has(pending.name))) {
      pending.text = t;
      stack.pop(); // a leaf: closed implicitly (SGML) before the next tag
    }
    pending = null;
    pendingText = '';
  };

  const re = new RegExp(TOKEN.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(body)) !== null) {
    if (m[1] !== undefined) { if (pending) pendingText += m[1]; continue; }
    if (m[5] !== undefined) {
      if (pending) pendingText += m[5].includes('&') ? decodeEntities(m[5]) : m[5];
      continue;
    }
    if (m[3] === undefined) continue; // a comment, processing instruction or stray '<'
    const name = m[3].toUpperCase();
    if (m[2] !== '/') {
      settlePending(true);
      const node: OfxNode = { name, children: [] };
      stack[stack.length - 1]!.children.push(node);
      stack.push(node);
      pending = node;
      if (m[4] !== '/') continue;
      // a self-closing tag: an empty leaf, closed at once
    }
    if (pending && pending.name === name) {
      pending.text = pendingText.trim();
      stack.pop();
      pending = null;
      pendingText = '';
      continue;
    }
    settlePending(false);
    let idx = stack.length - 1;
    while (idx > 0 && stack[idx]!.name !== name) idx--;
    if (idx > 0) stack.length = idx; // close it and everything left open inside it
  }
  settlePending(false);
  return root;
}

/** The first descendant named `name` (depth first), or undefined. */
export function find(node: OfxNode, name: string): OfxNode | undefined {
  for (const c of node.children) {
    if (c.name === name) return c;
    const hit = find(c, name);
    if (hit) return hit;
  }
  return undefined;
}

/** Every descendant named `name`, not looking inside a match. */
export function findAll(node: OfxNode, name: string, out: OfxNode[] = []): OfxNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

/** Text of the first descendant leaf named `name`; undefined when absent, '' when empty. */
export function textOf(node: OfxNode | undefined, name: string): string | undefined {
  if (!node) return undefined;
  const hit = find(node, name);
  return hit ? hit.text ?? '' : undefined;
}
