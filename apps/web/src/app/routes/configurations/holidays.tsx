import { HolidaysPage } from '../../../features/configuration/components/holidays-page';

export default function HolidaysRoute() {
  return <HolidaysPage />;
}
