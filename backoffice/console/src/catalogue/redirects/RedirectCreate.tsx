/** A new redirect (the shop answers it with a 301). */
import { Create } from 'react-admin';
import { RedirectForm } from './RedirectForm.tsx';

export default function RedirectCreate() {
  return (
    <Create title="New redirect" redirect="list">
      <RedirectForm />
    </Create>
  );
}
