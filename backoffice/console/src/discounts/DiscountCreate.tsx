/** A new discount code (the catalogue role and owners). */
import { Create } from 'react-admin';
import { DiscountForm } from './DiscountForm.tsx';

/** A new code's starting values: a percentage for everyone, without limits. */
const NEW = { kind: 'percentage', audience: 'both', once_per_customer: false };

export default function DiscountCreate() {
  return (
    <Create title="New discount code" redirect="list" record={NEW}>
      <DiscountForm />
    </Create>
  );
}
