/**
 * Every product, by name, paged, sorted and filtered by the back-office: a search of names, references, pack
 * references and GTINs, the category, the audience, the availability, and those missing a picture or a document.
 * A row opens the product's edit screen (read only for a person who may not change the catalogue).
 */
import { useEffect, useState } from 'react';
import { BooleanInput, DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { api, unwrap } from '../../api/client.ts';
import { SITE } from '../../orders/site.ts';
import { UkDateField } from '../../ui/UkDateField.tsx';
import { AUDIENCE_LABELS, AVAILABILITY_LABELS } from './product-form.ts';

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

function useCategoryChoices() {
  const [categories, setCategories] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    unwrap(api.GET('/api/v1/staff/products/definitions', { params: { query: SITE } }))
      .then(({ data }) => live && setCategories(data.categories.map(({ id, name }) => ({ id, name }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return categories;
}

interface ProductRow {
  id: number;
  reference: string;
  name: string;
  category: string;
  audiences: ('pro' | 'part')[];
  availability: string;
  pack_count: number;
  picture_count: number;
  document_count: number;
  updated_at: string;
}

export default function ProductList() {
  const categories = useCategoryChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, reference or GTIN" />,
    <SelectInput key="category_id" source="category_id" label="Category" choices={categories} />,
    <SelectInput key="audience" source="audience" label="Audience" choices={choices(AUDIENCE_LABELS)} />,
    <SelectInput
      key="availability"
      source="availability"
      label="Availability"
      choices={choices(AVAILABILITY_LABELS)}
    />,
    <BooleanInput key="missing_picture" source="missing_picture" label="Missing a picture" />,
    <BooleanInput key="missing_document" source="missing_document" label="Missing a document" />,
  ];
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} title="Products">
      <DataTable<ProductRow> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="reference" label="Reference" />
        <DataTable.Col source="name" label="Name" />
        <DataTable.Col source="category" label="Main category" disableSort />
        <DataTable.Col
          source="availability"
          label="Availability"
          disableSort
          render={(row) => AVAILABILITY_LABELS[row.availability] ?? row.availability}
        />
        <DataTable.NumberCol source="pack_count" label="Packs" disableSort />
        <DataTable.NumberCol source="picture_count" label="Pictures" disableSort />
        <DataTable.NumberCol source="document_count" label="Documents" disableSort />
        <DataTable.Col source="updated_at" label="Last changed" field={UkDateField} />
      </DataTable>
    </List>
  );
}
