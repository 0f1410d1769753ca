import { AtcUploadPage } from '../../../features/atc/components/atc-upload-page';

export default function InterStateUploadRoute() {
  return <AtcUploadPage mode="InterState" />;
}
