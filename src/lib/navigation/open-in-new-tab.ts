/**
 * Opening a private file (a signed URL) in a new tab. The tab gets no `opener` (the file's page
 * cannot reach or navigate the app's window: reverse tabnabbing) and no Referer (the app's URL
 * does not travel with the file's request): `window.open(url, '_blank', 'noopener,noreferrer')`.
 *
 * So the URL must be known before opening: a tab opened empty in the click and pointed at the URL
 * later needs the handle that `noopener` takes away (with it `window.open` returns null, opened or
 * not). The signed URL is fetched first, then opened — still inside the click's user activation
 * (a few seconds in Chromium and Firefox), which popup blockers require. When the activation has
 * run out (a slow answer), opening would be blocked without a word, so the caller offers a link
 * instead (`<a target="_blank" rel="noopener noreferrer">`), whose click is a fresh activation.
 */

/**
 * Opens `url` in a new tab without opener or Referer. Returns false, opening nothing, when the
 * page's user activation has expired (`navigator.userActivation.isActive` false): show a link.
 * Where the browser cannot tell (no `navigator.userActivation`), it opens and returns true.
 */
export function openInNewTab(url: string): boolean {
  const activation = (navigator as { userActivation?: { isActive: boolean } }).userActivation;
  if (activation && !activation.isActive) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

/** The attributes of a link to a private file: new tab, no opener, no Referer. */
export const NEW_TAB_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;
