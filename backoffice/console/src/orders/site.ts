/**
 * The site the console's order calls name: the back-office's order routes are per site (`site_id`, as the shop's),
 * and the console runs the UK shop's.
 */
import { SITE_ID } from '@plasterwick/shop-rules/constants';

export const SITE = { site_id: SITE_ID };
