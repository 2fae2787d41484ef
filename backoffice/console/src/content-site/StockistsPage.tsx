import { Title } from 'react-admin';

export default function StockistsPage() {
  return <Title title="Stockists" />;
}
