/** A new discount code (the catalogue role and owners). */
import { Create } from 'react-admin';
import { DiscountForm } from './DiscountForm.tsx';

export default function DiscountCreate() {
  return (
    <Create title="New discount code" redirect="list">
      <DiscountForm />
    </Create>
  );
}
