import { AtcViewEditPage } from '../../../features/atc/components/atc-view-edit-page';

export default function InterStateViewEditRoute() {
  return <AtcViewEditPage mode="InterState" />;
}
