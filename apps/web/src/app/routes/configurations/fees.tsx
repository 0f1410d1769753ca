import { ChargesPage } from '../../../features/configuration/components/charges-page';

export default function FeesPage() {
  return <ChargesPage kind="FEE" />;
}
