import { UtilitiesPage } from '../../../features/configuration/components/utilities-page';

export default function DiscomPage() {
  return <UtilitiesPage type="DISCOM" />;
}
