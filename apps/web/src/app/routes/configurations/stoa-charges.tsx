import { ChargesPage } from '../../../features/configuration/components/charges-page';

export default function StoaChargesPage() {
  return <ChargesPage kind="CHARGE" />;
}
