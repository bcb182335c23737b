import { Suspense } from 'react';
import { SharedTrace } from '../../components/shared/SharedTrace';

export const metadata = { title: 'Loupe — shared trace' };

/** A link that carries its encrypted trace in the fragment: nothing was uploaded. */
export default function InlineSharedTracePage() {
  return (
    <Suspense fallback={null}>
      <SharedTrace />
    </Suspense>
  );
}
