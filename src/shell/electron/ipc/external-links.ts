/**
 * Which links the window may open in the user's browser (`shell.openExternal`). Opening a URL
 * hands it to the operating system, so only https links to the hosts below pass: no other
 * scheme (file:, smb:, custom protocol handlers), no user:password@ part, no other host.
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = ['ledgerdrop.app', 'docs.ledgerdrop.app', 'github.com'];

export function isAllowedExternalUrl(raw: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  let u: URL;
  try { u = new URL(raw); } catch { return false; }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
  return hosts.includes(u.hostname.toLowerCase());
}
