/** The JSON API (/api/…) and the auth base (/auth/…), as opposed to the web app's pages and files. */
export function isApiPath(url: string): boolean {
  return /^\/(api|auth)(\/|\?|$)/.test(url);
}
