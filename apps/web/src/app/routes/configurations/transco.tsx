import { UtilitiesPage } from '../../../features/configuration/components/utilities-page';

export default function TranscoPage() {
  return <UtilitiesPage type="TRANSCO" />;
}
