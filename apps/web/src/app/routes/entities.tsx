import { EntitiesPage } from '../../features/traders/components/entities-page';

export default function EntitiesRoute() {
  return <EntitiesPage />;
}
