import { expect, test } from './fixtures';
import { expectNoAxeViolations, payOnAcquirerPage, secondDriver, signInOnLoginPage } from './support';

// SPEC §2 shop and /callback: a driver puts goods in the cart, types where they go, pays with a
// card typed on the sandbox bank's page (3-D Secure), comes back through /callback and finds
// the order paid with its receipt. Anna's balance is never spent here: the card pays.

const visa = '4242424242424242';

/** An amount as the English locale writes it ("₽1,234.56"), in minor units. */
function minorOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

test('a driver orders RFID fobs and a cable, pays on the bank page and finds the order paid with its receipt', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);

  // The shop, from the profile.
  await page.goto('/profile');
  await page.getByTestId('profile-shop-link').click();
  await expect(page).toHaveURL(/\/shop$/);
  const fob = page.getByTestId('product').filter({ hasText: 'RFID key fob' });
  const cable = page.getByTestId('product').filter({ hasText: 'Type 2 cable' });
  await expect(fob.getByTestId('product-price')).toHaveText('₽490.00');
  await expectNoAxeViolations(page);

  await fob.getByTestId('product-add').click();
  await fob.getByTestId('stepper-more').click();
  await cable.getByTestId('product-add').click();
  await expect(page.getByTestId('cart-bar-summary')).toHaveText('Cart: 3 · ₽19,880.00');

  // The cart survives a reload.
  await page.reload();
  await expect(page.getByTestId('cart-bar-summary')).toHaveText('Cart: 3 · ₽19,880.00');
  await page.getByTestId('cart-bar-checkout').click();
  await expect(page).toHaveURL(/\/shop\?view=cart/);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('checkout-sums-total')).toHaveText('₽20,230.00');

  // The delivery starts from the profile (the recipient and the phone, editable), and the
  // rest is checked before anything is sent.
  await expect(page.getByTestId('delivery-name')).toHaveValue('Smirnova Anna');
  await expect(page.getByTestId('delivery-phone')).toHaveValue('+7 999 000 00-02');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('delivery-city-error')).toHaveText('Obligatory field');
  await page.getByTestId('delivery-name').fill('Anna Smirnova');
  await page.getByTestId('delivery-phone').fill('+7 916 555-12-34');
  await page.getByTestId('delivery-city').fill('Moscow');
  await page.getByTestId('delivery-address').fill('Tverskaya 7, flat 12');
  await page.getByTestId('delivery-postcode').fill('125009');
  await page.getByTestId('delivery-comment').fill('Ring twice');
  await expect(page.getByTestId('delivery-city-error')).toHaveCount(0);
  // From the top: a target half under the sticky header, wherever the typing left the page,
  // is one axe cannot tell from a small one.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);

  // A card typed on the bank's page this once; back through /callback.
  await page.getByTestId('pay-one-time').click();
  await expect(page.getByTestId('checkout-submit')).toHaveText('Pay ₽20,230.00');
  await page.getByTestId('checkout-submit').click();
  await payOnAcquirerPage(page, visa, '/callback');
  const success = page.getByTestId('redirect-success');
  await expect(success).toContainText('Order paid');
  await expect(success.getByTestId('redirect-text')).toContainText('₽20,230.00');
  await expect(success.getByTestId('redirect-receipt')).toBeVisible();
  await expectNoAxeViolations(page);

  // The order: paid, with its goods, delivery and receipt, and the way to bind the fob.
  await success.getByTestId('redirect-to-order').click();
  const order = page.getByTestId('order');
  await expect(order).toHaveAttribute('data-status', 'paid');
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order.getByTestId('order-line')).toHaveCount(2);
  await expect(order.getByTestId('order-delivery')).toContainText('Tverskaya 7, flat 12');
  await expect(order.getByTestId('order-rfid-link')).toHaveAttribute('href', '/rfid');
  await expectNoAxeViolations(page);
  // The cart emptied once its order was paid.
  await expect(page.getByTestId('shop-cart-count')).toHaveCount(0);

  await order.getByTestId('order-receipt').click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-kind')).toHaveText('Shop order');
  await expect(receipt.getByTestId('receipt-item-title')).toHaveText(['RFID key fob', 'Type 2 cable, 22 kW, 5 m', 'Delivery']);
  expect(minorOf(await receipt.getByTestId('receipt-total').innerText())).toBe(2_023_000);
  await expect(receipt.getByTestId('receipt-payment')).toContainText('4242');

  // The orders list has it, paid.
  await page.goto('/shop?view=orders');
  await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-status', 'paid');
});
