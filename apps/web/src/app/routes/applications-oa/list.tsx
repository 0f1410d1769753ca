import { ApplicationListPage } from '../../../features/applications/oa/application-list-page';

export default function OaApplicationsRoute() {
  return <ApplicationListPage />;
}
