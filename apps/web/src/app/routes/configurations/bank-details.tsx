import { BankDetailsPage } from '../../../features/configuration/components/bank-details-page';

export default function BankDetailsRoute() {
  return <BankDetailsPage />;
}
