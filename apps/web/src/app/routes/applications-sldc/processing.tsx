import { SldcProcessingPage } from '../../../features/applications/sldc/processing-page';

export default function SldcApplicationProcessingRoute() {
  return <SldcProcessingPage />;
}
