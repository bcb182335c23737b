import { CompareViewer } from '../../components/compare/CompareViewer';

export const metadata = { title: 'Loupe — compare two runs' };

export default function ComparePage() {
  return <CompareViewer />;
}
