import { Suspense } from 'react';
import { SharedTrace } from '../../../components/shared/SharedTrace';

export const metadata = { title: 'Loupe — shared trace' };

export default async function SharedTracePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={null}>
      <SharedTrace id={id} />
    </Suspense>
  );
}
