import { TradersPage } from '../../features/traders/components/traders-page';

export default function TradersRoute() {
  return <TradersPage />;
}
