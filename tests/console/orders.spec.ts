/**
 * Orders in the console (issue 23), end to end on the console's stack: a guest buys on its storefront (through the
 * shop's own API calls, as its pages make them); an `orders` person finds the order on the dashboard and in the
 * list and dispatches it (the customer's e-mail and order page carry the tracking number); a partial refund shows
 * on the order and its payment and sends a credit note, a refund beyond what is left is refused; a collect order
 * marked ready names the stockist; the VAT invoice is a PDF; customer service cannot refund; every action is in the
 * audit trail with the person's name. Then accessibility, the keyboard alone, a tablet's width, and the README's
 * screenshot.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { pdfText } from '../../backoffice/tests/pdf-text.ts';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { mailsTo, type CapturedMail } from '../e2e/support/mail.ts';
import { browserHeaders, personOf } from './support/people.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

test.use({ storageState: signedInAs('orders') });

/** The staff order calls are per site, as the shop's: the UK site. */
const STAFF_QUERY = 'site_id=3';

/** The shop's calls as its pages make them (site 3, the DIY plan). */
const SHOP_QUERY = 'site_id=3&lang=en&client=web&saleplan_id=2';
const DIY = 'diy-filler';

interface PlacedOrder {
  id: number;
  number: string;
  token: string;
  email: string;
  total: number;
}

