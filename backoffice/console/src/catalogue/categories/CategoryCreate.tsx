/** A new category: name, slug, description and parent; it goes last among its siblings. */
import { Create } from 'react-admin';
import { CategoryForm } from './CategoryForm.tsx';

export default function CategoryCreate() {
  return (
    <Create title="New category" redirect="list">
      <CategoryForm withParent />
    </Create>
  );
}
