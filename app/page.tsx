import { Home } from '../components/home/Home';

export default function Page() {
  return <Home />;
}
