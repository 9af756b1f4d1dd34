import { useParams } from 'react-router-dom';

// Minimal first version; filled in below the route wiring.
export default function BlogCommentsPage() {
  const { id = '' } = useParams();
  return <main data-page="BlogCommentsPage" data-id={id}><h1>加载中…</h1></main>;
}
