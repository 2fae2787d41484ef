/** Data set `settings` (demo): the site settings (contract codes) of the demo shop. */
import { CUSTOMER_SERVICE_HOURS, JOBSITE_SUPPORT_HOURS } from '@plasterwick/shop-rules/constants';
import type { Database } from '../../db/types.ts';
import { insertContent } from './insert.ts';

const trustLabelsPro = [
  { title: 'Next-day trade delivery', text: 'Order by 2pm for next working day delivery to site or depot.' },
  { title: 'Made in Britain', text: 'Every filler and plaster is mixed at our Lancashire works.' },
  { title: 'Technical helpline', text: 'Speak to a plastering specialist, 9am to 5pm, Monday to Friday.' },
  { title: 'Trade accounts', text: 'Credit accounts and volume pricing for registered businesses.' },
];

const trustLabelsPart = [
  { title: 'Free delivery over £40', text: 'Standard delivery is free on orders over £40 including VAT.' },
  { title: 'Made in Britain', text: 'Every filler and plaster is mixed at our Lancashire works.' },
  { title: 'Friendly advice', text: 'Our how-to guides take you from cracked wall to smooth finish.' },
  { title: '30-day returns', text: 'Unopened products can be returned within 30 days.' },
];

/** Setting codes and values; no link_twitter in the demo, so the footer must hide that icon. */
export const settingValues: { code: string; value: string }[] = [
  { code: 'link_facebook', value: 'https://www.facebook.com/plasterwick.example' },
  { code: 'link_youtube', value: 'https://www.youtube.com/@plasterwick.example' },
  { code: 'link_pinterest', value: 'https://www.pinterest.co.uk/plasterwick.example' },
  { code: 'link_instagram', value: 'https://www.instagram.com/plasterwick.example' },
  { code: 'link_linkedin', value: 'https://www.linkedin.com/company/plasterwick-example' },
  { code: 'phone', value: '0161 496 0000' },
  { code: 'customer_service_hours', value: CUSTOMER_SERVICE_HOURS },
  { code: 'trust_labels_pro', value: JSON.stringify(trustLabelsPro) },
  { code: 'trust_labels_part', value: JSON.stringify(trustLabelsPart) },
  { code: 'jobsite_support_delay_hours', value: String(JOBSITE_SUPPORT_HOURS) },
];

export async function seedSettings(db: Database): Promise<void> {
  await insertContent(db, 'setting', settingValues);
}
