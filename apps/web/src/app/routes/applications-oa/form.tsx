import { ApplicationPage } from '../../../features/applications/oa/application-page';

export default function OaApplicationFormRoute() {
  return <ApplicationPage />;
}
