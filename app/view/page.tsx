import { Suspense } from 'react';
import { TraceViewer } from '../../components/viewer/TraceViewer';

export const metadata = { title: 'Loupe — trace' };

export default function ViewPage() {
  return (
    <Suspense fallback={null}>
      <TraceViewer />
    </Suspense>
  );
}
