/**
 * The acquirer's page (card details, 3-D Secure) replaces the app; it sends the browser back to
 * /cardredirect after a binding, /callback after a payment. A module of its own, so tests can
 * watch the hand-over without leaving the page.
 */
export function openAcquirerPage(url: string): void {
  window.location.assign(url);
}
