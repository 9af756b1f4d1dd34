import { useParams } from 'react-router-dom';

// Minimal first version; filled in below the route wiring.
export default function BlogDetailPage() {
  const { id = '' } = useParams();
  return <main data-page="BlogDetailPage" data-id={id}><h1>加载中…</h1></main>;
}
