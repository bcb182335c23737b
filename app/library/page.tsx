import { Home } from '../../components/home/Home';

export const metadata = { title: 'Library · Loupe' };

// The session library of a projects folder (opened from the home page; in memory, so a reload offers to open it again).
export default function LibraryPage() {
  return <Home />;
}
