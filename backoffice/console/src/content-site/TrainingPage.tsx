import { Title } from 'react-admin';

export default function TrainingPage() {
  return <Title title="Training" />;
}
