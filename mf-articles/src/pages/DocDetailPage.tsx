import { useParams } from 'react-router-dom';

// Minimal first version; filled in below the route wiring.
export default function DocDetailPage() {
  const { id = '' } = useParams();
  return <main data-page="DocDetailPage" data-id={id}><h1>加载中…</h1></main>;
}
