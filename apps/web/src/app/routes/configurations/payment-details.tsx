import { PaymentDetailsPage } from '../../../features/configuration/components/payment-details-page';

export default function PaymentDetailsRoute() {
  return <PaymentDetailsPage />;
}
