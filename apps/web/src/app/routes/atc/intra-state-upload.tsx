import { AtcUploadPage } from '../../../features/atc/components/atc-upload-page';

export default function IntraStateUploadRoute() {
  return <AtcUploadPage mode="IntraState" />;
}
