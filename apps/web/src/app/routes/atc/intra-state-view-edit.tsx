import { AtcViewEditPage } from '../../../features/atc/components/atc-view-edit-page';

export default function IntraStateViewEditRoute() {
  return <AtcViewEditPage mode="IntraState" />;
}
