/** The fictional manufacturer as its documents name it (supplier block of data sheets, covers, footers). */
import { settingValues } from '../../../seed/content/settings.ts';

const phone = settingValues.find((setting) => setting.code === 'phone')!.value;

export const manufacturer = {
  name: 'Plasterwick Ltd',
  address: ['Ribbleside Works', 'Preston', 'Lancashire', 'United Kingdom'],
  phone,
  email: 'technical@plasterwick.co.uk',
  website: 'www.plasterwick.co.uk',
  /** Office hours only: the sheets also give the NHS 111 route for medical advice. */
  emergency: `${phone} (Monday to Friday, 9am to 5pm)`,
} as const;

export const documentFooter = `${manufacturer.name}, ${manufacturer.address[1]}, ${manufacturer.address[2]}. Helpline ${manufacturer.phone}.`;