/** A DIY guest's order of two packs, delivered to Leeds or collected from a Manchester stockist, paid by card. */
async function guestBuys(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  label: string,
  options: { collect?: boolean } = {},
): Promise<PlacedOrder> {
  const shop = await playwright.request.newContext({ baseURL: consoleStack.shopURL });
  const ok = async (answer: Promise<APIResponse>) => {
    const response = await answer;
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const email = `${label}-${Date.now()}@example.co.uk`;
  const listed = await ok(shop.get(`/api/v1/product?${SHOP_QUERY}&perPage=1`));
  const slug = listed.data.items[0].slug as string;
  const product = (await ok(shop.get(`/api/v1/product/${slug}?${SHOP_QUERY}`))).data.items[0];
  const created = await ok(
    shop.post(`/api/v1/cart/items?${SHOP_QUERY}`, {
      data: {
        items: [
          {
            element_id: product.id,
            element_type: 'product',
            variant_reference: product.variants[0].reference,
            quantity: 2,
          },
        ],
      },
    }),
  );
  const headers = { 'x-cart-token': created.token as string };
  const address = {
    first_name: 'Jo',
    last_name: 'Bloggs',
    address: '1 Park Row',
    town: 'Leeds',
    postcode: 'LS1 5HD',
  };
  if (options.collect) {
    const found = await ok(
      shop.get(`/api/v1/store-locator?${SHOP_QUERY}&postcode=M1&radius=500&perPage=100`),
    );
    const stockist = (found.data.items as { id: number; audiences: string[] }[]).find((s) =>
      s.audiences.includes('part'),
    )!;
    await ok(
      shop.put(`/api/v1/checkout/delivery?${SHOP_QUERY}`, {
        headers,
        data: {
          method: 'collect',
          stockist_id: stockist.id,
          first_name: 'Jo',
          last_name: 'Bloggs',
          phone: '0161 496 0000',
        },
      }),
    );
    await ok(
      shop.put(`/api/v1/checkout/billing?${SHOP_QUERY}`, {
        headers,
        data: { address: { ...address, country: 'uk' } },
      }),
    );
  } else {
    await ok(
      shop.put(`/api/v1/checkout/delivery?${SHOP_QUERY}`, {
        headers,
        data: { method: 'delivery', address, carrier_code: 'standard', phone: '0161 496 0000' },
      }),
    );
    await ok(
      shop.put(`/api/v1/checkout/billing?${SHOP_QUERY}`, { headers, data: { same_as_delivery: true } }),
    );
  }
  const cart = (await ok(shop.get(`/api/v1/cart?${SHOP_QUERY}`, { headers }))).cart;
  const placed = await ok(
    shop.post(`/api/v1/checkout/complete?${SHOP_QUERY}`, {
      headers,
      data: {
        payment_method: 'card',
        card_token: 'tok_ok',
        accept_terms: true,
        expected_total: cart.grand_total.ttc,
        email,
      },
    }),
  );
  await shop.dispose();
  expect(placed.next.type).toBe('done');
  return {
    id: placed.order.id,
    number: placed.order.number,
    token: placed.access_token,
    email,
    total: cart.grand_total.ttc,
  };
}

/** "£1,234.56", as the console shows money. */
const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

async function openOrder(page: Page, order: PlacedOrder) {
  await page.goto(`/admin/orders/${order.id}/show`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
}

/** The e-mail to `email` whose text holds `words`, waiting for it. */
async function mailWith(email: string, words: string | RegExp, count: number): Promise<CapturedMail> {
  const mails = await mailsTo(email, count, 20_000, consoleStack.mailDir);
  const found = mails.find((mail) =>
    typeof words === 'string' ? mail.text.includes(words) : words.test(mail.text),
  );
  expect(
    found,
    `an e-mail to ${email} with ${words}: ${mails.map((m) => m.subject).join(' | ')}`,
  ).toBeDefined();
  return found!;
}

/** The audit trail's actions on an order, with who did them, as the owner reads it. */
async function auditOf(browser: Browser, orderId: number) {
  const owner = await browser.newContext({
    storageState: signedInAs('owner'),
    baseURL: consoleStack.backofficeURL,
  });
  const answer = await owner.request.get(`/api/v1/staff/audit?entity=order&entity_id=${orderId}&perPage=100`);
  expect(answer.status()).toBe(200);
  const items = (await answer.json()).data.items as { action: string; actor_name: string }[];
  await owner.close();
  return items.map(({ action, actor_name }) => [action, actor_name]);
}

const ordersPerson = () => personOf('role-orders').name;

test('a guest’s order is on the dashboard and in the list; dispatched, its number reaches the customer’s e-mail and order page', async ({
  page,
  playwright,
  browser,
}) => {
  const order = await guestBuys(playwright, 'dispatched');

  await page.goto('/admin');
  const figures = page.getByRole('list', { name: 'Orders at a glance' });
  await expect(figures.getByRole('link', { name: /To prepare/ })).toBeVisible();
  await figures.getByRole('link', { name: /Today's orders/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.getByPlaceholder('Number, e-mail, name or postcode').fill(order.number);
  // The search is sent once typing stops: its address first, so a click is not undone by it.
  await expect(page).toHaveURL(new RegExp(order.number));
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText(order.email);
  await expect(row).toContainText(pounds(order.total));
  await expect(row).toContainText('Being prepared');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Dispatch' }).click();
  const dialog = page.getByRole('dialog', { name: `Dispatch ${order.number}` });
  await dialog.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'Royal Mail' });
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('AB123456789GB');
  await dialog.getByRole('button', { name: 'Dispatch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Fulfilment: Dispatched')).toBeVisible();
  const tracking = page.getByRole('link', { name: 'AB123456789GB' });
  await expect(tracking).toHaveAttribute('href', /royalmail\.com.*AB123456789GB/);
  // A delivery order, now dispatched: neither dispatch nor cancel is offered again.
  await expect(page.getByRole('button', { name: 'Dispatch' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

  const mail = await mailWith(order.email, 'AB123456789GB', 2);
  expect(mail.text).toContain('Royal Mail');
  expect(mail.text).toMatch(/royalmail\.com\S*AB123456789GB/);

  // The customer's order page, opened with the guest's token as the confirmation keeps it on their device.
  const customer = await browser.newContext({ baseURL: consoleStack.shopURL, storageState: undefined });
  const shopPage = await customer.newPage();
  await shopPage.addInitScript(
    ({ number, token }) =>
      localStorage.setItem(
        'plasterwick:order-access',
        JSON.stringify([{ number, token, expiresAt: Date.now() + 3_600_000 }]),
      ),
    { number: order.number, token: order.token },
  );
  await shopPage.goto(`/${DIY}/confirmation?order=${order.number}`);
  await expect(shopPage.getByText('Dispatched').first()).toBeVisible();
  await expect(shopPage.getByRole('link', { name: /AB123456789GB/ })).toHaveAttribute(
    'href',
    /AB123456789GB/,
  );
  await customer.close();

  expect(await auditOf(browser, order.id)).toContainEqual(['order.dispatch', ordersPerson()]);
});

test('a partial refund shows on the order and its payment and e-mails a credit note; more than is left is refused', async ({
  page,
  playwright,
  browser,
}) => {
  const order = await guestBuys(playwright, 'refunded');
  await openOrder(page, order);

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${order.number}` });
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByRole('textbox', { name: 'Amount in pounds' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('One bag arrived split');
  // Two clicks, one refund: the dialog's key is the same for both.
  await dialog.getByRole('button', { name: 'Refund £5.00' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Refund of £5.00 made')).toBeVisible();

  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText(`Refunded${pounds(500)}`);
  await expect(payment).toContainText(`Left to refund${pounds(order.total - 500)}`);
  const refunds = payment.getByRole('table', { name: 'Refunds' }).getByRole('row');
  await expect(refunds).toHaveCount(2);
  await expect(refunds.nth(1)).toContainText('One bag arrived split');
  const creditNote = page
    .getByRole('region', { name: 'Documents' })
    .getByRole('link', { name: /Credit note/ });
  const pdf = await page.request.get((await creditNote.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(await pdfText(await pdf.body())).toContain(order.number);

  // E-mails write prices as the shop does (5 £).
  const mail = await mailWith(order.email, 'One bag arrived split', 2);
  expect(mail.text).toContain(formatPrice(500));
  await expect(page.getByRole('table', { name: 'E-mails sent' })).toContainText(/CN-\d+\.pdf/);

  // More than is left: the dialog says so before sending, and the back-office refuses it anyway.
  await page.getByRole('button', { name: 'Refund' }).click();
  await dialog.getByRole('radio', { name: 'An amount' }).check();
  await dialog.getByRole('textbox', { name: 'Amount in pounds' }).fill(String((order.total - 500 + 1) / 100));
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Too much');
  await dialog.getByRole('button', { name: /^Refund/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `At most ${pounds(order.total - 500)} is left to refund.`,
  );
  await dialog.getByRole('button', { name: 'Go back' }).click();
  const beyond = await page.request.post(`/api/v1/staff/orders/${order.id}/refunds?${STAFF_QUERY}`, {
    headers: browserHeaders,
    data: { idempotency_key: crypto.randomUUID(), reason: 'Too much', amount_pence: order.total - 500 + 1 },
  });
  expect(beyond.status()).toBe(409);
  expect((await beyond.json()).status).toBe('refund_exceeds_captured');
  const after = (await (await page.request.get(`/api/v1/staff/orders/${order.id}?${STAFF_QUERY}`)).json())
    .data;
  expect(after.payment.refunded_pence).toBe(500);
  expect(after.payment.refunds).toHaveLength(1);

  expect(await auditOf(browser, order.id)).toContainEqual(['order.refund', ordersPerson()]);
});

test('a collect order marked ready for collection: the e-mail names the stockist', async ({
  page,
  playwright,
  browser,
}) => {
  const order = await guestBuys(playwright, 'collect', { collect: true });
  await openOrder(page, order);
  const read = (await (await page.request.get(`/api/v1/staff/orders/${order.id}?${STAFF_QUERY}`)).json())
    .data;
  const stockist = read.delivery.stockist.name as string;
  await expect(page.getByRole('region', { name: 'Collection' })).toContainText(stockist);
  await expect(page.getByRole('button', { name: 'Dispatch' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark ready for collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order ready for collection?' });
  await dialog.getByRole('button', { name: 'Mark ready for collection' }).click();
  await expect(page.getByText('Fulfilment: Ready to collect')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark collected' })).toBeVisible();

  const mail = await mailWith(order.email, stockist, 2);
  expect(mail.text).toContain(order.number);

  expect(await auditOf(browser, order.id)).toContainEqual(['order.ready_for_collection', ordersPerson()]);
});

test('the VAT invoice opens as a PDF with the order number, the VAT number and the totals', async ({
  page,
  playwright,
}) => {
  const order = await guestBuys(playwright, 'invoiced');
  await openOrder(page, order);
  const link = page.getByRole('link', { name: 'VAT invoice (PDF)' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  const answer = await page.request.get((await link.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  const text = await pdfText(await answer.body());
  expect(text).toContain(order.number);
  expect(text).toMatch(/VAT (registration )?(number|no\.?)\s*:?\s*GB\s?\d/i);
  expect(text).toContain(pounds(order.total));
});

test.describe('customer service', () => {
  test.use({ storageState: signedInAs('customer_service') });

  test('sees no Refund button, and the API answers 403 to their refund', async ({ page, playwright }) => {
    const order = await guestBuys(playwright, 'no-refund');
    await openOrder(page, order);
    await expect(page.getByRole('button', { name: 'Add note' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dispatch' })).toHaveCount(0);
    const refused = await page.request.post(`/api/v1/staff/orders/${order.id}/refunds?${STAFF_QUERY}`, {
      headers: browserHeaders,
      data: { idempotency_key: crypto.randomUUID(), reason: 'Goodwill' },
    });
    expect(refused.status()).toBe(403);
  });
});

test('a note and a resent confirmation are on the timeline and in the audit trail with the person’s name', async ({
  page,
  playwright,
  browser,
}) => {
  const order = await guestBuys(playwright, 'noted');
  await openOrder(page, order);
  await page.getByRole('button', { name: 'Add note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await noteDialog.getByRole('textbox', { name: 'Note' }).fill('Customer rang: leave with the neighbour');
  await noteDialog.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(
    'Customer rang: leave with the neighbour',
  );
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(ordersPerson());

  await page.getByRole('button', { name: 'Resend confirmation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.getByText('The confirmation e-mail is on its way again')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(ordersPerson());

  expect(await auditOf(browser, order.id)).toEqual(
    expect.arrayContaining([
      ['order.note', ordersPerson()],
      ['order.resend_confirmation', ordersPerson()],
    ]),
  );
});

test('an order can be dispatched with the keyboard alone', async ({ page, playwright }) => {
  const order = await guestBuys(playwright, 'keyboard');
  await openOrder(page, order);
  const dispatch = page.getByRole('button', { name: 'Dispatch' });
  // Tab from the top of the page until the Dispatch button has the focus.
  await page.locator('body').focus();
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await dispatch.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(dispatch).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Dispatch ${order.number}` });
  // The dialog's first field has the focus; arrows choose the carrier, Tab reaches the number, Enter sends.
  await expect(dialog.getByRole('combobox', { name: 'Carrier' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('combobox', { name: 'Carrier' })).toHaveValue('parcelforce');
  await page.keyboard.press('Tab');
  await page.keyboard.type('PF 1234 5678');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Fulfilment: Dispatched')).toBeVisible();
  await expect(page.getByRole('link', { name: 'PF12345678' })).toBeVisible();
});

test('no axe violation on the dashboard, the orders list and the order page', async ({
  page,
  playwright,
}) => {
  const order = await guestBuys(playwright, 'axe');
  await page.goto('/admin');
  await expect(page.getByRole('list', { name: 'Orders at a glance' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('row').filter({ hasText: order.number })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await openOrder(page, order);
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Some lines' }).check();
  await expectNoSeriousA11yIssues(page);
});

test('on a 768 px tablet the list and the order page fit the width and the actions are reachable', async ({
  page,
  playwright,
}) => {
  const order = await guestBuys(playwright, 'tablet');
  await page.setViewportSize({ width: 768, height: 1024 });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto('/admin/orders');
  await expect(page.getByRole('row').filter({ hasText: order.number })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(768);
  await openOrder(page, order);
  expect(await pageWidth()).toBeLessThanOrEqual(768);
  for (const name of ['Dispatch', 'Refund', 'Add note', 'Cancel order']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport();
  }
  await page.getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Dispatch' })).toBeInViewport();
});

test('the order page at 1366×900, for the README', async ({ page, playwright }) => {
  const order = await guestBuys(playwright, 'screenshot');
  await openOrder(page, order);
  await page.getByRole('button', { name: 'Dispatch' }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Tracking number' })
    .fill('JD014600006281234567');
  await page.getByRole('dialog').getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByText('Fulfilment: Dispatched')).toBeVisible();
  // The page as staff find it, without the toast of the dispatch.
  await expect(page.getByText(/^Dispatched: the customer/)).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: `${consoleStack.root}/docs/console-orders.png` });
});
